import { sql } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { isStaff } from '../../domain/accounts/access.js';
import type { ReadModelDb } from './route-deps.js';

/**
 * A database server that does not answer a trivial query within this time counts as down. Not
 * applied to embedded PGlite: it cannot drop, and a busy one answers once its queue moves.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 3_000;

const partState = z.enum(['up', 'down']);
const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Which part is down, by role only: no address or database name. */
  parts: z.object({ database: partState, eventStore: partState }),
  /** Each projection and how far behind the log it is; null while the database or event store is down. */
  projections: z
    .array(
      z.object({
        name: z.string(),
        version: z.number(),
        liveVersion: z.number().nullable(),
        checkpoint: z.string().nullable(),
        lag: z.number(),
        rebuilding: z.boolean(),
      }),
    )
    .nullable(),
  /** Which adapter serves each port and where: for admins only (it names hosts and databases). */
  adapters: z.object({ eventStore: z.string(), database: z.string(), search: z.string(), mail: z.string() }).optional(),
});
type Adapters = NonNullable<z.infer<typeof healthAnswer>['adapters']>;

/** Resolves 'up' when `probe` succeeds (in time, when a timeout is given), 'down' when it fails or stalls. */
async function probe(check: () => Promise<unknown>, timeoutMs: number | null): Promise<'up' | 'down'> {
  if (timeoutMs === null)
    return check().then(
      () => 'up' as const,
      () => 'down' as const,
    );
  let timeout: NodeJS.Timeout | undefined;
  const stalled = new Promise<'down'>((resolve) => (timeout = setTimeout(() => resolve('down'), timeoutMs)));
  try {
    return await Promise.race([
      check().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      stalled,
    ]);
  } finally {
    clearTimeout(timeout);
  }
}

export function healthRoutes(
  deps: Pick<AppDeps, 'runner' | 'store'> & { adapters: Adapters; db: ReadModelDb; embedded: boolean },
): FastifyPluginAsyncZod {
  const timeoutMs = deps.embedded ? null : HEALTH_PROBE_TIMEOUT_MS;
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Which part is up or down, and projection lag (adapters in use for admins)',
          tags: ['operations'],
          response: { 200: healthAnswer, 503: healthAnswer },
        },
      },
      async (request, reply) => {
        const [database, eventStore] = await Promise.all([
          probe(() => sql`select 1`.execute(deps.db), timeoutMs),
          probe(() => deps.store.headPosition(), timeoutMs),
        ]);
        const up = database === 'up' && eventStore === 'up';
        const statuses = up ? await deps.runner.status().catch(() => null) : null;
        const isAdmin = isStaff(request.viewer);
        if (!up) reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return {
          status: up ? ('ok' as const) : ('unavailable' as const),
          parts: { database, eventStore },
          projections:
            statuses?.map((status) => ({
              name: status.name,
              version: status.version,
              liveVersion: status.liveVersion,
              checkpoint: status.checkpoint === null ? null : String(status.checkpoint),
              lag: status.lag,
              rebuilding: status.building.length > 0,
            })) ?? null,
          ...(isAdmin ? { adapters: deps.adapters } : {}),
        };
      },
    );
  };
}
