import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { tooDeepJsonBody } from '../../json-body.js';
import { tags, type CommerceRouteDeps } from './deps.js';

/** Where the provider's webhooks arrive (Stripe's, and the sandbox's which speak the same format). */
export const PAYMENT_WEBHOOK_PATH = '/stripe/webhook';

/**
 * The provider's webhooks: verified on the raw bytes, so this route alone keeps its body as text.
 * The parsed JSON rides along so the text rule (no NUL, no lone surrogates) sees what it carries.
 */
export function webhookRoutes(deps: Pick<CommerceRouteDeps, 'commerce'>): FastifyPluginAsyncZod {
  return async (app) => {
    const hooks = app.withTypeProvider<ZodTypeProvider>();
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      const tooDeep = tooDeepJsonBody(body as string);
      if (tooDeep) {
        done(tooDeep, undefined);
        return;
      }
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body as string);
      } catch {
        // Not JSON: the signature check refuses it.
      }
      done(null, { raw: body, parsed });
    });
    hooks.post(
      PAYMENT_WEBHOOK_PATH,
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'Payment provider webhooks (signature checked on the raw body; each event applied once)',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const body = request.body as { raw?: unknown } | undefined;
        const raw = typeof body?.raw === 'string' ? body.raw : '';
        const header = request.headers['stripe-signature'];
        await deps.commerce.receiveWebhook(raw, Array.isArray(header) ? header[0] : header);
        return { received: true as const };
      },
    );
  };
}
