import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessTokens } from '../../../commands/integrations/access-tokens.js';
import type { Webhooks } from '../../../commands/integrations/webhooks.js';
import type { Settle } from '../route-deps.js';
import { accessTokenRoutes } from './access-tokens.js';
import { webhookRoutes } from './webhooks.js';

/** A member's integrations: personal access tokens and webhooks (docs/integrations.md). */
export function integrationRoutes(deps: { accessTokens: AccessTokens; webhooks: Webhooks; settle: Settle }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accessTokenRoutes(deps));
    await app.register(webhookRoutes(deps));
  };
}
