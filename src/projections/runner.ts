import { sql, type Kysely } from 'kysely';
import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { GenerationStatus, Schema } from '../adapters/db/schema.js';
import { START_OF_LOG, type EventStore, type LogPage } from '../adapters/eventstore/port.js';
import { DeferredCheckpoint } from './deferred-checkpoint.js';
import { dropGenerationTables, liveGeneration, startGeneration, switchLive, unfinishedBuild, type Generation } from './generations.js';
import { batchWrites, generationTables, type ApplyPhase, type Projection } from './projection.js';
import { eachSettled } from './read-models/tables.js';
import type { BatchWrite } from './set-based.js';
import { RunnerLockLostError, tryRunnerLock, type RunnerLock } from './runner-lock.js';
import type { RecordedEvent } from '../domain/shared/events.js';

const handledTypesOf = new WeakMap<Projection, ReadonlySet<string>>();
function handledTypes(projection: Projection): ReadonlySet<string> {
  let types = handledTypesOf.get(projection);
  if (!types) handledTypesOf.set(projection, (types = new Set(projection.handles)));
  return types;
}

/**
 * A generation being built is read by nobody, and a crash of the server can only take back its last
 * commits whole (its writes and its checkpoint go together): it resumes from the checkpoint that
 * survived. So its transactions need not wait for their WAL to reach the disk. Only on a Postgres
 * server, whose WAL writer flushes them within a second and which outlives a killed runner: embedded
 * PGlite has no WAL writer and dies with the process, so a kill would take back the whole build.
 */
async function commitWithoutWaitingForDisk(trx: Kysely<Schema>, dbKind: DatabaseKind): Promise<void> {
  if (dbKind === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
}

/** One projection's generation being built by `rebuildAll`. */
interface Build {
  projection: Projection;
  generation: Generation;
  lock: RunnerLock;
  /**
   * Position of the last event its tables reflect once its batch being written has committed (after
   * `committed` only that batch and events it does not handle).
   */
  checkpoint: bigint;
  /** Position of its last committed checkpoint: a page of events it does not handle commits nothing. */
  committed: bigint;
  done: number;
  total: number;
  /** Its finishBuild has run, its deferred indexes are built and its tables analysed: batches after that are applied live. */
  finished: boolean;
  live: boolean;
  /** Events its tables have applied (committed with them): part of its read model mark once live. */
  eventsApplied: bigint;
}

/** A batch of events a projection handles: how many, and their writes (none: only the checkpoint moves). */
interface Batch {
  events: number;
  write?: BatchWrite<unknown>;
}
const NO_EVENTS: Batch = { events: 0 };

/** The batch of a generation's `relevant` events, its writes prepared now (by the projection's `prepare`, when it has one). */
function batchOf(projection: Projection, relevant: readonly RecordedEvent[], generation: number, phase: ApplyPhase): Batch {
  return relevant.length === 0 ? NO_EVENTS : { events: relevant.length, write: batchWrites(projection, relevant, generationTables(generation), phase) };
}

/** A read model's generation and the events it has applied: both only grow, and any write moves one. */
interface ReadModelMark {
  generation: number;
  eventsApplied: bigint;
}

export const DEFAULT_BATCH_SIZE = 500;
/**
 * A rebuild writes into tables nobody reads yet, so it takes larger batches: fewer commits, and a
 * set-based `apply` gets more rows per statement. Two pages are held at most (one applied, one read ahead).
 */
export const DEFAULT_REBUILD_BATCH_SIZE = 5_000;
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
  rebuildBatchSize?: number;
  /** Where the runner locks are held (Database.locks); the queries' database when absent. */
  locks?: Kysely<Schema>;
  log?: (line: string) => void;
}

/**
 * Feeds each projection batches from its checkpoint; read-model writes and the checkpoint
 * commit in one transaction, so a crash can only replay a whole batch (and handlers are
 * idempotent anyway).
 */
export class ProjectionRunner {
  readonly #batchSize: number;
  readonly #rebuildBatchSize: number;
  readonly #locks: Kysely<Schema>;
  readonly #log: (line: string) => void;
  /** Live checkpoint per projection, for read-your-writes waits. */
  readonly #checkpoints = new BehaviorSubject<ReadonlyMap<string, bigint>>(new Map());
  readonly #marks = new Map<string, ReadModelMark>();
  /** Projections whose marks are reread from the database (another process runs them), not moved at commit. */
  readonly #rereadMarks = new Set<string>();
  /** #marks as the text the public answer cache compares, rebuilt when one moves. */
  #markTexts: ReadonlyMap<string, string> = new Map();
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
    this.#rebuildBatchSize = options.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH_SIZE;
    this.#locks = options.locks ?? db;
    this.#log = options.log ?? (() => {});
  }

  /**
   * Makes every projection live (building the first generation when there is none), then keeps
   * them following the log. A projection whose code version differs from its live one is
   * rebuilt into new tables in the background while the old generation keeps serving.
   */
  async start(): Promise<void> {
    const unbuilt: Projection[] = [];
    const outdated: Projection[] = [];
    for (const projection of this.projections) {
      const live = await liveGeneration(this.db, projection.name);
      if (!live) {
        this.#log(`projection ${projection.name}: no live generation, building version ${projection.version}`);
        unbuilt.push(projection);
      } else if (live.version !== projection.version) {
        this.#log(`projection ${projection.name}: live version ${live.version}, code version ${projection.version}: rebuilding blue-green`);
        outdated.push(projection);
      }
    }
    // One read of the log feeds every build.
    if (unbuilt.length > 0) await this.rebuildAll(unbuilt);
    if (outdated.length > 0) {
      this.#loops.push(this.rebuildAll(outdated).then(() => undefined, (error: unknown) => this.#log(`rebuild of ${outdated.map((p) => p.name).join(', ')} failed: ${String(error)}`)));
    }
    for (const projection of this.projections) this.#loops.push(this.#follow(projection));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopSignal.next(true);
    await Promise.allSettled(this.#loops);
  }

  /**
   * Per live read model, a text that changes whenever its tables may have: its generation and the
   * events it has applied. Published after the commit of the writes it counts, so an answer read
   * after taking a mark is at least as new as the mark says. For a projection this process runs it
   * is exact; one that another process runs is reread every FOLLOWER_RECHECK_MS, and a switch made
   * by another process (a rebuild from the command line) is seen within IDLE_RECHECK_MS.
   */
  readModelMarks(): ReadonlyMap<string, string> {
    return this.#markTexts;
  }

  /** The projections whose marks may lag a commit by up to FOLLOWER_RECHECK_MS: another process runs them. */
  rereadMarks(): ReadonlySet<string> {
    return this.#rereadMarks;
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
      // A follower here may have passed events its projection does not handle without committing yet.
      const reached = this.#checkpoints.value.get(projection.name);
      const checkpoint = live ? (reached !== undefined && reached > BigInt(live.checkpoint) ? reached : BigInt(live.checkpoint)) : null;
      statuses.push({
        name: projection.name,
        version: projection.version,
        liveVersion: live?.version ?? null,
        generation: live?.generation ?? null,
        checkpoint,
        lag: await this.store.countAfter(checkpoint ?? START_OF_LOG),
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
    const [generation] = await this.rebuildAll([projection], onProgress);
    return generation!;
  }

  /**
   * Rebuilds several projections blue-green from one read of the log: each page read feeds every
   * projection, each in its own transaction with its checkpoint, so each resumes from its own
   * checkpoint after a kill. A pipeline: while the database writes a page's batches, the next page
   * is read and its batches prepared (a projection's `prepare`). A projection's deferred indexes are
   * built once its tables have caught up, just before its switch.
   */
  async rebuildAll(toRebuild: readonly Projection[], onProgress?: (progress: RebuildProgress) => void): Promise<Generation[]> {
    const builds: Build[] = [];
    /** The batches being written, one per build at most. */
    const writing: Promise<void>[] = [];
    try {
      for (const projection of toRebuild) {
        let generation = await unfinishedBuild(this.db, projection);
        if (generation) this.#log(`projection ${projection.name}: resuming generation ${generation.generation} from position ${generation.checkpoint}`);
        else generation = await startGeneration(this.db, projection);
        const lock = await tryRunnerLock(this.#locks, this.dbKind, `projection:${generation.generation}`);
        if (!lock) throw new Error(`Projection ${projection.name} generation ${generation.generation} is being built by another process`);
        builds.push({ projection, generation, lock, checkpoint: BigInt(generation.checkpoint), committed: BigInt(generation.checkpoint), done: 0, total: 0, finished: false, live: false, eventsApplied: BigInt(generation.events_applied) });
      }
      const startedAt = performance.now();
      const report = (build: Build) => {
        const seconds = (performance.now() - startedAt) / 1000;
        const eventsPerSecond = seconds > 0 ? build.done / seconds : 0;
        onProgress?.({
          projection: build.projection.name,
          generation: build.generation.generation,
          done: build.done,
          total: Math.max(build.total, build.done),
          eventsPerSecond,
          etaSeconds: eventsPerSecond > 0 ? Math.max(0, build.total - build.done) / eventsPerSecond : null,
        });
      };
      // Builds from the same checkpoint (every fresh one starts at the log's start) share one count of what is left.
      const counts = new Map<bigint, Promise<ReadonlyMap<string, number>>>();
      for (const build of builds) {
        if (!counts.has(build.checkpoint)) counts.set(build.checkpoint, this.store.countTypesAfter(build.checkpoint));
        const left = await counts.get(build.checkpoint)!;
        build.total = build.projection.handles.reduce((total, type) => total + (left.get(type) ?? 0), 0);
        report(build);
      }

      // One read serves every build: of the types any build still building handles.
      const readAfter = (after: bigint): Promise<LogPage> =>
        this.store.readPage({ after, maxCount: this.#rebuildBatchSize, types: [...new Set(builds.filter((build) => !build.live).flatMap((build) => build.projection.handles))] });
      let after = builds.reduce((min, build) => (build.checkpoint < min ? build.checkpoint : min), builds[0]!.checkpoint);
      let page = readAfter(after);
      for (;;) {
        const { events, through } = await page;
        const building = builds.filter((build) => !build.live);
        if (through === after) {
          await eachSettled(writing.splice(0));
          // Side by side, each on a connection of its own: finishing is mostly the database's work
          // (derived rows, index sorts, statistics), and it can do several at once.
          await eachSettled(building.map((build) => this.#finishAndSwitch(build)));
          if (builds.every((build) => build.live)) break;
          page = readAfter(after);
          continue;
        }
        after = through;
        page = readAfter(after);
        // Keeps the read ahead from failing unobserved while a batch below throws.
        page.catch(() => {});
        const batches: ((writesStarted: () => void) => Promise<void>)[] = [];
        for (const build of building) {
          const handled = handledTypes(build.projection);
          const relevant = events.filter((event) => event.position > build.checkpoint && handled.has(event.type));
          // Every build has read the log through `through`: the events not answered were of types none of them handles.
          if (build.checkpoint < through) build.checkpoint = through;
          // Nothing to write: its checkpoint moves with its next batch (a kill only makes it read these again).
          if (relevant.length === 0) continue;
          // Finished but not switched (the live generation was further along): its rows are complete, and stay so.
          const batch = batchOf(build.projection, relevant, build.generation.generation, build.finished ? 'live' : 'rebuilding');
          batches.push(async (writesStarted) => {
            await this.#commitBuildBatch(build, batch, through, writesStarted);
            build.done += relevant.length;
            report(build);
          });
        }
        // This page's batches were prepared while the last page's were written: they go once those have committed.
        await eachSettled(writing.splice(0));
        const started = batches.map((batch) => {
          const { promise, resolve } = settlement();
          const written = batch(resolve);
          writing.push(written);
          written.then(resolve, resolve);
          return promise;
        });
        // The next page is prepared once these batches' writes run: preparing holds Node's only thread,
        // and their transactions' opening round trips would wait for it.
        await Promise.all(started);
      }
      const generations: Generation[] = [];
      for (const build of builds) {
        await this.#dropAbandonedBuilds(build.projection);
        this.#publishCheckpoint(build.projection.name, build.checkpoint);
        this.#log(`projection ${build.projection.name}: generation ${build.generation.generation} (version ${build.projection.version}) is live at position ${build.checkpoint}`);
        generations.push({ ...build.generation, status: 'live', checkpoint: build.checkpoint });
      }
      return generations;
    } finally {
      // After a failure, no lock is released under a batch still being written.
      await Promise.allSettled(writing);
      for (const build of builds) await build.lock.release();
    }
  }

  /** Once a build has caught up with the log: its finishBuild steps, deferred indexes and statistics (once), then its switch. */
  async #finishAndSwitch(build: Build): Promise<void> {
    // The switch compares committed checkpoints: the last pages' must be.
    if (build.committed < build.checkpoint) await this.#commitBuildBatch(build, NO_EVENTS, build.checkpoint);
    if (!build.finished) {
      const tables = generationTables(build.generation.generation);
      await eachSettled(
        (build.projection.finishBuild ?? []).map((step) =>
          this.db.transaction().execute(async (trx) => {
            await commitWithoutWaitingForDisk(trx, this.dbKind);
            await step(trx, tables);
          }),
        ),
      );
      await build.projection.createIndexes?.(this.db, tables);
      // Fresh tables have no statistics until autovacuum gets to them: the readers' first plans would be blind.
      // Each table on a connection of its own: the server analyses them on every core.
      await eachSettled(build.projection.tables.map((table) => sql`analyze ${sql.id(tables[table])}`.execute(this.db)));
      build.finished = true;
    }
    // False while the serving generation applied events after our last read: catch up with it, then switch.
    build.live = await switchLive(this.db, build.projection, build.generation.generation);
    if (build.live) this.#publishMark(build.projection.name, { generation: build.generation.generation, eventsApplied: build.eventsApplied });
  }

  /** Writes a build's batch and commits its checkpoint at `last`. */
  async #commitBuildBatch(build: Build, batch: Batch, last: bigint, writesStarted?: () => void): Promise<void> {
    const applied = await this.#applyBatch(build.projection, build.generation.generation, batch, last, 'building', writesStarted);
    if (applied === null) throw new Error(`Projection ${build.projection.name} generation ${build.generation.generation} is no longer being built`);
    build.eventsApplied = applied;
    build.committed = last;
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
    const { events, through } = await this.store.readPage({ after: checkpoint, maxCount: this.#batchSize, types: projection.handles });
    if (through === checkpoint || events.length === 0) return { checkpoint: through, stale: false, committed: false };
    const eventsApplied = await this.#applyBatch(projection, generation, batchOf(projection, events, generation, 'live'), through, 'live');
    if (eventsApplied === null) return { checkpoint, stale: true, committed: false };
    this.#publishMark(projection.name, { generation, eventsApplied });
    return { checkpoint: through, stale: false, committed: true };
  }

  /**
   * Runs the batch's writes and moves its checkpoint to `last`, in one transaction; answers the
   * generation's count of applied events after it, or null (nothing written) when the generation is
   * no longer `expected`.
   */
  async #applyBatch(projection: Projection, generation: number, batch: Batch, last: bigint, expected: GenerationStatus, writesStarted?: () => void): Promise<bigint | null> {
    return this.db.transaction().execute(async (trx) => {
      if (expected === 'building') await commitWithoutWaitingForDisk(trx, this.dbKind);
      // Moving the checkpoint first locks the generation's row, which orders this batch with a switch: the
      // switch waits for it, or it sees the switch and nothing is written. One statement, not a locking read
      // and then the move: a live batch of one event is mostly that bookkeeping.
      const moved = await trx
        .updateTable('projection_generations')
        .set({ checkpoint: last, events_applied: sql<bigint>`events_applied + ${batch.events}` })
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .where('status', '=', expected)
        .returning('events_applied')
        .executeTakeFirst();
      if (!moved) return null;
      writesStarted?.();
      await batch.write?.(trx);
      return BigInt(moved.events_applied);
    });
  }

  /** Keeps the live generation following the log; follows a switch made by another process. */
  async #follow(projection: Projection): Promise<void> {
    while (!this.#stopped) {
      try {
        const live = await liveGeneration(this.db, projection.name);
        if (!live) return;
        const lock = await tryRunnerLock(this.#locks, this.dbKind, `projection:${live.generation}`);
        if (!lock) {
          // Another process runs it: follow its checkpoint, so read-your-writes here waits only for that
          // process; check again soon (it may stop, or switch generations).
          this.#publishCheckpoint(projection.name, BigInt(live.checkpoint));
          this.#rereadMarks.add(projection.name);
          this.#publishMark(projection.name, { generation: live.generation, eventsApplied: BigInt(live.events_applied) });
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
    const deferred = new DeferredCheckpoint(checkpoint);
    let generationCheckedAt = performance.now();
    this.#publishCheckpoint(projection.name, checkpoint);
    this.#rereadMarks.delete(projection.name);
    this.#publishMark(projection.name, { generation: live.generation, eventsApplied: BigInt(live.events_applied) });
    while (!this.#stopped) {
      if (lock.lost) throw new RunnerLockLostError(`projection:${live.generation}`);
      const batch = await this.#processBatch(projection, live.generation, checkpoint);
      // Switched away by a rebuild: #follow picks up the new live generation.
      if (batch.stale) return;
      if (batch.committed) deferred.markCommitted(batch.checkpoint);
      if (batch.checkpoint > checkpoint) {
        checkpoint = batch.checkpoint;
        this.#publishCheckpoint(projection.name, checkpoint);
        continue;
      }
      // At the head.
      const dueInMs = deferred.dueInMs(checkpoint);
      if (dueInMs === 0) {
        if ((await this.#applyBatch(projection, live.generation, NO_EVENTS, checkpoint, 'live')) === null) return;
        deferred.markCommitted(checkpoint);
      }
      await this.#idle(dueInMs !== null && dueInMs > 0 ? dueInMs : IDLE_RECHECK_MS, checkpoint);
      // A switch by another process: looked for at least every IDLE_RECHECK_MS, not at every wake-up.
      if (performance.now() - generationCheckedAt >= IDLE_RECHECK_MS) {
        const current = await liveGeneration(this.db, projection.name);
        if (current?.generation !== live.generation) return;
        generationCheckedAt = performance.now();
      }
    }
    // Stopped: what it reached stays reached for the next start and for other processes.
    if (deferred.pending(checkpoint)) await this.#applyBatch(projection, live.generation, NO_EVENTS, checkpoint, 'live');
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

  #publishMark(name: string, mark: ReadModelMark): void {
    // Never back: a retired generation's follower may publish its last batch after the switch.
    const published = this.#marks.get(name);
    if (published && (published.generation > mark.generation || (published.generation === mark.generation && published.eventsApplied >= mark.eventsApplied))) return;
    this.#marks.set(name, mark);
    this.#markTexts = new Map([...this.#marks].map(([projection, { generation, eventsApplied }]) => [projection, `${generation}:${eventsApplied}`]));
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

function settlement(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
