import type { Kysely } from 'kysely';
import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';
import type { DatabaseKind } from '../../adapters/db/database.js';
import type { Schema } from '../../adapters/db/schema.js';
import { START_OF_LOG, type EventStore } from '../../adapters/eventstore/port.js';
import type { RecordedEvent } from '../../domain/shared/events.js';
import { DEFAULT_BATCH_SIZE } from '../runner.js';
import { DeferredCheckpoint } from '../deferred-checkpoint.js';
import { RunnerLockLostError, tryRunnerLock, type RunnerLock } from '../runner-lock.js';

/** An idle reactor rechecks the log (and the lock, when another process holds it) this often. */
const IDLE_RECHECK_MS = 2_000;
/** After a failed reaction the batch is retried after this pause, never skipped. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * A consumer of the log that acts by appending events (rewards). It cannot share a transaction
 * with the event store, so it is at-least-once: `react` may see an event again after a restart
 * or a crash between its append and the checkpoint, and must then append nothing new
 * (deterministic event ids from the source event, and deciders that skip what was done).
 */
export interface Reactor {
  readonly name: string;
  readonly handles: readonly string[];
  /**
   * Where its first run starts: 'beginning' (the default) reacts to the whole log; 'head' only to
   * what is appended from then on (e-mails about new activity, which the log's history must not send).
   */
  readonly startsAt?: 'beginning' | 'head';
  react(event: RecordedEvent): Promise<void>;
  /**
   * For a reactor with work of its own beyond `react` (a mass e-mail campaign): this process became
   * the reactor's one runner. The lock stays held until `onLockReleased`; `lock.lost` turns true
   * when its connection died, and another process may then take it.
   */
  onLockTaken?(lock: { readonly lost: boolean }): void;
  /** Awaited before the lock is given up: the work started since `onLockTaken` stops here. */
  onLockReleased?(): Promise<void>;
}

/** Feeds a reactor the log from its checkpoint, in order, and records the checkpoint after each batch it reacted in (others: at most every 200 ms, and at its stop). */
export class ReactorRunner {
  readonly #checkpoint = new BehaviorSubject<bigint>(START_OF_LOG);
  readonly #stopSignal = new BehaviorSubject(false);
  #loop: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly dbKind: DatabaseKind,
    private readonly store: EventStore,
    readonly reactor: Reactor,
    /** `locks`: where the runner lock is held (Database.locks); the queries' database when absent. */
    private readonly options: { batchSize?: number; log?: (line: string) => void; locks?: Kysely<Schema> } = {},
  ) {}

  get name(): string {
    return this.reactor.name;
  }

  /** Starts following the log in the background; one process at a time runs a reactor. */
  start(): void {
    if (this.#loop) return;
    this.#stopSignal.next(false);
    this.#loop = this.#follow();
  }

  async stop(): Promise<void> {
    this.#stopSignal.next(true);
    await this.#loop;
    this.#loop = null;
  }

  /** Resolves true once the reactor has handled every event up to `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    return firstValueFrom(
      race(
        this.#checkpoint.pipe(
          filter((checkpoint) => checkpoint >= position),
          map(() => true),
        ),
        timer(timeoutMs).pipe(map(() => false)),
      ).pipe(take(1)),
    );
  }

  async checkpoint(): Promise<bigint> {
    const row = await this.db
      .selectFrom('reactor_checkpoints')
      .select('position')
      .where('reactor', '=', this.reactor.name)
      .executeTakeFirst();
    if (row) return BigInt(row.position);
    if (this.reactor.startsAt !== 'head') return START_OF_LOG;
    // First run of a reactor that starts at the head: store where that is, so a restart goes on from there.
    const head = await this.store.headPosition();
    await this.db
      .insertInto('reactor_checkpoints')
      .values({ reactor: this.reactor.name, position: head })
      .onConflict((oc) => oc.column('reactor').doNothing())
      .execute();
    return this.checkpoint();
  }

  /**
   * Handles one page of the log after the stored checkpoint; answers how many events of its types it
   * handled, or null at the head (nothing after the checkpoint).
   */
  async processBatch(): Promise<number | null> {
    const after = await this.checkpoint();
    const { through, reacted } = await this.#reactToPage(after);
    if (through === after) {
      this.#publish(after);
      return null;
    }
    await this.#storeCheckpoint(through);
    this.#publish(through);
    return reacted;
  }

  /**
   * Reacts to the events of its types in the page of the log after `after`; answers how far the page
   * read and how many it reacted to. Only its types' events are read: the page's others come as their
   * positions (readPage).
   */
  async #reactToPage(after: bigint): Promise<{ through: bigint; reacted: number }> {
    const page = await this.store.readPage({ after, maxCount: this.options.batchSize ?? DEFAULT_BATCH_SIZE, types: this.reactor.handles });
    for (const event of page.events) await this.reactor.react(event);
    return { through: page.through, reacted: page.events.length };
  }

  async #storeCheckpoint(position: bigint): Promise<void> {
    await this.db
      .insertInto('reactor_checkpoints')
      .values({ reactor: this.reactor.name, position })
      .onConflict((oc) => oc.column('reactor').doUpdateSet({ position }))
      .execute();
  }

  /** While this process holds the lock: its checkpoint is its own, kept in memory, and stored after each page it reacted to. */
  async #followWithLock(lock: RunnerLock, lockKey: string): Promise<void> {
    let checkpoint = await this.checkpoint();
    const deferred = new DeferredCheckpoint(checkpoint);
    this.#publish(checkpoint);
    while (!this.#stopped) {
      if (lock.lost) throw new RunnerLockLostError(lockKey);
      const { through, reacted } = await this.#reactToPage(checkpoint);
      if (through > checkpoint) {
        checkpoint = through;
        if (reacted > 0) {
          await this.#storeCheckpoint(checkpoint);
          deferred.markCommitted(checkpoint);
        }
        this.#publish(checkpoint);
        continue;
      }
      const dueInMs = deferred.dueInMs(checkpoint);
      if (dueInMs === 0) {
        await this.#storeCheckpoint(checkpoint);
        deferred.markCommitted(checkpoint);
      }
      await this.#idle(dueInMs !== null && dueInMs > 0 ? dueInMs : IDLE_RECHECK_MS, checkpoint);
    }
    // Stopped: a restart goes on from where it reached.
    if (deferred.pending(checkpoint)) await this.#storeCheckpoint(checkpoint);
  }

  get #stopped(): boolean {
    return this.#stopSignal.value;
  }

  async #follow(): Promise<void> {
    while (!this.#stopped) {
      try {
        const lockKey = `reactor:${this.reactor.name}`;
        const lock = await tryRunnerLock(this.options.locks ?? this.db, this.dbKind, lockKey);
        if (!lock) {
          await this.#idle(IDLE_RECHECK_MS, null);
          continue;
        }
        try {
          this.reactor.onLockTaken?.(lock);
          await this.#followWithLock(lock, lockKey);
        } finally {
          await this.reactor.onLockReleased?.();
          await lock.release();
        }
      } catch (error) {
        // A failed batch, or the database / event store gone (the lock's connection too): pause,
        // then take the lock again and continue from the stored checkpoint.
        if (this.#stopped) return;
        this.options.log?.(
          `reactor ${this.reactor.name}: ${error instanceof Error ? error.message : String(error)}; paused, retrying in ${RETRY_AFTER_FAILURE_MS} ms`,
        );
        await this.#idle(RETRY_AFTER_FAILURE_MS, null);
      }
    }
  }

  /** Waits for the stop signal, the timer, or (given a checkpoint) an event after it. */
  async #idle(ms: number, after: bigint | null): Promise<void> {
    if (this.#stopped) return;
    const wakers = [
      this.#stopSignal.pipe(
        filter(Boolean),
        map(() => undefined),
      ),
      timer(ms).pipe(map(() => undefined)),
    ];
    if (after !== null) wakers.push(this.store.subscribeToAll({ after }).pipe(map(() => undefined)));
    await firstValueFrom(race(...wakers).pipe(take(1)));
  }

  #publish(checkpoint: bigint): void {
    if (checkpoint > this.#checkpoint.value) this.#checkpoint.next(checkpoint);
  }
}
