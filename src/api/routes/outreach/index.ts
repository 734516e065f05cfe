import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Outreach } from '../../../commands/outreach/outreach.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { contactInboxRoutes } from './contact-inbox.js';
import { memberRequestRoutes } from './member-requests.js';
import { newsletterAndContactRoutes } from './newsletter-and-contact.js';

export interface OutreachRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  outreach: Outreach;
}

/** Newsletter subscriptions, contact messages (and the admins' inbox), members' messages to each other, template requests. */
export function outreachRoutes(deps: OutreachRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(newsletterAndContactRoutes(deps));
    await app.register(contactInboxRoutes(deps));
    await app.register(memberRequestRoutes(deps));
  };
}
