/**
 * Counts attempts per key in a sliding window, in memory: this is one process, and a restart
 * forgetting the counts errs on the side of letting people in. Limits are documented in the README.
 */
export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  #recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.#attempts.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.#attempts.delete(key);
    else this.#attempts.set(key, recent);
    return recent;
  }

  /** True when `key` has used up its attempts in the window. */
  isLimited(key: string): boolean {
    return this.#recent(key).length >= this.limit;
  }

  record(key: string): void {
    this.#attempts.set(key, [...this.#recent(key), this.now()]);
  }

  reset(key: string): void {
    this.#attempts.delete(key);
  }
}

/** The limits we chose (README, "Sign-in limits"). */
export const RATE_LIMITS = {
  /** Failed logins per account: 5 per 15 minutes, then 429 until the window passes. */
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** Login attempts per client address: 30 per 15 minutes (an office behind one address still gets in). */
  loginAttemptsPerAddress: { limit: 30, windowMs: 15 * 60 * 1000 },
  /** Sign-ups per address: 10 per hour. */
  signupsPerAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  /** Password-reset and verification e-mails per account or address: 5 per hour. */
  mailsPerKey: { limit: 5, windowMs: 60 * 60 * 1000 },
} as const;
