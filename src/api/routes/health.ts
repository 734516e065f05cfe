import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectionRunner } from '../../projections/runner.js';

const healthAnswer = z.object({
  status: z.literal('ok'),
  adapters: z.object({ eventStore: z.string(), database: z.string(), search: z.string(), mail: z.string() }),
  projections: z.array(
    z.object({
      name: z.string(),
      version: z.number(),
      liveVersion: z.number().nullable(),
      checkpoint: z.string().nullable(),
      lag: z.number(),
      rebuilding: z.boolean(),
    }),
  ),
});

export function healthRoutes(deps: { runner: ProjectionRunner; adapters: z.infer<typeof healthAnswer>['adapters'] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { config: { access: 'anyone' }, schema: { summary: 'Adapters in use and projection lag', tags: ['operations'], response: { 200: healthAnswer } } }, async () => ({
      status: 'ok' as const,
      adapters: deps.adapters,
      projections: (await deps.runner.status()).map((status) => ({
        name: status.name,
        version: status.version,
        liveVersion: status.liveVersion,
        checkpoint: status.checkpoint === null ? null : String(status.checkpoint),
        lag: status.lag,
        rebuilding: status.building.length > 0,
      })),
    }));
  };
}
