import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/database.js';
import { openRateLimitCounters, type RateLimitCounters } from '../../src/adapters/rate-limit/counters.js';
import { installRateLimits } from '../../src/api/rate-limits.js';
import { databaseTargets } from '../fixtures/databases.js';

interface CountersTarget {
  name: string;
  /** Two independent views of one counter store, as two API instances would have. */
  open(): Promise<{ first: RateLimitCounters; second: RateLimitCounters; close(): Promise<void> }>;
}

function counterTargets(): CountersTarget[] {
  const targets: CountersTarget[] = databaseTargets().map((target) => ({
    name: target.name,
    async open() {
      const database: Database = await target.open();
      return {
        first: openRateLimitCounters({ db: database.db }),
        second: openRateLimitCounters({ db: database.db }),
        close: () => database.close(),
      };
    },
  }));
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    targets.push({
      name: 'redis',
      async open() {
        const first = openRateLimitCounters({ redisUrl });
        const second = openRateLimitCounters({ redisUrl });
        return { first, second, close: async () => (await first.close(), await second.close()) };
      },
    });
  } else {
    console.info('[tests] REDIS_URL is not set: the Redis variant of the rate-limit counters is skipped.');
  }
  return targets;
}

/** An app whose one route counts a hit on `key` against `max` per `windowMs`, as the API's limits do. */
async function counterApp(counters: RateLimitCounters): Promise<FastifyInstance> {
  const app = Fastify();
  await installRateLimits(app, counters);
  app.post<{ Body: { key: string; max: number; windowMs: number } }>('/hit', async (request) => {
    const { key, max, windowMs } = request.body;
    const result = await request.server.createRateLimit({ max, timeWindow: windowMs, keyGenerator: () => key })(request);
    return result.isAllowed
      ? { allowed: true, remaining: max }
      : { allowed: !result.isExceeded, remaining: result.remaining, ttl: result.ttl };
  });
  return app;
}

describe.each(counterTargets())('rate-limit counters: $name', (target) => {
  let opened: Awaited<ReturnType<CountersTarget['open']>>;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const hit = async (app: FastifyInstance, key: string, max: number, windowMs = 60_000) =>
    (await app.inject({ method: 'POST', url: '/hit', payload: { key, max, windowMs } })).json<{
      allowed: boolean;
      remaining: number;
      ttl?: number;
    }>();

  beforeAll(async () => {
    opened = await target.open();
    first = await counterApp(opened.first);
    second = await counterApp(opened.second);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await opened?.close();
  });

  it('allows max hits per key in a window, then refuses with the time left; other keys are untouched', async () => {
    const key = `k-${randomUUID()}`;
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await hit(first, key, 3));
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false]);
    expect(answers.map((answer) => answer.remaining)).toEqual([2, 1, 0, 0]);
    expect(answers[3]!.ttl).toBeGreaterThan(0);
    expect(answers[3]!.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit(first, `other-${randomUUID()}`, 3)).allowed).toBe(true);
  });

  it('counts parallel hits atomically: exactly max of them are allowed', async () => {
    const key = `parallel-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => hit(index % 2 === 0 ? first : second, key, 7)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(7);
  });

  it('shares one count between two instances', async () => {
    const key = `shared-${randomUUID()}`;
    expect((await hit(first, key, 2)).allowed).toBe(true);
    expect((await hit(second, key, 2)).allowed).toBe(true);
    expect((await hit(first, key, 2)).allowed).toBe(false);
    expect((await hit(second, key, 2)).allowed).toBe(false);
  });

  it('starts a new window once the old one has passed', async () => {
    const key = `window-${randomUUID()}`;
    const windowMs = 400;
    expect((await hit(first, key, 1, windowMs)).allowed).toBe(true);
    expect((await hit(first, key, 1, windowMs)).allowed).toBe(false);
    // Waits for the condition, with a wide margin: the refused hits do not extend the window.
    const deadline = Date.now() + 30_000;
    let allowed = false;
    while (!allowed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      allowed = (await hit(second, key, 1, windowMs)).allowed;
    }
    expect(allowed).toBe(true);
  });
});
