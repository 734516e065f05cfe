import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { ADMIN_LIST_QUERY_MAX } from '../../../domain/templates/rules.js';
import { usersPage } from '../../../projections/read-models/users/queries.js';
import { adminTags } from './admin-user-common.js';
import type { AccountRouteDeps } from './deps.js';

const ADMIN_USERS_PAGE_SIZE = 25;

const usersPageAnswer = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      username: z.string(),
      lvl: z.string(),
      verification: z.string(),
      erased: z.boolean(),
      _dateCreated: z.string(),
    }),
  ),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalItems: z.number(), itemsPerPage: z.number() }),
});

/** The admin portal's list of accounts. */
export function adminUserListRoutes(deps: Pick<AccountRouteDeps, 'db'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/allusers',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Accounts, newest first, optionally by username prefix',
          querystring: z.object({
            q: z.string().max(ADMIN_LIST_QUERY_MAX).optional(),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
          }),
          response: { 200: usersPageAnswer },
        },
      },
      async (request) => {
        const { rows, total } = await usersPage(deps.db, request.query.q, request.query.page, ADMIN_USERS_PAGE_SIZE);
        return {
          data: rows.map((row) => ({
            _id: row.id,
            username: row.username,
            lvl: row.lvl,
            verification: row.verification,
            erased: row.erased,
            _dateCreated: row.created_at.toISOString(),
          })),
          pagination: {
            currentPage: request.query.page,
            totalPages: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)),
            totalItems: total,
            itemsPerPage: ADMIN_USERS_PAGE_SIZE,
          },
        };
      },
    );
  };
}
