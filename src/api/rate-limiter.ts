/**
 * A fixed-window counter per key, held in memory: enough for one server process.
 * Keys are digests or network addresses; entries expire with their window, so memory stays bounded
 * by the number of distinct keys seen within one window.
 */
export interface RateLimiter {
  /** Counts one attempt for `key`; false when the key has used up its window. */
  tryAcquire(key: string): boolean;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Sweeping the whole map on every call would be wasteful: sweep at most this often. */
const SWEEP_INTERVAL_MS = 60_000;

export function createRateLimiter({ limit, windowMs }: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();

  function sweep(time: number): void {
    if (time - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = time;
    for (const [key, window] of windows) if (time - window.startedAt >= windowMs) windows.delete(key);
  }

  return {
    tryAcquire(key) {
      const time = now();
      sweep(time);
      const window = windows.get(key);
      if (window === undefined || time - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      if (window.count >= limit) return false;
      window.count += 1;
      return true;
    },
  };
}
