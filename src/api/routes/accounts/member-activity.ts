import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { HttpError } from '../../errors.js';
import { savedPage } from '../../../projections/read-models/engagement/queries.js';
import { progressionOf, rewardsOf } from '../../../projections/read-models/rewards/queries.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { engagedResourceSchema } from '../engagement/index.js';
import { MAX_LIST_PAGE } from '../../../domain/shared/pagination.js';
import { SAVED_POSTS_PAGE_SIZE } from '../../../domain/engagement/rules.js';
import { isStaff } from '../../../domain/accounts/access.js';
import type { AccountRouteDeps } from './deps.js';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).default(1) });
const pageAnswer = z.object({
  resources: z.array(engagedResourceSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  from: z.number(),
  to: z.number(),
  showing: z.string(),
});
const rewardsAnswer = z.object({
  rewards: z.array(
    z.object({ _id: z.string(), type: z.string(), description: z.string(), value: z.number(), earned: z.boolean(), timestamp: z.string() }),
  ),
  total: z.number(),
});
const progressionAnswer = z.object({
  verifyEmail: z.boolean(),
  profilePicture: z.boolean(),
  giveKudos: z.boolean(),
  addComment: z.boolean(),
  createPost: z.boolean(),
});

/** The signed-in user's rewards, checklist and saved posts (created posts: GET /users/me/created-resources, routes/templates/view.ts). */
export function memberActivityRoutes(deps: Pick<AccountRouteDeps, 'db' | 'vault'>): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { access: 'signed_in' as const };

    app.get(
      '/rewards/:userId',
      {
        config: signedIn,
        schema: {
          tags: ['rewards'],
          summary: "A user's rewards and total: one's own, or anyone's for admins",
          params: z.object({ userId: z.string().min(1).max(100) }),
          response: { 200: rewardsAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        if (request.params.userId !== viewer.userId && !isStaff(viewer)) throw new HttpError(403, 'You can only see your own rewards.');
        const user = await userById(deps.db, request.params.userId);
        if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
        // Test-user mode is a new member: the admin's own points are not theirs.
        if (viewer.impersonatedBy !== null && user.id === viewer.userId) return { rewards: [], total: 0 };
        return rewardsOf(deps.db, user.id);
      },
    );

    app.get(
      '/users/progression',
      { config: signedIn, schema: { tags: ['rewards'], summary: 'The get-started checklist', response: { 200: progressionAnswer } } },
      async (request) => progressionOf(deps.db, request.viewer!.userId),
    );

    app.get(
      '/users/private/me/saved',
      {
        config: signedIn,
        schema: {
          tags: ['engagement'],
          summary: 'Saved posts, newest save first, 10 per page',
          querystring: pageQuery,
          response: { 200: pageAnswer },
        },
      },
      async (request) => savedPage(deps.db, deps.vault, request.viewer!.userId, request.query.page, SAVED_POSTS_PAGE_SIZE),
    );
  };
}
