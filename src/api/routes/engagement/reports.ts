import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERASED_USER_NAME } from '../../../domain/accounts/rules.js';
import { reportSchema } from '../../../domain/engagement/schemas.js';
import { z } from '../../../domain/shared/zod.js';
import { reportsPage } from '../../../projections/read-models/engagement/queries.js';
import { enforceLimit } from '../../rate-limits.js';
import type { EngagementRouteDeps } from './reactions.js';
import { member } from './schemas.js';

/** Reports shown per page of the admin list. */
const REPORTS_PAGE_SIZE = 50;

const reportView = z.object({
  _id: z.string(),
  resourceId: z.string(),
  /** null once the post is gone. */
  resource: z.object({ title: z.string(), titleUrl: z.string().nullable(), status: z.string().nullable() }).nullable(),
  reporter: z.object({ _id: z.string(), username: z.string() }),
  /** null once the reporter's data was erased. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  reason: z.string().nullable(),
  dateReported: z.string(),
});

/** Reporting a post to the moderators, and the admins' list of reports. */
export function reportRoutes(deps: EngagementRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['engagement'];

    app.post(
      '/resources/reportPost',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Report a post to the moderators (not for its author)',
          body: reportSchema,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request) => {
        const { actor } = member(request);
        await enforceLimit(request, 'reportsPerUser', actor.userId);
        const reported = await deps.engagement.report(request.body, actor);
        await deps.settle(reported.position);
        return { success: true as const, message: 'Thank you. The report was sent to our moderators.' };
      },
    );

    app.get(
      '/admin/reports',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Reports of posts, newest first',
          querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
          response: { 200: z.object({ reports: z.array(reportView), total: z.number(), page: z.number(), pageSize: z.number() }) },
        },
      },
      async (request) => {
        const page = request.query.page;
        const { rows, total } = await reportsPage(deps.db, page, REPORTS_PAGE_SIZE);
        const reports = await Promise.all(
          rows.map(async (row) => {
            // An erased reporter's key is gone: their name, address and message with it.
            const open = (ciphertext: string) => deps.vault.decrypt(row.reporter_id, ciphertext);
            return {
              _id: row.id,
              resourceId: row.template_id,
              resource: row.title === null ? null : { title: row.title, titleUrl: row.title_url, status: row.status },
              reporter: { _id: row.reporter_id, username: row.erased ? ERASED_USER_NAME : row.username },
              name: await open(row.name_enc),
              email: await open(row.email_enc),
              message: await open(row.message_enc),
              reason: row.reason,
              dateReported: row.created_at.toISOString(),
            };
          }),
        );
        return { reports, total, page, pageSize: REPORTS_PAGE_SIZE };
      },
    );
  };
}
