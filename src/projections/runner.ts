import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { Schema } from '../adapters/db/schema.js';
import { START_OF_LOG, type EventStore } from '../adapters/eventstore/port.js';
import { liveGeneration, type Generation } from './generations.js';
import type { Projection } from './projection.js';
import type { RunnerContext } from './runner-batches.js';
import { LiveFollower } from './runner-follow.js';
import { PublishedProgress } from './runner-published.js';
import { rebuildAll, type RebuildProgress } from './runner-rebuild.js';

export type { RebuildProgress } from './runner-rebuild.js';

export const DEFAULT_BATCH_SIZE = 500;
/**
 * A rebuild writes into tables nobody reads yet, so it takes larger batches: fewer commits, and a
 * set-based `apply` gets more rows per statement. Two pages are held at most (one applied, one read ahead).
 */
export const DEFAULT_REBUILD_BATCH_SIZE = 5_000;

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
 * idempotent anyway). Live following is in runner-follow.ts, blue-green rebuilds in
 * runner-rebuild.ts, what it publishes (checkpoints, read model marks) in runner-published.ts.
 */
export class ProjectionRunner {
  readonly #rebuildBatchSize: number;
  readonly #context: RunnerContext;
  readonly #published = new PublishedProgress();
  readonly #follower: LiveFollower;
  readonly #loops: Promise<void>[] = [];

  constructor(
    private readonly db: Kysely<Schema>,
    dbKind: DatabaseKind,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    this.#rebuildBatchSize = options.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH_SIZE;
    this.#context = { db, dbKind, store, locks: options.locks ?? db, log: options.log ?? (() => {}), published: this.#published };
    this.#follower = new LiveFollower(this.#context, options.batchSize ?? DEFAULT_BATCH_SIZE);
  }

  /**
   * Makes every projection live (building the first generation when there is none), then keeps
   * them following the log. A projection whose code version differs from its live one is
   * rebuilt into new tables in the background while the old generation keeps serving.
   */
  async start(): Promise<void> {
    const { log } = this.#context;
    const unbuilt: Projection[] = [];
    const outdated: Projection[] = [];
    for (const projection of this.projections) {
      const live = await liveGeneration(this.db, projection.name);
      if (!live) {
        log(`projection ${projection.name}: no live generation, building version ${projection.version}`);
        unbuilt.push(projection);
      } else if (live.version !== projection.version) {
        log(`projection ${projection.name}: live version ${live.version}, code version ${projection.version}: rebuilding blue-green`);
        outdated.push(projection);
      }
    }
    // One read of the log feeds every build.
    if (unbuilt.length > 0) await this.rebuildAll(unbuilt);
    if (outdated.length > 0) {
      this.#loops.push(
        this.rebuildAll(outdated).then(
          () => undefined,
          (error: unknown) => log(`rebuild of ${outdated.map((p) => p.name).join(', ')} failed: ${String(error)}`),
        ),
      );
    }
    for (const projection of this.projections) this.#loops.push(this.#follower.follow(projection));
  }

  async stop(): Promise<void> {
    this.#follower.stop();
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
    return this.#published.markTexts;
  }

  /** The projections whose marks may lag a commit by up to FOLLOWER_RECHECK_MS: another process runs them. */
  rereadMarks(): ReadonlySet<string> {
    return this.#published.rereadMarks;
  }

  /** Resolves true once every named projection has passed `position`, false after `timeoutMs`. */
  async waitFor(position: bigint, timeoutMs: number, names: readonly string[] = this.projections.map((p) => p.name)): Promise<boolean> {
    return this.#published.waitFor(position, timeoutMs, names);
  }

  async status(): Promise<ProjectionStatus[]> {
    const rows = await this.db.selectFrom('projection_generations').selectAll().where('status', '!=', 'retired').execute();
    const statuses: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const live = rows.find((row) => row.projection === projection.name && row.status === 'live');
      // A follower here may have passed events its projection does not handle without committing yet.
      const reached = this.#published.checkpointOf(projection.name);
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

  /** Rebuilds several projections blue-green from one read of the log (see runner-rebuild.ts). */
  async rebuildAll(toRebuild: readonly Projection[], onProgress?: (progress: RebuildProgress) => void): Promise<Generation[]> {
    return rebuildAll(this.#context, this.#rebuildBatchSize, toRebuild, onProgress);
  }
}
