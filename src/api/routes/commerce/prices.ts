import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { tags, type CommerceRouteDeps } from './deps.js';

/** What the pages show prices with: the exchange rates (display only) and which card provider takes payments. */
export function priceRoutes(deps: Pick<CommerceRouteDeps, 'commerce' | 'exchangeRates'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/exchange-rates',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'Rates from USD for showing prices in another currency (display only: charges stay in USD)',
          response: {
            200: z.object({
              base: z.literal('USD'),
              rates: z.record(z.string(), z.number()),
              asOf: z.string(),
              source: z.enum(['shipped', 'feed']),
            }),
          },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return deps.exchangeRates.current();
      },
    );

    app.get(
      '/config/stripe',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'Which card provider takes payments (no publishable key: checkout is hosted)',
          response: { 200: z.object({ publishableKey: z.string(), provider: z.string() }) },
        },
      },
      async () => ({ publishableKey: '', provider: deps.commerce.provider.name }),
    );
  };
}
