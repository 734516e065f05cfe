import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportDesk } from '../../../commands/support/conversations.js';
import type { ReadModelDb, Settle, Vault } from '../route-deps.js';
import { supportAdminRoutes } from './admin-reading.js';
import { supportConversationRoutes } from './conversations.js';

export { CHAT_GUEST_COOKIE } from './conversations.js';

export interface SupportRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  support: SupportDesk;
  secureCookies: boolean;
  settle: Settle;
}

/** The support chatbot and beta feedback (generator-admin-site.md section 7), and the admins' reading of both. */
export function supportRoutes(deps: SupportRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(supportConversationRoutes(deps));
    await app.register(supportAdminRoutes(deps));
  };
}
