import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Outreach } from '../../../commands/outreach/outreach.js';
import { normaliseEmail } from '../../../domain/accounts/rules.js';
import { OUTREACH_MESSAGES } from '../../../domain/outreach/rules.js';
import { contactMessageSchema, subscribeSchema } from '../../../domain/outreach/schemas.js';
import { z } from '../../../domain/shared/zod.js';
import { enforceLimit } from '../../rate-limits.js';
import { actorOf, successAnswer, viewerOf } from './answers.js';

const subscribeAnswer = successAnswer.extend({ alreadySubscribed: z.boolean() });

/** Newsletter subscriptions and messages to the team, from anyone. */
export function newsletterAndContactRoutes(deps: { outreach: Outreach }): FastifyPluginAsyncZod {
  const { outreach } = deps;
  return async (app) => {
    app.post(
      '/email/subscribe',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Subscribe an address to the newsletter',
          tags: ['outreach'],
          body: subscribeSchema,
          response: { 200: subscribeAnswer },
        },
      },
      async (request) => {
        const email = normaliseEmail(request.body.email);
        await enforceLimit(request, 'subscribePerAddress', request.ip);
        await enforceLimit(request, 'subscribePerEmail', await outreach.emailLimitKey(email));
        const { alreadySubscribed } = await outreach.subscribe(email, actorOf(viewerOf(request)));
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
        await enforceLimit(request, 'contactPerAddress', request.ip);
        await enforceLimit(request, 'contactPerEmail', await outreach.emailLimitKey(normaliseEmail(request.body.email)));
        await outreach.sendContactMessage(request.body, actorOf(viewerOf(request)));
        return { success: true as const, message: OUTREACH_MESSAGES.contactSent };
      },
    );
  };
}
