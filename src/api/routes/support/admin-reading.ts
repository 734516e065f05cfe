import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { betaFeedbackPage, chatExchangesPage } from '../../../projections/read-models/support/queries.js';
import { adminListPage, adminListPageQuery } from '../admin-list-pages.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { chatSource } from './conversations.js';

const SUPPORT_PAGE_SIZE = 50;

/** The admins' reading of beta feedback and help chats. */
export function supportAdminRoutes(deps: { db: ReadModelDb; vault: Vault }): FastifyPluginAsyncZod {
  const { db, vault } = deps;
  return async (app) => {
    app.get(
      '/admin/support/feedback',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'Beta feedback, newest first (admins and owners)',
          tags: ['admin'],
          querystring: adminListPageQuery,
          response: {
            200: adminListPage(
              z.object({
                _id: z.string(),
                betaSelection: z.string(),
                betaText: z.string().nullable(),
                userId: z.string().nullable(),
                userName: z.string().nullable(),
                userEmail: z.string().nullable(),
                currentPage: z.string(),
                receivedAt: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => ({
        data: await betaFeedbackPage(db, vault, request.query.page, SUPPORT_PAGE_SIZE),
        page: request.query.page,
        pageSize: SUPPORT_PAGE_SIZE,
      }),
    );

    app.get(
      '/admin/support/chats',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'Help-chat questions and replies, newest first (admins and owners)',
          tags: ['admin'],
          querystring: adminListPageQuery,
          response: {
            200: adminListPage(
              z.object({
                exchangeId: z.string(),
                conversationId: z.string(),
                userId: z.string().nullable(),
                userName: z.string().nullable(),
                userEmail: z.string().nullable(),
                question: z.string().nullable(),
                reply: z.string(),
                sources: z.array(chatSource),
                answeredBy: z.string(),
                known: z.boolean(),
                answeredAt: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => ({
        data: await chatExchangesPage(db, vault, request.query.page, SUPPORT_PAGE_SIZE),
        page: request.query.page,
        pageSize: SUPPORT_PAGE_SIZE,
      }),
    );
  };
}
