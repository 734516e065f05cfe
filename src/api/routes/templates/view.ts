import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { MAX_LIST_PAGE } from '../../../domain/shared/pagination.js';
import { createdPostsPage, relatedViews } from '../../../projections/read-models/templates/lists.js';
import { resourceByTitleUrl } from '../../../projections/read-models/templates/queries.js';
import { mayManagePost } from '../../../domain/accounts/access.js';
import { VERSION_MESSAGES } from '../../../domain/templates/versions.js';
import { AS_OF_MESSAGES, parseAsOf } from '../../../domain/shared/as-of.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';
import { createdPostsSchema, detailAnswerSchema, resourceListSchema } from './schemas.js';
import { detailAnswerOf, idParams, tags, visibleRow, visibleRowById } from './shared.js';

/** What a visitor's answer for a post is read from (purchases are a signed-in viewer's only). */
const POST_PAGE_READ_MODELS = ['templates', 'users', 'engagement'];
const viewQuery = z.object({
  flag: z.string().max(10).optional(),
  success: z.string().max(10).optional(),
  /** ISO 8601: the post as it was then (author and admins only). */
  asOf: z.string().max(40).optional(),
});

/** A post's page, the lists beside it, and the author's own list of created posts. */
export function viewRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/resources/view/:titleUrl', '/resources/:titleUrl']) {
      app.get(
        path,
        {
          config: { access: 'anyone', publicCache: POST_PAGE_READ_MODELS },
          schema: {
            tags,
            summary: 'A post with what this viewer may do; 404 for what they may not see',
            params: z.object({ titleUrl: z.string().max(200) }),
            querystring: viewQuery,
            response: { 200: detailAnswerSchema },
          },
        },
        async (request) => {
          const row = visibleRow(await resourceByTitleUrl(deps.db, request.params.titleUrl), request.viewer);
          const detail = await detailAnswerOf(deps, row, request.viewer);
          if (request.query.asOf === undefined) return detail;
          const at = parseAsOf(request.query.asOf, new Date());
          if (!at.ok) throw new HttpError(400, at.problem);
          if (at.at === null) return detail;
          if (!mayManagePost(request.viewer, row.author_id)) throw new HttpError(403, VERSION_MESSAGES.asOfForbidden);
          const asOf = await deps.templates.versions.asOf(row.id, at.at);
          if (!asOf) throw new HttpError(404, AS_OF_MESSAGES.beforePost);
          return { ...detail, asOf };
        },
      );
    }

    app.get(
      '/resources/viewById/:id',
      {
        config: { access: 'anyone', publicCache: POST_PAGE_READ_MODELS },
        schema: { tags, summary: 'A post by id (created posts list, editor)', params: idParams, response: { 200: detailAnswerSchema } },
      },
      async (request) => detailAnswerOf(deps, await visibleRowById(deps, request.params.id, request.viewer), request.viewer),
    );

    app.get(
      '/related/:id',
      {
        config: { access: 'anyone', publicCache: ['templates', 'users'] },
        schema: {
          tags,
          summary: 'More By The Author (type=author) or Related Posts (type=related): live posts only',
          params: idParams,
          querystring: z.object({ type: z.enum(['author', 'related']).default('related') }),
          response: { 200: resourceListSchema },
        },
      },
      async (request) => {
        const row = await visibleRowById(deps, request.params.id, request.viewer);
        return { data: await relatedViews(deps.db, deps.vault, row, request.query.type) };
      },
    );

    app.get(
      '/users/me/created-resources',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: {
          tags,
          summary: 'My created posts, every status, 10 per page (/shared-posts)',
          querystring: z.object({ page: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).default(1) }),
          response: { 200: createdPostsSchema },
        },
      },
      async (request) => createdPostsPage(deps.db, deps.vault, request.viewer!.userId, request.query.page),
    );
  };
}
