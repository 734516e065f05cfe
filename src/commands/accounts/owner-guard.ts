import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../adapters/db/database.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { USER_MANAGEMENT_MESSAGES } from '../../domain/accounts/user-management.js';
import { DomainError } from '../../domain/shared/events.js';
import { activeOwnerCount, userById } from '../../projections/read-models/users/queries.js';

/** The key of the advisory lock under which the processes sharing a database take owner changes in turn. */
const OWNER_CHANGES_LOCK = 'owner-changes';

export interface OwnerGuardDeps {
  db: Kysely<Schema>;
  dbKind: DatabaseKind;
  store: Pick<EventStore, 'headPosition'>;
  /** Resolves true once the users read model has applied the log up to `position` (false: not in time). */
  usersReached(position: bigint): Promise<boolean>;
}

/**
 * Tessera always keeps an active owner: only an owner makes owners and manages admins. A change that
 * could take the last one away (an owner deleting their account, demoted or blocked) is decided one
 * at a time, across processes too, each on the users view caught up with the log, which holds the ones
 * before it: two such changes at the same instant (two owners leaving, or demoting each other) cannot
 * both pass on a count that neither has changed yet.
 */
export class OwnerGuard {
  readonly #deps: OwnerGuardDeps;
  /** This process's changes, one after the other: at most one of them waits for the database's lock. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(deps: OwnerGuardDeps) {
    this.#deps = deps;
  }

  /** Runs `change`, which takes `targetId` from the active owners, unless nobody else is one: then refuses with `refusal`. */
  async keepingAnOwner<R>(targetId: string, refusal: string, change: () => Promise<R>): Promise<R> {
    const decided = this.#turn.then(() => this.#underDatabaseLock(() => this.#decide(targetId, refusal, change)));
    this.#turn = decided.catch(() => {});
    return decided;
  }

  async #decide<R>(targetId: string, refusal: string, change: () => Promise<R>): Promise<R> {
    const { db, store, usersReached } = this.#deps;
    if (!(await usersReached(await store.headPosition()))) throw new DomainError('conflict', USER_MANAGEMENT_MESSAGES.ownerChangeBusy);
    const target = await userById(db, targetId);
    const isActiveOwner = target?.lvl === 'owner' && target.verification !== 'blocked' && !target.erased;
    if (isActiveOwner && (await activeOwnerCount(db)) <= 1) throw new DomainError('conflict', refusal);
    // The next change first waits for the view to reach the log's head, so it decides on one that shows
    // this change: the lock is not held while the view catches up (a stalled view would keep it open).
    return change();
  }

  /** PGlite is one process (its data directory's lock keeps others out): the turn above is enough there. */
  async #underDatabaseLock<R>(work: () => Promise<R>): Promise<R> {
    if (this.#deps.dbKind === 'pglite') return work();
    return this.#deps.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${OWNER_CHANGES_LOCK}))`.execute(trx);
      return work();
    });
  }
}
