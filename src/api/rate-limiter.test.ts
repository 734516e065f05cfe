import { describe, expect, it } from 'vitest';

import { createRateLimiter } from './rate-limiter.js';

describe('rate limiter', () => {
  it('allows `limit` attempts per key within a window, then refuses until the window ends', () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 }, () => time);

    expect(limiter.tryAcquire('a')).toBe(true);
    expect(limiter.tryAcquire('a')).toBe(true);
    expect(limiter.tryAcquire('a')).toBe(false);
    expect(limiter.tryAcquire('b')).toBe(true);

    time = 999;
    expect(limiter.tryAcquire('a')).toBe(false);
    time = 1000;
    expect(limiter.tryAcquire('a')).toBe(true);
  });
});
