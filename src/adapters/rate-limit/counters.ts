import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { postgresRateLimitStore } from './postgres-store.js';

/**
 * Where the rate-limit counters live, as @fastify/rate-limit options: Redis when configured, else
 * the database every instance already shares. Never process memory: two instances would double
 * every limit and a restart would forget it.
 */
export interface RateLimitCounters {
  readonly plugin: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  /** For logs and /api/health: which backend, without credentials. */
  readonly description: string;
  close(): Promise<void>;
}

/** Redis keys start with this, so a shared Redis can tell ours apart. */
export const REDIS_RATE_LIMIT_NAMESPACE = 'tessera-rate-limit:';

export function openRateLimitCounters(source: { redisUrl: string } | { db: Kysely<Schema> }): RateLimitCounters {
  if ('db' in source)
    return {
      plugin: { store: postgresRateLimitStore(source.db) },
      description: 'database table rate_limit_counters',
      close: async () => {},
    };
  const { redisUrl } = source;
  // The plugin's Redis store defines its Lua script on this connection and counts atomically with it.
  // Required here, not imported above: a server counting in its database never loads the Redis client.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis: Redis = new RedisClient(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  const url = new URL(redisUrl);
  return {
    plugin: { redis, nameSpace: REDIS_RATE_LIMIT_NAMESPACE },
    description: `redis (${url.hostname}:${url.port || 6379})`,
    close: async () => void (await redis.quit()),
  };
}
