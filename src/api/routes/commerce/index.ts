import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRoutes } from './checkout.js';
import type { CommerceRouteDeps } from './deps.js';
import { payoutAccountRoutes } from './payout-account.js';
import { priceRoutes } from './prices.js';
import { purchaseRoutes } from './purchases.js';
import { refundRoutes } from './refunds.js';
import { statementRoutes } from './statement.js';
import { webhookRoutes } from './webhooks.js';

export type { CommerceRouteDeps } from './deps.js';
export { PAYMENT_WEBHOOK_PATH } from './webhooks.js';

/**
 * Payout accounts, checkout, the payment return, purchased posts, the link of a bought post, sales and
 * the seller's statement,
 * refunds and the provider's webhooks (posts-payments-rewards.md sections 2.3, 2.4, 2.8, 2.9, 7).
 */
export function commerceRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The webhook module takes every body as text: registered as a plugin, its parsers stay its own.
    for (const routes of [payoutAccountRoutes, priceRoutes, checkoutRoutes, purchaseRoutes, statementRoutes, refundRoutes, webhookRoutes]) {
      await app.register(routes(deps));
    }
  };
}
