import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Outreach } from '../../../commands/outreach/outreach.js';
import { MEMBER_MESSAGE_TEXTS, OUTREACH_MESSAGES } from '../../../domain/outreach/rules.js';
import { memberMessageSchema, templateRequestSchema } from '../../../domain/outreach/schemas.js';
import { z } from '../../../domain/shared/zod.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { actorOf, successAnswer, viewerOf } from './answers.js';

/** What signed-in members send: messages to another member, and requests for a template. */
export function memberRequestRoutes(deps: { outreach: Outreach }): FastifyPluginAsyncZod {
  const { outreach } = deps;
  return async (app) => {
    app.post(
      '/users/public/:username/message',
      {
        config: { access: 'signed_in' },
        schema: {
          summary: 'E-mail a member a message (verified members; the recipient\'s "Messages from other members" setting governs it)',
          tags: ['outreach'],
          params: z.object({ username: z.string().max(200) }),
          body: memberMessageSchema,
          response: { 201: successAnswer },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer === null) throw new HttpError(401, MEMBER_MESSAGE_TEXTS.signIn);
        const sender = { userId: viewer.userId, verified: viewer.verification === 'verified', actor: actorOf(viewer) };
        const admit = () => enforceLimit(request, 'memberMessagesPerUser', viewer.userId);
        await outreach.sendMemberMessage(sender, request.params.username, request.body.message, admit);
        return reply.status(201).send({ success: true as const, message: MEMBER_MESSAGE_TEXTS.sent });
      },
    );

    app.post(
      '/requests',
      {
        config: { access: 'signed_in' },
        schema: {
          summary: 'Ask the community for a template',
          tags: ['outreach'],
          body: templateRequestSchema,
          response: { 201: successAnswer },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer === null) throw new HttpError(401, OUTREACH_MESSAGES.signInToRequest);
        await enforceLimit(request, 'templateRequestsPerUser', viewer.userId);
        await outreach.requestTemplate(request.body, viewer.userId, actorOf(viewer));
        return reply.status(201).send({ success: true as const, message: OUTREACH_MESSAGES.requestSent });
      },
    );
  };
}
