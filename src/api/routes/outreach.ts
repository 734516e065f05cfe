import { actorOf as actorOfViewer } from '../actors.js';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';

import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { ACCOUNT_MESSAGES, normaliseEmail } from '../../domain/accounts/rules.js';
import { contactMessageDecider, memberMessageDecider, newsletterDecider, templateRequestDecider } from '../../domain/outreach/decider.js';
import { contactMessageStream, memberMessageStream, newsletterStream, templateRequestStream } from '../../domain/outreach/events.js';
import { acceptsMemberMessages, MEMBER_MESSAGE_TEXTS, OUTREACH_MESSAGES } from '../../domain/outreach/rules.js';
import { contactMessageSchema, memberMessageSchema, subscribeSchema, templateRequestSchema } from '../../domain/outreach/schemas.js';
import type { Actor } from '../../domain/shared/events.js';
import type { Viewer } from '../access.js';
import { HttpError } from '../errors.js';
import { enforceLimit } from '../rate-limits.js';
import { newsletterSubscription } from '../../commands/outreach/newsletter.js';
import { contactMessagesPage } from '../../projections/read-models/contact-messages/queries.js';
import { userByUsername } from '../../projections/read-models/users/queries.js';
import { adminListPage, adminListPageQuery } from './admin-list-pages.js';
import { isStaff } from '../../domain/accounts/access.js';

export const CONTACT_MESSAGES_PAGE_SIZE = 50;

const successAnswer = z.object({ success: z.literal(true), message: z.string() });
const subscribeAnswer = successAnswer.extend({ alreadySubscribed: z.boolean() });
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
const contactMessagesAnswer = adminListPage(contactMessageView);

function viewerOf(request: FastifyRequest): Viewer | null {
  // Until the access hook fills it, the property is absent: treat that as anonymous.
  return request.viewer ?? null;
}

function actorOf(viewer: Viewer | null): Actor {
  return viewer === null ? { userId: null, role: 'anonymous' } : actorOfViewer(viewer);
}


/** Admin-only reads check the level themselves too, so they stay closed whether or not the access hook ran. */
function requireAdmin(viewer: Viewer | null): void {
  if (viewer === null) throw new HttpError(401, 'Please log in to continue.');
  if (!isStaff(viewer)) {
    throw new HttpError(403, 'You do not have permission to access this resource.');
  }
}

export interface OutreachDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commands: CommandBus;
}

/** Newsletter subscriptions, contact messages (and the admins' inbox), members' messages to each other, template requests. */
export function outreachRoutes(deps: OutreachDeps): FastifyPluginAsyncZod {
  const { db, vault, commands } = deps;
  // Counter keys for e-mail addresses are keyed digests: the counters store holds no address in clear.
  const emailKey = (email: string) => vault.blindIndex(`rate-limit:${email}`);

  return async (app) => {
    app.post(
      '/email/subscribe',
      {
        config: { access: 'anyone' },
        schema: { summary: 'Subscribe an address to the newsletter', tags: ['outreach'], body: subscribeSchema, response: { 200: subscribeAnswer } },
      },
      async (request) => {
        const email = normaliseEmail(request.body.email);
        await enforceLimit(request, 'subscribePerAddress', request.ip);
        await enforceLimit(request, 'subscribePerEmail', await emailKey(email));

        const { digest, subscriberId } = await newsletterSubscription(vault, email);
        const viewer = viewerOf(request);
        const result = await commands.handle(
          newsletterDecider,
          newsletterStream(digest),
          { type: 'Subscribe', data: { subscriberId, emailEnc: await vault.encrypt(subscriberId, email), userId: viewer?.userId ?? null } },
          { actor: actorOf(viewer) },
        );
        const alreadySubscribed = result.events.length === 0;
        return {
          success: true as const,
          alreadySubscribed,
          message: alreadySubscribed ? OUTREACH_MESSAGES.alreadySubscribed : OUTREACH_MESSAGES.subscribed,
        };
      },
    );

    app.post(
      '/contact-us',
      {
        config: { access: 'anyone' },
        schema: { summary: 'Send a message to the team', tags: ['outreach'], body: contactMessageSchema, response: { 200: successAnswer } },
      },
      async (request) => {
        const { name, reason, message } = request.body;
        const email = normaliseEmail(request.body.email);
        await enforceLimit(request, 'contactPerAddress', request.ip);
        await enforceLimit(request, 'contactPerEmail', await emailKey(email));

        const messageId = randomUUID();
        const viewer = viewerOf(request);
        await commands.handle(
          contactMessageDecider,
          contactMessageStream(messageId),
          {
            type: 'SendContactMessage',
            data: {
              messageId,
              nameEnc: await vault.encrypt(messageId, name),
              emailEnc: await vault.encrypt(messageId, email),
              messageEnc: await vault.encrypt(messageId, message),
              reason: reason ?? null,
              senderUserId: viewer?.userId ?? null,
            },
          },
          { actor: actorOf(viewer) },
        );
        return { success: true as const, message: OUTREACH_MESSAGES.contactSent };
      },
    );

    app.get(
      '/admin/contact-messages',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'Contact-form messages, newest first (admins and owners)',
          tags: ['admin'],
          querystring: adminListPageQuery,
          response: { 200: contactMessagesAnswer },
        },
      },
      async (request) => {
        requireAdmin(viewerOf(request));
        const { page } = request.query;
        const data = await contactMessagesPage(db, vault, page, CONTACT_MESSAGES_PAGE_SIZE);
        return { data, page, pageSize: CONTACT_MESSAGES_PAGE_SIZE };
      },
    );

    app.post(
      '/users/public/:username/message',
      {
        config: { access: 'signed_in' },
        schema: {
          summary: "E-mail a member a message (verified members; the recipient's \"Messages from other members\" setting governs it)",
          tags: ['outreach'],
          params: z.object({ username: z.string().max(200) }),
          body: memberMessageSchema,
          response: { 201: successAnswer },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer === null) throw new HttpError(401, MEMBER_MESSAGE_TEXTS.signIn);
        const recipient = await userByUsername(db, request.params.username);
        if (!recipient || recipient.erased) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
        if (recipient.id === viewer.userId) throw new HttpError(400, MEMBER_MESSAGE_TEXTS.ownProfile);
        if (viewer.verification !== 'verified') throw new HttpError(403, MEMBER_MESSAGE_TEXTS.verifyFirst);
        if (!acceptsMemberMessages(recipient)) throw new HttpError(403, MEMBER_MESSAGE_TEXTS.notAccepting);
        await enforceLimit(request, 'memberMessagesPerUser', viewer.userId);

        const messageId = randomUUID();
        await commands.handle(
          memberMessageDecider,
          memberMessageStream(messageId),
          { type: 'SendMemberMessage', data: { messageId, senderId: viewer.userId, recipientId: recipient.id, messageEnc: await vault.encrypt(viewer.userId, request.body.message) } },
          { actor: actorOf(viewer) },
        );
        return reply.status(201).send({ success: true as const, message: MEMBER_MESSAGE_TEXTS.sent });
      },
    );

    app.post(
      '/requests',
      {
        config: { access: 'signed_in' },
        schema: { summary: 'Ask the community for a template', tags: ['outreach'], body: templateRequestSchema, response: { 201: successAnswer } },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer === null) throw new HttpError(401, OUTREACH_MESSAGES.signInToRequest);
        await enforceLimit(request, 'templateRequestsPerUser', viewer.userId);

        const requestId = randomUUID();
        const { title, description, platform } = request.body;
        await commands.handle(
          templateRequestDecider,
          templateRequestStream(requestId),
          { type: 'RequestTemplate', data: { requestId, userId: viewer.userId, title: title || null, description, platform: platform || null } },
          { actor: actorOf(viewer) },
        );
        return reply.status(201).send({ success: true as const, message: OUTREACH_MESSAGES.requestSent });
      },
    );
  };
}

