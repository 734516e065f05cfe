import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';

import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import type { HelpDesk } from '../../commands/support/help-desk.js';
import { normaliseEmail } from '../../domain/accounts/rules.js';
import { conversationDecider, feedbackDecider } from '../../domain/support/decider.js';
import { conversationStream, feedbackStream } from '../../domain/support/events.js';
import { chatRequestSchema, feedbackRequestSchema, guestDetailsProblem, SUPPORT_MESSAGES } from '../../domain/support/rules.js';
import { betaFeedbackPage, chatExchangesPage } from '../../projections/read-models/support/queries.js';
import { actorOf } from '../actors.js';
import { adminListPage, adminListPageQuery } from './admin-list-pages.js';
import { HttpError } from '../errors.js';
import { guestIdOf } from '../guest-cookie.js';
import { enforceLimit } from '../rate-limits.js';

export const SUPPORT_PAGE_SIZE = 50;
/** A guest's chat cookie: a random id, so only the browser that started a conversation can write into it. */
export const CHAT_GUEST_COOKIE = 'tessera_chat';

const chatSource = z.object({ title: z.string(), path: z.string() });

export interface SupportDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commands: CommandBus;
  helpDesk: HelpDesk;
  secureCookies: boolean;
  settle: (position: bigint | null) => Promise<void>;
}

/** The support chatbot and beta feedback (generator-admin-site.md section 7), and the admins' reading of both. */
export function supportRoutes(deps: SupportDeps): FastifyPluginAsyncZod {
  const { db, vault, commands, helpDesk } = deps;
  const sealed = (subject: string, value: string | undefined) => (value ? vault.encrypt(subject, value) : Promise.resolve(null));

  return async (app) => {
    app.post(
      '/chatbot/chat',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Ask the help bot; it answers from Tessera’s help pages and names them',
          tags: ['support'],
          body: chatRequestSchema,
          response: { 200: z.object({ reply: z.string(), sources: z.array(chatSource), conversationId: z.string(), known: z.boolean() }) },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        const { message } = request.body;
        if (viewer === null) {
          const problem = guestDetailsProblem(request.body.userName, request.body.userEmail);
          if (problem) throw new HttpError(400, problem);
        }
        await enforceLimit(request, 'chatMessagesPerAddress', request.ip);
        const conversationId = request.body.conversationId ?? randomUUID();
        // A member is given no cookie, but one they hold from chatting as a guest on this browser lets them go on with that chat.
        const guestId = guestIdOf(request, viewer ? null : reply, { name: CHAT_GUEST_COOKIE, path: '/api/chatbot', secure: deps.secureCookies });
        const answer = await helpDesk.answer(message);
        await commands.handle(
          conversationDecider,
          conversationStream(conversationId),
          {
            type: 'RecordChatExchange',
            data: {
              conversationId,
              exchangeId: randomUUID(),
              userId: viewer?.userId ?? null,
              guestKey: guestId === null ? null : await vault.blindIndex(`chat-guest:${guestId}`),
              nameEnc: viewer ? null : await sealed(conversationId, request.body.userName?.trim()),
              emailEnc: viewer ? null : await sealed(conversationId, normaliseEmail(request.body.userEmail ?? '')),
              questionEnc: await vault.encrypt(conversationId, message),
              reply: answer.reply,
              sources: answer.sources,
              answeredBy: answer.answeredBy,
              known: answer.known,
            },
          },
          { actor: viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' } },
        );
        return { reply: answer.reply, sources: answer.sources, conversationId, known: answer.known };
      },
    );

    app.post(
      '/chatbot/feedback',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Send beta feedback (Issue, Idea, Other)',
          tags: ['support'],
          body: feedbackRequestSchema,
          response: { 201: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        const body = request.body;
        if (viewer === null) {
          const problem = guestDetailsProblem(body.userName, body.userEmail);
          if (problem) throw new HttpError(400, problem);
        }
        await enforceLimit(request, 'feedbackPerAddress', request.ip);
        const feedbackId = randomUUID();
        const result = await commands.handle(
          feedbackDecider,
          feedbackStream(feedbackId),
          {
            type: 'SendFeedback',
            data: {
              feedbackId,
              selection: body.betaSelection,
              textEnc: await vault.encrypt(feedbackId, body.betaText),
              userId: viewer?.userId ?? null,
              nameEnc: viewer ? null : await sealed(feedbackId, body.userName?.trim()),
              emailEnc: viewer ? null : await sealed(feedbackId, normaliseEmail(body.userEmail ?? '')),
              currentPage: body.currentPage,
              clientTimestamp: body.timestamp ?? null,
            },
          },
          { actor: viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' } },
        );
        await deps.settle(result.position);
        return reply.status(201).send({ success: true as const, message: SUPPORT_MESSAGES.feedbackThanks });
      },
    );

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
      async (request) => ({ data: await betaFeedbackPage(db, vault, request.query.page, SUPPORT_PAGE_SIZE), page: request.query.page, pageSize: SUPPORT_PAGE_SIZE }),
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
      async (request) => ({ data: await chatExchangesPage(db, vault, request.query.page, SUPPORT_PAGE_SIZE), page: request.query.page, pageSize: SUPPORT_PAGE_SIZE }),
    );
  };
}
