import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { isStaff, mayManagePost } from '../../../domain/accounts/access.js';
import { TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';
import { adminHistoriesSchema, resourceHistorySchema } from './schemas.js';
import { adminTags, idParams, tags, visibleRowById } from './shared.js';

/** Every event that touched a post: for its author (others' identities hidden) and for admins (deleted posts too). */
export function historyRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:id/history',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Every event that touched my post (author, admin or site owner)',
          params: idParams,
          response: { 200: resourceHistorySchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        if (!mayManagePost(viewer, row.author_id)) throw new HttpError(403, TEMPLATE_MESSAGES.unauthorized);
        return {
          resourceId: row.id,
          title: row.title,
          history: await deps.templates.history.of(row.id, isStaff(viewer) ? 'admin' : 'author', viewer.userId),
        };
      },
    );

    app.post(
      '/admin/resources/fetchHistory',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every event that touched each resource (any stream naming it), with actor and time; deleted resources included',
          body: z.object({ resourceId: z.string().max(100).optional(), resourceIds: z.array(z.string().max(100)).max(50).optional() }),
          response: { 200: adminHistoriesSchema },
        },
      },
      async (request) => {
        const ids = [...new Set([...(request.body.resourceIds ?? []), ...(request.body.resourceId ? [request.body.resourceId] : [])])];
        if (ids.length === 0) throw new HttpError(400, 'Please give resourceId or resourceIds.');
        return { data: await deps.templates.history.forAdmin(ids, request.viewer!.userId) };
      },
    );
  };
}
