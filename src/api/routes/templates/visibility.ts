import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaff, mayManagePost } from '../../../domain/accounts/access.js';
import { z } from '../../../domain/shared/zod.js';
import { TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import { AS_OF_MESSAGES, parseAsOf } from '../../../domain/shared/as-of.js';
import { VISIBILITY_SURFACES } from '../../../domain/templates/visibility.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import type { TemplateRouteDeps } from './deps.js';
import { idParams, tags, visibleRowById } from './shared.js';

const reasonSchema = z.object({ code: z.string(), message: z.string(), since: z.string().optional() });
const visibilitySchema = z.object({
  asOf: z.string(),
  listed: z.boolean(),
  surfaces: z.array(
    z.object({ surface: z.enum(VISIBILITY_SURFACES), shown: z.boolean(), rank: z.number().optional(), reasons: z.array(reasonSchema) }),
  ),
  score: z.object({ total: z.number(), parts: z.array(z.object({ name: z.string(), value: z.number() })) }).optional(),
  sale: z.object({ priceCents: z.number(), forSale: z.boolean() }).optional(),
});

/** Where my post is shown and why, now or as of a past moment (author and admins). */
export function visibilityRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:id/visibility',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'On which lists my post is shown, its rank and score, and why or why not; asOf explains a past moment from the log',
          params: idParams,
          querystring: z.object({ asOf: z.string().max(40).optional() }),
          response: { 200: visibilitySchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        if (!mayManagePost(viewer, row.author_id)) throw new HttpError(403, TEMPLATE_MESSAGES.unauthorized);
        const asOf = parseAsOf(request.query.asOf, new Date());
        if (!asOf.ok) throw new HttpError(400, asOf.problem);
        // Staff review any post's past: the limit keeps authors from keeping the server busy.
        if (request.query.asOf !== undefined && !isStaff(viewer)) await enforceLimit(request, 'pastVisibilityPerUser', viewer.userId);
        const answer = await deps.templates.visibility.explain(
          { id: row.id, topic: row.topic, platform: row.platform, authorId: row.author_id, priceCents: row.price_cents },
          asOf.at,
        );
        if (!answer) throw new HttpError(404, AS_OF_MESSAGES.beforePost);
        return answer;
      },
    );
  };
}
