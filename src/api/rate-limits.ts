import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitCounters } from '../adapters/rate-limit/counters.js';
import { RATE_LIMITS, type RateLimitName } from '../domain/shared/rate-limits.js';
import { RateLimitedError } from './errors.js';

/**
 * Registers @fastify/rate-limit on the shared counters. No route is limited by default: handlers
 * count what they guard with `enforceLimit`, because many keys (an account, a user) are known only
 * after the body is validated or the session read.
 */
export async function installRateLimits(app: FastifyInstance, counters: RateLimitCounters): Promise<void> {
  // skipOnError false: if the counters cannot be reached the request fails rather than going unlimited.
  await app.register(fastifyRateLimit, { ...counters.plugin, global: false, skipOnError: false });
}

/** Counts one attempt of `name` for `key` (atomically, on every instance); true while within the limit. */
export async function withinLimit(
  request: FastifyRequest,
  name: RateLimitName,
  key: string,
  max: number = RATE_LIMITS[name].max,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const limit = RATE_LIMITS[name];
  const count = request.server.createRateLimit({ max, timeWindow: limit.windowMs, keyGenerator: () => `${name}:${key}` });
  const result = await count(request);
  if (result.isAllowed || !result.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: result.ttlInSeconds };
}

/** Counts one attempt and refuses it with 429 (and Retry-After) beyond the limit (its `max` from a setting when given). */
export async function enforceLimit(request: FastifyRequest, name: RateLimitName, key: string, max?: number): Promise<void> {
  const { allowed, retryAfterSeconds } = await withinLimit(request, name, key, max);
  if (!allowed) throw new RateLimitedError(RATE_LIMITS[name].message, retryAfterSeconds);
}
