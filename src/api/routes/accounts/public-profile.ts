import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, PROFILE_PAGE_SIZE } from '../../../domain/accounts/rules.js';
import { pageCounts } from '../../../domain/shared/pagination.js';
import { z } from '../../../domain/shared/zod.js';
import { authorResourcesPage } from '../../../projections/read-models/templates/queries.js';
import { toResourceView } from '../../../projections/read-models/templates/views.js';
import { userByUsername } from '../../../projections/read-models/users/queries.js';
import { HttpError } from '../../errors.js';
import { resourceSchema } from '../resources.js';
import { anyone, tags, type AccountRouteDeps } from './deps.js';
import { publicProfileSchema } from './schemas.js';
import { publicProfileOf } from './user-views.js';

const publicProfileAnswer = z.object({
  user: publicProfileSchema,
  isOwner: z.boolean(),
  posts: z.array(resourceSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalItems: z.number(),
    itemsPerPage: z.number(),
    showing: z.string(),
    pageStatus: z.string(),
  }),
});

/** Anyone's public profile with its posts. */
export function publicProfileRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts' | 'vault'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/public/:username',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'A public profile with its posts',
          params: z.object({ username: z.string().max(200) }),
          querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
          response: { 200: publicProfileAnswer },
        },
      },
      async (request) => {
        const row = await userByUsername(deps.db, request.params.username);
        if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
        const isOwner = request.viewer?.userId === row.id;
        const user = await publicProfileOf(deps.db, deps.accounts, row);
        const page = request.query.page;
        // Visitors see public posts; the owner also sees what is under review.
        const { rows, total } = await authorResourcesPage(deps.db, row.id, { page, pageSize: PROFILE_PAGE_SIZE, publicOnly: !isOwner });
        const counts = pageCounts(page, PROFILE_PAGE_SIZE, total);
        const first = total === 0 ? 0 : Math.min(total, (page - 1) * PROFILE_PAGE_SIZE + 1);
        const last = Math.min(total, page * PROFILE_PAGE_SIZE);
        return {
          user,
          isOwner,
          posts: await Promise.all(rows.map((post) => toResourceView(post, deps.vault))),
          pagination: { ...counts, showing: `Showing ${first} - ${last} of ${total}`, pageStatus: `${page} of ${counts.totalPages}` },
        };
      },
    );
  };
}
