import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Expired windows are deleted at most this often by each process (they are ignored until then). */
const EXPIRED_SWEEP_INTERVAL_MS = 60_000;

/**
 * @fastify/rate-limit's store on a Postgres table (PGlite or a server): one upsert counts a hit and
 * returns the count, so parallel requests on any number of instances each see a distinct count.
 * The window starts at the first hit and is timed by the database clock, shared by every instance.
 */
export function postgresRateLimitStore(db: Kysely<Schema>): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweepExpired(): Promise<void> {
    if (Date.now() - lastSweep < EXPIRED_SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    await db
      .deleteFrom('rate_limit_counters')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
  }

  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    await sweepExpired();
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limit_counters as counter (key, hits, expires_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when counter.expires_at <= now() then 1 else counter.hits + 1 end,
        expires_at = case when counter.expires_at <= now() then excluded.expires_at else counter.expires_at end
      returning hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl_ms`.execute(db);
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, row.ttl_ms) };
  }

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Our keys carry the limit's name, so every route shares one table without colliding.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresRateLimitStore;
}
