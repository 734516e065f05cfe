import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportDesk } from '../../../commands/support/conversations.js';
import { z } from '../../../domain/shared/zod.js';
import { chatRequestSchema, feedbackRequestSchema, guestDetailsProblem, SUPPORT_MESSAGES } from '../../../domain/support/rules.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { guestIdOf } from '../../guest-cookie.js';
import { enforceLimit } from '../../rate-limits.js';
import type { Settle } from '../route-deps.js';

/** A guest's chat cookie: a random id, so only the browser that started a conversation can write into it. */
export const CHAT_GUEST_COOKIE = 'tessera_chat';

export const chatSource = z.object({ title: z.string(), path: z.string() });

/** Guests give a name and an address; members are known by their session. */
function refuseMissingGuestDetails(body: { userName?: string; userEmail?: string }): void {
  const problem = guestDetailsProblem(body.userName, body.userEmail);
  if (problem) throw new HttpError(400, problem);
}

/** The help chatbot and beta feedback, for guests and members. */
export function supportConversationRoutes(deps: { support: SupportDesk; secureCookies: boolean; settle: Settle }): FastifyPluginAsyncZod {
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
        if (viewer === null) refuseMissingGuestDetails(request.body);
        await enforceLimit(request, 'chatMessagesPerAddress', request.ip);
        // A member is given no cookie, but one they hold from chatting as a guest on this browser lets them go on with that chat.
        const guestId = guestIdOf(request, viewer ? null : reply, {
          name: CHAT_GUEST_COOKIE,
          path: '/api/chatbot',
          secure: deps.secureCookies,
        });
        return deps.support.chat({
          conversationId: request.body.conversationId,
          message: request.body.message,
          guest: viewer ? null : request.body,
          guestId,
          actor: viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' },
        });
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
        if (viewer === null) refuseMissingGuestDetails(request.body);
        await enforceLimit(request, 'feedbackPerAddress', request.ip);
        const actor = viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' as const };
        const { position } = await deps.support.sendFeedback({ ...request.body, guest: viewer ? null : request.body, actor });
        await deps.settle(position);
        return reply.status(201).send({ success: true as const, message: SUPPORT_MESSAGES.feedbackThanks });
      },
    );
  };
}
