import { List, Map as PersistentMap } from 'immutable';
import { LONGEST_SESSION_LIFETIME_MS } from './rules.js';

export interface AccountSession {
  isTestUser: boolean;
  expiresAt: string;
}

/**
 * An account's sessions not ended, by id, in the order they started; persistent (see Decider.evolve).
 * The start order is a list of ids from which an ended session's id goes once it comes first: a sign-in
 * forgets the oldest sessions by taking them off the front, at the cost of what it forgets (an
 * OrderedMap leaves a hole per removal that every look at its first entry steps over).
 */
export class AccountSessions implements Iterable<[string, AccountSession]> {
  static readonly none = new AccountSessions(PersistentMap(), List());

  private constructor(
    private readonly byId: PersistentMap<string, AccountSession>,
    private readonly startOrder: List<string>,
  ) {}

  /** The sessions of these entries, oldest first, as they were (none forgotten). */
  static of(entries: readonly [string, AccountSession][]): AccountSessions {
    return new AccountSessions(PersistentMap(entries), List(entries.map(([sessionId]) => sessionId)));
  }

  get size(): number {
    return this.byId.size;
  }

  get(sessionId: string): AccountSession | undefined {
    return this.byId.get(sessionId);
  }

  has(sessionId: string): boolean {
    return this.byId.has(sessionId);
  }

  /**
   * With the session started; the oldest ones go while they had expired when it started, judged by the
   * longest lifetime a session is given: nobody can use them, so nothing need end them. A short test-user
   * session behind a longer one waits for it.
   */
  started(sessionId: string, session: AccountSession): AccountSessions {
    const startedBy = Date.parse(session.expiresAt) - LONGEST_SESSION_LIFETIME_MS;
    let { byId, startOrder } = this;
    for (let oldest = startOrder.first(); oldest !== undefined; oldest = startOrder.first()) {
      const kept = byId.get(oldest);
      // Negated: a time that does not read (NaN) forgets nothing.
      if (kept && !(Date.parse(kept.expiresAt) <= startedBy)) break;
      byId = byId.delete(oldest);
      startOrder = startOrder.shift();
    }
    return new AccountSessions(byId.set(sessionId, session), startOrder.push(sessionId));
  }

  ended(sessionId: string): AccountSessions {
    return this.byId.has(sessionId) ? new AccountSessions(this.byId.delete(sessionId), this.startOrder) : this;
  }

  *[Symbol.iterator](): Iterator<[string, AccountSession]> {
    for (const sessionId of this.startOrder) {
      const session = this.byId.get(sessionId);
      if (session) yield [sessionId, session];
    }
  }

  *keys(): Iterable<string> {
    for (const [sessionId] of this) yield sessionId;
  }
}
