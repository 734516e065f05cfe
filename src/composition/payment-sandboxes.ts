import type { FastifyInstance } from 'fastify';
import { isSandboxOrderProvider, sandboxOrderPages } from '../adapters/payments/paypal-sandbox.js';
import { sandboxPages } from '../adapters/payments/sandbox-pages.js';
import { isSandboxProvider } from '../adapters/payments/sandbox.js';
import type { LinkOrigin } from '../api/public-origin.js';
import type { CommerceService } from '../commands/commerce/commerce-service.js';

/**
 * The local sandbox providers' hosted pages, when the sandboxes take the payments: the card page,
 * whose results come back through the webhook route as Stripe's do, and the PayPal-style approval
 * page (the detail page captures the approved order itself).
 */
export async function installPaymentSandboxes(
  app: FastifyInstance,
  commerce: CommerceService,
  linkOrigin: LinkOrigin,
  webhookUrl: string,
): Promise<void> {
  const payments = commerce.provider;
  if (isSandboxProvider(payments)) {
    await app.register(sandboxPages(payments, linkOrigin));
    payments.setDelivery(async (payload, signature) => {
      const answer = await app.inject({
        method: 'POST',
        url: webhookUrl,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      return { status: answer.statusCode };
    });
  }
  const orders = commerce.orderProvider;
  if (isSandboxOrderProvider(orders)) await app.register(sandboxOrderPages(orders));
}
