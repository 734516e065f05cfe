import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMENTS_PAGE } from '../../../domain/engagement/rules.js';
import { commentSchema } from '../../../domain/engagement/schemas.js';
import { z } from '../../../domain/shared/zod.js';
import { commentById, commentsPage } from '../../../projections/read-models/engagement/queries.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import type { EngagementRouteDeps } from './reactions.js';
import { commentPageQuery, commentViewSchema, idParams, member } from './schemas.js';

/** A post's comments: reading them a page at a time, and commenting. */
export function commentRoutes(deps: EngagementRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['engagement'];

    app.get(
      '/comments/resource/:id',
      {
        config: { access: 'anyone', tokenScope: 'read', publicCache: ['templates', 'users', 'engagement'] },
        schema: {
          tags,
          summary: `A post's comments, newest first, ${COMMENTS_PAGE.size} at a time (limit up to ${COMMENTS_PAGE.maxSize}); nextCursor as before asks for the older ones`,
          params: idParams,
          querystring: commentPageQuery,
          response: { 200: z.object({ comments: z.array(commentViewSchema), total: z.number().int(), nextCursor: z.string().nullable() }) },
        },
      },
      async (request) => {
        await deps.engagement.engageableTemplate(request.params.id);
        const { before, limit } = request.query;
        return commentsPage(deps.db, deps.vault, request.params.id, { before: before === undefined ? null : BigInt(before), limit });
      },
    );

    app.post(
      '/comments/resource/:id',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Comment on a post; the text is kept exactly as typed',
          params: idParams,
          body: commentSchema,
          response: { 201: z.object({ comment: commentViewSchema }) },
        },
      },
      async (request, reply) => {
        const { actor } = member(request);
        await enforceLimit(request, 'commentsPerUser', actor.userId);
        const posted = await deps.engagement.postComment(request.params.id, request.body.message, actor);
        await deps.settle(posted.position);
        const comment = await commentById(deps.db, deps.vault, posted.commentId);
        if (!comment) throw new HttpError(503, 'The comment was posted but is not shown yet. Please reload in a moment.');
        return reply.status(201).send({ comment });
      },
    );
  };
}
