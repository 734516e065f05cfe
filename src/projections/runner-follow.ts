import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';
import { DeferredCheckpoint } from './deferred-checkpoint.js';
import { liveGeneration, type Generation } from './generations.js';
import type { Projection } from './projection.js';
import { applyBatch, batchOf, NO_EVENTS, type RunnerContext } from './runner-batches.js';
import { RunnerLockLostError, tryRunnerLock, type RunnerLock } from './runner-lock.js';

/** An idle runner rechecks for a generation switched by another process this often. */
const IDLE_RECHECK_MS = 2_000;
/** A process whose projection another process runs rereads that one's checkpoint this often (its read-your-writes waits on it). */
const FOLLOWER_RECHECK_MS = 200;
/** After a failure (the database or event store went away) a follower pauses this long, then tries again. */
export const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Keeps live generations following the log, one loop per projection, until stopped: a batch's
 * read-model writes and its checkpoint commit in one transaction.
 */
export class LiveFollower {
  #stopped = false;
  readonly #stopSignal = new BehaviorSubject(false);

  constructor(
    private readonly context: RunnerContext,
    private readonly batchSize: number,
  ) {}

  stop(): void {
    this.#stopped = true;
    this.#stopSignal.next(true);
  }

  /** Keeps the live generation following the log; follows a switch made by another process. */
  async follow(projection: Projection): Promise<void> {
    const { context } = this;
    while (!this.#stopped) {
      try {
        const live = await liveGeneration(context.db, projection.name);
        if (!live) return;
        const lock = await tryRunnerLock(context.locks, context.dbKind, `projection:${live.generation}`);
        if (!lock) {
          // Another process runs it: follow its checkpoint, so read-your-writes here waits only for that
          // process; check again soon (it may stop, or switch generations).
          context.published.publishCheckpoint(projection.name, BigInt(live.checkpoint));
          context.published.setRereadMark(projection.name, true);
          context.published.publishMark(projection.name, { generation: live.generation, eventsApplied: BigInt(live.events_applied) });
          await this.#pause(FOLLOWER_RECHECK_MS);
          continue;
        }
        try {
          await this.#followGeneration(projection, live, lock);
        } finally {
          await lock.release();
        }
      } catch (error) {
        // The database or the event store went away (or the lock's connection did): pause, then
        // start over — take the lock again and continue from the committed checkpoint.
        if (this.#stopped) return;
        context.log(
          `projection ${projection.name}: ${error instanceof Error ? error.message : String(error)}; paused, retrying in ${RETRY_AFTER_FAILURE_MS} ms`,
        );
        await this.#pause(RETRY_AFTER_FAILURE_MS);
      }
    }
  }

  /** Waits `ms` or until stopped, without touching the database or the event store. */
  async #pause(ms: number): Promise<void> {
    if (this.#stopped) return;
    await firstValueFrom(
      race(
        this.#stopSignal.pipe(
          filter(Boolean),
          map(() => undefined),
        ),
        timer(ms).pipe(map(() => undefined)),
      ).pipe(take(1)),
    );
  }

  async #followGeneration(projection: Projection, live: Generation, lock: RunnerLock): Promise<void> {
    const { context } = this;
    let checkpoint = BigInt(live.checkpoint);
    const deferred = new DeferredCheckpoint(checkpoint);
    let generationCheckedAt = performance.now();
    context.published.publishCheckpoint(projection.name, checkpoint);
    context.published.setRereadMark(projection.name, false);
    context.published.publishMark(projection.name, { generation: live.generation, eventsApplied: BigInt(live.events_applied) });
    while (!this.#stopped) {
      if (lock.lost) throw new RunnerLockLostError(`projection:${live.generation}`);
      const batch = await this.#processBatch(projection, live.generation, checkpoint);
      // Switched away by a rebuild: follow picks up the new live generation.
      if (batch.stale) return;
      if (batch.committed) deferred.markCommitted(batch.checkpoint);
      if (batch.checkpoint > checkpoint) {
        checkpoint = batch.checkpoint;
        context.published.publishCheckpoint(projection.name, checkpoint);
        continue;
      }
      // At the head.
      const dueInMs = deferred.dueInMs(checkpoint);
      if (dueInMs === 0) {
        if ((await applyBatch(context, projection, live.generation, NO_EVENTS, checkpoint, 'live')) === null) return;
        deferred.markCommitted(checkpoint);
      }
      await this.#idle(dueInMs !== null && dueInMs > 0 ? dueInMs : IDLE_RECHECK_MS, checkpoint);
      // A switch by another process: looked for at least every IDLE_RECHECK_MS, not at every wake-up.
      if (performance.now() - generationCheckedAt >= IDLE_RECHECK_MS) {
        const current = await liveGeneration(context.db, projection.name);
        if (current?.generation !== live.generation) return;
        generationCheckedAt = performance.now();
      }
    }
    // Stopped: what it reached stays reached for the next start and for other processes.
    if (deferred.pending(checkpoint)) await applyBatch(context, projection, live.generation, NO_EVENTS, checkpoint, 'live');
  }

  /**
   * Applies one batch after `checkpoint`; the writes and the new checkpoint commit together.
   * `stale` (nothing written) when the generation is no longer `expected`: a rebuild switched
   * generations meanwhile, and the tables of a retired generation are dropped. A page without an
   * event the projection handles writes nothing, and its checkpoint is not committed here
   * (`committed` false): a commit for each append read would be most of the live path's work.
   */
  async #processBatch(
    projection: Projection,
    generation: number,
    checkpoint: bigint,
  ): Promise<{ checkpoint: bigint; stale: boolean; committed: boolean }> {
    const { events, through } = await this.context.store.readPage({
      after: checkpoint,
      maxCount: this.batchSize,
      types: projection.handles,
    });
    if (through === checkpoint || events.length === 0) return { checkpoint: through, stale: false, committed: false };
    const eventsApplied = await applyBatch(
      this.context,
      projection,
      generation,
      batchOf(projection, events, generation, 'live'),
      through,
      'live',
    );
    if (eventsApplied === null) return { checkpoint, stale: true, committed: false };
    this.context.published.publishMark(projection.name, { generation, eventsApplied });
    return { checkpoint: through, stale: false, committed: true };
  }

  /** Waits for an event after `checkpoint`, the stop signal, or the recheck timer. */
  async #idle(ms: number, checkpoint: bigint): Promise<void> {
    if (this.#stopped) return;
    await firstValueFrom(
      race(
        this.context.store.subscribeToAll({ after: checkpoint }).pipe(map(() => undefined)),
        this.#stopSignal.pipe(
          filter(Boolean),
          map(() => undefined),
        ),
        timer(ms).pipe(map(() => undefined)),
      ).pipe(take(1)),
    );
  }
}
