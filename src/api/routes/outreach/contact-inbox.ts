import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaff } from '../../../domain/accounts/access.js';
import { z } from '../../../domain/shared/zod.js';
import { contactMessagesPage } from '../../../projections/read-models/contact-messages/queries.js';
import type { Viewer } from '../../access.js';
import { HttpError } from '../../errors.js';
import { adminListPage, adminListPageQuery } from '../admin-list-pages.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { viewerOf } from './answers.js';

const CONTACT_MESSAGES_PAGE_SIZE = 50;

const contactMessageView = z.object({
  _id: z.string(),
  /** null once the sender's data was erased. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  reason: z.string().nullable(),
  senderUserId: z.string().nullable(),
  receivedAt: z.string(),
});

/** Admin-only reads check the level themselves too, so they stay closed whether or not the access hook ran. */
function requireAdmin(viewer: Viewer | null): void {
  if (viewer === null) throw new HttpError(401, 'Please log in to continue.');
  if (!isStaff(viewer)) {
    throw new HttpError(403, 'You do not have permission to access this resource.');
  }
}

/** The admins' inbox of contact-form messages. */
export function contactInboxRoutes(deps: { db: ReadModelDb; vault: Vault }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/contact-messages',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'Contact-form messages, newest first (admins and owners)',
          tags: ['admin'],
          querystring: adminListPageQuery,
          response: { 200: adminListPage(contactMessageView) },
        },
      },
      async (request) => {
        requireAdmin(viewerOf(request));
        const { page } = request.query;
        const data = await contactMessagesPage(deps.db, deps.vault, page, CONTACT_MESSAGES_PAGE_SIZE);
        return { data, page, pageSize: CONTACT_MESSAGES_PAGE_SIZE };
      },
    );
  };
}
