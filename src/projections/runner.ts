import { sql, type Kysely } from 'kysely';
import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { GenerationStatus, Schema } from '../adapters/db/schema.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { dropGenerationTables, liveGeneration, startGeneration, switchLive, unfinishedBuild, type Generation } from './generations.js';
import { generationTables, type Projection } from './projection.js';
import { RunnerLockLostError, tryRunnerLock, type RunnerLock } from './runner-lock.js';

export const DEFAULT_BATCH_SIZE = 500;
/** An idle runner rechecks for a generation switched by another process this often. */
const IDLE_RECHECK_MS = 2_000;
/** A process whose projection another process runs rereads that one's checkpoint this often (its read-your-writes waits on it). */
const FOLLOWER_RECHECK_MS = 200;
/** After a failure (the database or event store went away) a follower pauses this long, then tries again. */
export const RETRY_AFTER_FAILURE_MS = 1_000;

export interface RebuildProgress {
  projection: string;
  generation: number;
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  checkpoint: bigint | null;
  lag: number;
  building: { generation: number; version: number; checkpoint: bigint }[];
}

export interface RunnerOptions {
  batchSize?: number;
  log?: (line: string) => void;
}

/**
 * Feeds each projection batches from its checkpoint; read-model writes and the checkpoint
 * commit in one transaction, so a crash can only replay a whole batch (and handlers are
 * idempotent anyway).
 */
export class ProjectionRunner {
  readonly #batchSize: number;
  readonly #log: (line: string) => void;
  /** Live checkpoint per projection, for read-your-writes waits. */
  readonly #checkpoints = new BehaviorSubject<ReadonlyMap<string, bigint>>(new Map());
  #stopped = false;
  readonly #loops: Promise<void>[] = [];
  readonly #stopSignal = new BehaviorSubject(false);

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly dbKind: DatabaseKind,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#log = options.log ?? (() => {});
  }

  /**
   * Makes every projection live (building the first generation when there is none), then keeps
   * them following the log. A projection whose code version differs from its live one is
   * rebuilt into new tables in the background while the old generation keeps serving.
   */
  async start(): Promise<void> {
    for (const projection of this.projections) {
      const live = await liveGeneration(this.db, projection.name);
      if (!live) {
        this.#log(`projection ${projection.name}: no live generation, building version ${projection.version}`);
        await this.rebuild(projection);
      } else if (live.version !== projection.version) {
        this.#log(`projection ${projection.name}: live version ${live.version}, code version ${projection.version}: rebuilding blue-green`);
        this.#loops.push(this.rebuild(projection).then(() => undefined, (error: unknown) => this.#log(`rebuild of ${projection.name} failed: ${String(error)}`)));
      }
      this.#loops.push(this.#follow(projection));
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopSignal.next(true);
    await Promise.allSettled(this.#loops);
  }

  /** Resolves true once every named projection has passed `position`, false after `timeoutMs`. */
  async waitFor(position: bigint, timeoutMs: number, names: readonly string[] = this.projections.map((p) => p.name)): Promise<boolean> {
    const reached = this.#checkpoints.pipe(
      filter((checkpoints) => names.every((name) => (checkpoints.get(name) ?? -1n) >= position)),
      map(() => true),
    );
    return firstValueFrom(race(reached, timer(timeoutMs).pipe(map(() => false))).pipe(take(1)));
  }

  async status(): Promise<ProjectionStatus[]> {
    const rows = await this.db.selectFrom('projection_generations').selectAll().where('status', '!=', 'retired').execute();
    const statuses: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const live = rows.find((row) => row.projection === projection.name && row.status === 'live');
      statuses.push({
        name: projection.name,
        version: projection.version,
        liveVersion: live?.version ?? null,
        generation: live?.generation ?? null,
        checkpoint: live ? BigInt(live.checkpoint) : null,
        lag: live ? await this.store.countAfter(BigInt(live.checkpoint)) : await this.store.countAfter(-1n),
        building: rows
          .filter((row) => row.projection === projection.name && row.status === 'building')
          .map((row) => ({ generation: row.generation, version: row.version, checkpoint: BigInt(row.checkpoint) })),
      });
    }
    return statuses;
  }

  /**
   * Blue-green rebuild: a new generation (or the unfinished one a killed rebuild left) catches
   * up from its checkpoint into its own tables, then the views switch to it atomically.
   */
  async rebuild(projection: Projection, onProgress?: (progress: RebuildProgress) => void): Promise<Generation> {
    let generation = await unfinishedBuild(this.db, projection);
    if (generation) this.#log(`projection ${projection.name}: resuming generation ${generation.generation} from position ${generation.checkpoint}`);
    else generation = await startGeneration(this.db, projection);

    const lock = await tryRunnerLock(this.db, this.dbKind, `projection:${generation.generation}`);
    if (!lock) throw new Error(`Projection ${projection.name} generation ${generation.generation} is being built by another process`);
    try {
      let checkpoint = BigInt(generation.checkpoint);
      const total = await this.store.countAfter(checkpoint);
      const startedAt = performance.now();
      let done = 0;
      const report = () => {
        const seconds = (performance.now() - startedAt) / 1000;
        const eventsPerSecond = seconds > 0 ? done / seconds : 0;
        onProgress?.({
          projection: projection.name,
          generation: generation!.generation,
          done,
          total: Math.max(total, done),
          eventsPerSecond,
          etaSeconds: eventsPerSecond > 0 ? Math.max(0, total - done) / eventsPerSecond : null,
        });
      };
      report();
      for (;;) {
        const batch = await this.#processBatch(projection, generation.generation, checkpoint, 'building');
        if (batch.stale) throw new Error(`Projection ${projection.name} generation ${generation.generation} is no longer being built`);
        if (batch.read === 0) {
          if (await switchLive(this.db, projection, generation.generation)) break;
          // The serving generation applied events after our last read: catch up with it, then switch.
          continue;
        }
        checkpoint = batch.checkpoint;
        done += batch.read;
        report();
      }
      await this.#dropAbandonedBuilds(projection);
      this.#publishCheckpoint(projection.name, checkpoint);
      this.#log(`projection ${projection.name}: generation ${generation.generation} (version ${projection.version}) is live at position ${checkpoint}`);
      return { ...generation, status: 'live', checkpoint };
    } finally {
      await lock.release();
    }
  }

  /**
   * Applies one batch after `checkpoint`; the writes and the new checkpoint commit together.
   * `stale` (nothing written) when the generation is no longer `expected`: a rebuild switched
   * generations meanwhile, and the tables of a retired generation are dropped.
   */
  async #processBatch(
    projection: Projection,
    generation: number,
    checkpoint: bigint,
    expected: GenerationStatus,
  ): Promise<{ read: number; checkpoint: bigint; stale: boolean }> {
    const events = await this.store.readAll({ after: checkpoint, maxCount: this.#batchSize });
    if (events.length === 0) return { read: 0, checkpoint, stale: false };
    const relevant = events.filter((event) => projection.handles.includes(event.type));
    const last = events[events.length - 1]!.position;
    const applied = await this.db.transaction().execute(async (trx) => {
      // Locking the generation's row orders this batch with a switch: the switch waits for it, or it sees the switch.
      const row = await trx
        .selectFrom('projection_generations')
        .select('status')
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .forUpdate()
        .executeTakeFirst();
      if (row?.status !== expected) return false;
      if (relevant.length > 0) await projection.apply(trx, relevant, generationTables(generation));
      await trx
        .updateTable('projection_generations')
        .set({ checkpoint: last, events_applied: sql<bigint>`events_applied + ${relevant.length}` })
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .execute();
      return true;
    });
    if (!applied) return { read: 0, checkpoint, stale: true };
    return { read: events.length, checkpoint: last, stale: false };
  }

  /** Keeps the live generation following the log; follows a switch made by another process. */
  async #follow(projection: Projection): Promise<void> {
    while (!this.#stopped) {
      try {
        const live = await liveGeneration(this.db, projection.name);
        if (!live) return;
        const lock = await tryRunnerLock(this.db, this.dbKind, `projection:${live.generation}`);
        if (!lock) {
          // Another process runs it: follow its checkpoint, so read-your-writes here waits only for that
          // process; check again soon (it may stop, or switch generations).
          this.#publishCheckpoint(projection.name, BigInt(live.checkpoint));
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
        this.#log(`projection ${projection.name}: ${error instanceof Error ? error.message : String(error)}; paused, retrying in ${RETRY_AFTER_FAILURE_MS} ms`);
        await this.#pause(RETRY_AFTER_FAILURE_MS);
      }
    }
  }

  /** Waits `ms` or until stopped, without touching the database or the event store. */
  async #pause(ms: number): Promise<void> {
    if (this.#stopped) return;
    await firstValueFrom(race(this.#stopSignal.pipe(filter(Boolean), map(() => undefined)), timer(ms).pipe(map(() => undefined))).pipe(take(1)));
  }

  async #followGeneration(projection: Projection, live: Generation, lock: RunnerLock): Promise<void> {
    let checkpoint = BigInt(live.checkpoint);
    this.#publishCheckpoint(projection.name, checkpoint);
    while (!this.#stopped) {
      if (lock.lost) throw new RunnerLockLostError(`projection:${live.generation}`);
      const batch = await this.#processBatch(projection, live.generation, checkpoint, 'live');
      // Switched away by a rebuild: #follow picks up the new live generation.
      if (batch.stale) return;
      if (batch.read > 0) {
        checkpoint = batch.checkpoint;
        this.#publishCheckpoint(projection.name, checkpoint);
        continue;
      }
      await this.#idle(IDLE_RECHECK_MS, checkpoint);
      const current = await liveGeneration(this.db, projection.name);
      if (current?.generation !== live.generation) return;
    }
  }

  /** Waits for an event after `checkpoint`, the stop signal, or the recheck timer. */
  async #idle(ms: number, checkpoint: bigint): Promise<void> {
    if (this.#stopped) return;
    await firstValueFrom(
      race(
        this.store.subscribeToAll({ after: checkpoint }).pipe(map(() => undefined)),
        this.#stopSignal.pipe(filter(Boolean), map(() => undefined)),
        timer(ms).pipe(map(() => undefined)),
      ).pipe(take(1)),
    );
  }

  #publishCheckpoint(name: string, checkpoint: bigint): void {
    // A switch only goes to a generation at least as far as the one it replaces: what was reached stays reached
    // (a retired generation's follower may publish its last batch after the new generation's checkpoint).
    const reached = this.#checkpoints.value.get(name);
    if (reached !== undefined && reached >= checkpoint) return;
    const next = new Map(this.#checkpoints.value);
    next.set(name, checkpoint);
    this.#checkpoints.next(next);
  }

  /** Unfinished builds of other versions can never be resumed: drop them. */
  async #dropAbandonedBuilds(projection: Projection): Promise<void> {
    const abandoned = await this.db
      .deleteFrom('projection_generations')
      .where('projection', '=', projection.name)
      .where('status', '=', 'building')
      .where('version', '!=', projection.version)
      .returning('generation')
      .execute();
    await dropGenerationTables(this.db, projection, abandoned.map((row) => row.generation));
  }
}
