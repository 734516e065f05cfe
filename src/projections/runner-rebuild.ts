import { sql } from 'kysely';
import type { LogPage } from '../adapters/eventstore/port.js';
import type { RecordedEvent } from '../domain/shared/events.js';
import { dropGenerationTables, startGeneration, switchLive, unfinishedBuild, type Generation } from './generations.js';
import { generationTables, type Projection } from './projection.js';
import { eachSettled } from './read-models/tables.js';
import {
  applyBatch,
  batchOf,
  commitWithoutWaitingForDisk,
  handledTypes,
  NO_EVENTS,
  type Batch,
  type RunnerContext,
} from './runner-batches.js';
import { tryRunnerLock, type RunnerLock } from './runner-lock.js';

export interface RebuildProgress {
  projection: string;
  generation: number;
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
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
  /** Its last batch given to the database: its next one is written once this one has committed. */
  written: Promise<void>;
}

type ReportProgress = (build: Build) => void;

/**
 * Rebuilds several projections blue-green from one read of the log: each page read feeds every
 * projection, each in its own transaction with its checkpoint, so each resumes from its own
 * checkpoint after a kill. A pipeline: while the database writes a page's batches, the next page
 * is read and its batches prepared (a projection's `prepare`). A projection's deferred indexes are
 * built once its tables have caught up, just before its switch.
 */
export async function rebuildAll(
  context: RunnerContext,
  batchSize: number,
  toRebuild: readonly Projection[],
  onProgress?: (progress: RebuildProgress) => void,
): Promise<Generation[]> {
  const builds: Build[] = [];
  /** The batches being written, one per build at most. */
  const writing: Promise<void>[] = [];
  try {
    for (const projection of toRebuild) builds.push(await openBuild(context, projection));
    const report = progressReporter(onProgress);
    await countWhatIsLeft(context, builds, report);
    await applyTheLog(context, batchSize, builds, writing, report);
    const generations: Generation[] = [];
    for (const build of builds) {
      await dropAbandonedBuilds(context, build.projection);
      context.published.publishCheckpoint(build.projection.name, build.checkpoint);
      context.log(
        `projection ${build.projection.name}: generation ${build.generation.generation} (version ${build.projection.version}) is live at position ${build.checkpoint}`,
      );
      generations.push({ ...build.generation, status: 'live', checkpoint: build.checkpoint });
    }
    return generations;
  } finally {
    // After a failure, no lock is released under a batch still being written.
    await Promise.allSettled(writing);
    for (const build of builds) await build.lock.release();
  }
}

/** The generation a killed rebuild left unfinished, or a new one; locked for this process. */
async function openBuild(context: RunnerContext, projection: Projection): Promise<Build> {
  let generation = await unfinishedBuild(context.db, projection);
  if (generation)
    context.log(`projection ${projection.name}: resuming generation ${generation.generation} from position ${generation.checkpoint}`);
  else generation = await startGeneration(context.db, projection);
  const lock = await tryRunnerLock(context.locks, context.dbKind, `projection:${generation.generation}`);
  if (!lock) throw new Error(`Projection ${projection.name} generation ${generation.generation} is being built by another process`);
  return {
    projection,
    generation,
    lock,
    checkpoint: BigInt(generation.checkpoint),
    committed: BigInt(generation.checkpoint),
    done: 0,
    total: 0,
    finished: false,
    live: false,
    eventsApplied: BigInt(generation.events_applied),
    written: Promise.resolve(),
  };
}

function progressReporter(onProgress: ((progress: RebuildProgress) => void) | undefined): ReportProgress {
  const startedAt = performance.now();
  return (build) => {
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
}

/** Sets each build's total: the events of its types after its checkpoint. */
async function countWhatIsLeft(context: RunnerContext, builds: readonly Build[], report: ReportProgress): Promise<void> {
  // Builds from the same checkpoint (every fresh one starts at the log's start) share one count of what is left.
  const counts = new Map<bigint, Promise<ReadonlyMap<string, number>>>();
  for (const build of builds) {
    if (!counts.has(build.checkpoint)) counts.set(build.checkpoint, context.store.countTypesAfter(build.checkpoint));
    const left = await counts.get(build.checkpoint)!;
    build.total = build.projection.handles.reduce((total, type) => total + (left.get(type) ?? 0), 0);
    report(build);
  }
}

/** Reads the log page by page into every build until each has caught up and switched live. */
async function applyTheLog(
  context: RunnerContext,
  batchSize: number,
  builds: readonly Build[],
  writing: Promise<void>[],
  report: ReportProgress,
): Promise<void> {
  // One read serves every build: of the types any build still building handles.
  const readAfter = (after: bigint): Promise<LogPage> =>
    context.store.readPage({
      after,
      maxCount: batchSize,
      types: [...new Set(builds.filter((build) => !build.live).flatMap((build) => build.projection.handles))],
    });
  let after = builds.reduce((min, build) => (build.checkpoint < min ? build.checkpoint : min), builds[0]!.checkpoint);
  let page = readAfter(after);
  /** The batches of the page before the last one prepared (also in `writing`). */
  let pageBefore: Promise<void>[] = [];
  for (;;) {
    const { events, through } = await page;
    const building = builds.filter((build) => !build.live);
    if (through === after) {
      pageBefore = [];
      await eachSettled(writing.splice(0));
      // Side by side, each on a connection of its own: finishing is mostly the database's work
      // (derived rows, index sorts, statistics), and it can do several at once.
      await eachSettled(building.map((build) => finishAndSwitch(context, build)));
      if (builds.every((build) => build.live)) break;
      page = readAfter(after);
      continue;
    }
    after = through;
    page = readAfter(after);
    // Keeps the read ahead from failing unobserved while a batch below throws.
    page.catch(() => {});
    // Each build's batch goes once its own batch before has committed, not every build's: the build
    // with the most to write in a page need not wait for the one with the most in the page before.
    const started = prepareBatches(context, building, events, through, report).map(({ build, write }) => {
      const { promise, resolve } = settlement();
      const written = build.written.then(() => write(resolve));
      written.then(resolve, resolve);
      build.written = written;
      writing.push(written);
      return { written, started: promise };
    });
    // At most two pages' batches are held: the next page is read on once every build has written the one before this.
    await eachSettled(pageBefore);
    writing.splice(0, pageBefore.length);
    pageBefore = started.map((batch) => batch.written);
    // The next page is prepared once this one's batches' writes run: preparing holds Node's only thread,
    // and their transactions' opening round trips would wait for it.
    await Promise.all(started.map((batch) => batch.started));
  }
}

/** Each build's batch of a page read through `through`, prepared now, to be written when called. */
function prepareBatches(
  context: RunnerContext,
  building: readonly Build[],
  events: readonly RecordedEvent[],
  through: bigint,
  report: ReportProgress,
): { build: Build; write: (writesStarted: () => void) => Promise<void> }[] {
  const batches: { build: Build; write: (writesStarted: () => void) => Promise<void> }[] = [];
  for (const build of building) {
    const handled = handledTypes(build.projection);
    const relevant = events.filter((event) => event.position > build.checkpoint && handled.has(event.type));
    // Every build has read the log through `through`: the events not answered were of types none of them handles.
    if (build.checkpoint < through) build.checkpoint = through;
    // Nothing to write: its checkpoint moves with its next batch (a kill only makes it read these again).
    if (relevant.length === 0) continue;
    // Finished but not switched (the live generation was further along): its rows are complete, and stay so.
    const batch = batchOf(build.projection, relevant, build.generation.generation, build.finished ? 'live' : 'rebuilding');
    batches.push({
      build,
      write: async (writesStarted) => {
        await commitBuildBatch(context, build, batch, through, writesStarted);
        build.done += relevant.length;
        report(build);
      },
    });
  }
  return batches;
}

/** Once a build has caught up with the log: its finishBuild steps, deferred indexes and statistics (once), then its switch. */
async function finishAndSwitch(context: RunnerContext, build: Build): Promise<void> {
  const { db, dbKind } = context;
  // The switch compares committed checkpoints: the last pages' must be.
  if (build.committed < build.checkpoint) await commitBuildBatch(context, build, NO_EVENTS, build.checkpoint);
  if (!build.finished) {
    const tables = generationTables(build.generation.generation);
    await eachSettled(
      (build.projection.finishBuild ?? []).map((step) =>
        db.transaction().execute(async (trx) => {
          await commitWithoutWaitingForDisk(trx, dbKind);
          await step(trx, tables);
        }),
      ),
    );
    await build.projection.createIndexes?.(db, tables);
    // Fresh tables have no statistics until autovacuum gets to them: the readers' first plans would be blind.
    // Each table on a connection of its own: the server analyses them on every core.
    await eachSettled(build.projection.tables.map((table) => sql`analyze ${sql.id(tables[table])}`.execute(db)));
    build.finished = true;
  }
  // False while the serving generation applied events after our last read: catch up with it, then switch.
  build.live = await switchLive(db, build.projection, build.generation.generation);
  if (build.live)
    context.published.publishMark(build.projection.name, { generation: build.generation.generation, eventsApplied: build.eventsApplied });
}

/** Writes a build's batch and commits its checkpoint at `last`. */
async function commitBuildBatch(
  context: RunnerContext,
  build: Build,
  batch: Batch,
  last: bigint,
  writesStarted?: () => void,
): Promise<void> {
  const applied = await applyBatch(context, build.projection, build.generation.generation, batch, last, 'building', writesStarted);
  if (applied === null)
    throw new Error(`Projection ${build.projection.name} generation ${build.generation.generation} is no longer being built`);
  build.eventsApplied = applied;
  build.committed = last;
}

/** Unfinished builds of other versions can never be resumed: drop them. */
async function dropAbandonedBuilds({ db }: RunnerContext, projection: Projection): Promise<void> {
  const abandoned = await db
    .deleteFrom('projection_generations')
    .where('projection', '=', projection.name)
    .where('status', '=', 'building')
    .where('version', '!=', projection.version)
    .returning('generation')
    .execute();
  await dropGenerationTables(
    db,
    projection,
    abandoned.map((row) => row.generation),
  );
}

function settlement(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
