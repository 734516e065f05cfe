import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORTED_CURRENCIES } from '../../../domain/commerce/money.js';
import { STATEMENT_KINDS, statementPeriod, type Statement, type StatementPeriod } from '../../../domain/commerce/statement.js';
import { z } from '../../../domain/shared/zod.js';
import { HttpError } from '../../errors.js';
import { tags, type CommerceRouteDeps } from './deps.js';

const currency = z.enum(SUPPORTED_CURRENCIES);
const statementQuery = z.object({
  from: z.string().max(40).describe('First day (YYYY-MM-DD) or moment (ISO) of the period'),
  to: z.string().max(40).describe('Last day (YYYY-MM-DD, the whole day) or moment (ISO) of the period'),
  asOf: z.string().max(40).optional().describe('The log as it stood at this past moment; now when left out'),
});
const statementAnswer = z.object({
  lines: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(STATEMENT_KINDS),
      templateId: z.string(),
      title: z.string(),
      amount: z.number(),
      currency,
      rule: z.string().optional(),
      receivedBy: z.enum(['seller', 'platform']),
      position: z.string(),
    }),
  ),
  totals: z.array(
    z.object({
      currency,
      sales: z.number(),
      platformFees: z.number(),
      refunds: z.number(),
      net: z.number(),
      owedByPlatform: z.number(),
    }),
  ),
}) satisfies z.ZodType<Statement>;

function periodOf(query: z.infer<typeof statementQuery>): StatementPeriod {
  const asked = statementPeriod(query, new Date());
  if ('error' in asked) throw new HttpError(400, asked.error);
  return asked.period;
}

/** The signed-in seller's statement of their own sales (issue 58), as JSON and as CSV. */
export function statementRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sales/statement',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'The seller’s statement for a period, as of a moment: every sale, fee and refund line with its log position, and totals',
          querystring: statementQuery,
          response: { 200: statementAnswer },
        },
      },
      async (request) => deps.statements.statement(request.viewer!.userId, periodOf(request.query)),
    );

    app.get(
      '/sales/statement.csv',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'The same statement as CSV (text cells that a spreadsheet would run as formulas are quoted)',
          querystring: statementQuery,
          response: { 200: z.string().describe('CSV, header first') },
        },
      },
      async (request, reply) => {
        const statement = await deps.statements.statement(request.viewer!.userId, periodOf(request.query));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="statement.csv"')
          .header('cache-control', 'private, no-store')
          .send(deps.statements.csv(statement));
      },
    );
  };
}
