import { sql, type Kysely } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';
import { START_OF_LOG, type EventStore } from '../adapters/eventstore/port.js';
import { dropGenerationTables, startGeneration } from './generations.js';
import { VALIDATION_MESSAGES, type TableDifference, type ValidationReport } from '../domain/shared/read-model-validation.js';
import { DomainError } from '../domain/shared/events.js';
import type { DatabaseKind } from '../adapters/db/database.js';
import { tryRunnerLock } from './runner-lock.js';
import { generationTables, type Projection } from './projection.js';
import type { GenerationTables, ReadModelTable } from './read-models/tables.js';
import { DEFAULT_REBUILD_BATCH_SIZE } from './runner.js';

/** The live tables move while we compare: after this many catch-ups we give up rather than spin. */
const MAX_CATCH_UPS = 5;

interface Scratch {
  projection: Projection;
  generation: number;
  tables: GenerationTables;
  handled: ReadonlySet<string>;
  checkpoint: bigint;
}

/**
 * The admin's validate action: every projection rebuilt from the log into scratch tables, up to the
 * position its live generation has reached, then compared row by row with the live tables. The
 * comparison runs while the live generations' rows are share-locked, so their followers wait and
 * both sides stand at the same position. The scratch tables are dropped afterwards.
 */
export async function validateReadModels(
  database: { db: Kysely<Schema>; kind: DatabaseKind },
  store: EventStore,
  projections: readonly Projection[],
): Promise<ValidationReport> {
  const { db, kind } = database;
  // One at a time per database: two runs would draw the same scratch generations. In this process
  // a set of running databases answers at once (PGlite's lock is a no-op); across processes the lock.
  if (validating.has(db)) throw new DomainError('conflict', VALIDATION_MESSAGES.alreadyRunning);
  validating.add(db);
  try {
    const lock = await tryRunnerLock(db, kind, VALIDATION_LOCK_KEY);
    if (lock === null) throw new DomainError('conflict', VALIDATION_MESSAGES.alreadyRunning);
    try {
      return await validateAgainstScratch(db, store, projections);
    } finally {
      await lock.release();
    }
  } finally {
    validating.delete(db);
  }
}

const VALIDATION_LOCK_KEY = 'read-model-validation';
const validating = new WeakSet<Kysely<Schema>>();

async function validateAgainstScratch(
  db: Kysely<Schema>,
  store: EventStore,
  projections: readonly Projection[],
): Promise<ValidationReport> {
  const scratches: Scratch[] = [];
  try {
    for (const projection of projections) {
      const { generation } = await startGeneration(db, projection, 'retired');
      scratches.push({
        projection,
        generation,
        tables: generationTables(generation),
        handled: new Set(projection.handles),
        checkpoint: START_OF_LOG,
      });
    }
    for (let attempt = 0; attempt < MAX_CATCH_UPS; attempt += 1) {
      await catchUp(db, store, scratches, await liveCheckpoints(db));
      const report = await db.transaction().execute(async (trx) => {
        const live = await liveCheckpoints(trx, { lock: true });
        if (scratches.some((scratch) => live.get(scratch.projection.name) !== scratch.checkpoint)) return null;
        const differences: TableDifference[] = [];
        for (const scratch of scratches) {
          for (const table of scratch.projection.tables) {
            const difference = await compareTable(trx, table, scratch.tables[table]);
            if (difference.onlyLive > 0 || difference.onlyRebuilt > 0)
              differences.push({ ...difference, table, projection: scratch.projection.name });
          }
        }
        const position = scratches.reduce((max, scratch) => (scratch.checkpoint > max ? scratch.checkpoint : max), START_OF_LOG);
        return {
          tables: scratches.reduce((count, scratch) => count + scratch.projection.tables.length, 0),
          position: String(position),
          differences,
        };
      });
      if (report !== null) return report;
    }
    throw new Error('The read models kept moving during the validation: please try again.');
  } finally {
    for (const scratch of scratches) {
      await dropGenerationTables(db, scratch.projection, [scratch.generation]);
      await db.deleteFrom('projection_generations').where('generation', '=', scratch.generation).execute();
    }
  }
}

async function liveCheckpoints(db: Kysely<Schema>, { lock = false } = {}): Promise<Map<string, bigint>> {
  const query = db.selectFrom('projection_generations').select(['projection', 'checkpoint']).where('status', '=', 'live');
  const rows = await (lock ? query.forShare() : query).execute();
  return new Map(rows.map((row) => [row.projection, BigInt(row.checkpoint)]));
}

/** Applies the log to each scratch generation up to its live generation's checkpoint, reading the log once for all. */
async function catchUp(db: Kysely<Schema>, store: EventStore, scratches: Scratch[], targets: ReadonlyMap<string, bigint>): Promise<void> {
  const targetOf = (scratch: Scratch) => targets.get(scratch.projection.name) ?? START_OF_LOG;
  for (;;) {
    const behind = scratches.filter((scratch) => scratch.checkpoint < targetOf(scratch));
    if (behind.length === 0) return;
    const after = behind.reduce((min, scratch) => (scratch.checkpoint < min ? scratch.checkpoint : min), behind[0]!.checkpoint);
    const types = [...new Set(behind.flatMap((scratch) => scratch.projection.handles))];
    const { events, through } = await store.readPage({ after, maxCount: DEFAULT_REBUILD_BATCH_SIZE, types });
    for (const scratch of behind) {
      const target = targetOf(scratch);
      const relevant = events.filter(
        (event) => event.position > scratch.checkpoint && event.position <= target && scratch.handled.has(event.type),
      );
      if (relevant.length > 0) await db.transaction().execute((trx) => scratch.projection.apply(trx, relevant, scratch.tables, 'live'));
      // The live checkpoint may be past the log's last event this projection handles: it is reached either way.
      scratch.checkpoint = through >= target ? target : through;
    }
  }
}

async function compareTable(
  db: Kysely<Schema>,
  live: ReadModelTable,
  rebuilt: string,
): Promise<Omit<TableDifference, 'table' | 'projection'>> {
  const { rows } = await sql<{ live_rows: string; rebuilt_rows: string; only_live: string; only_rebuilt: string }>`
    select
      (select count(*) from ${sql.id(live)}) as live_rows,
      (select count(*) from ${sql.id(rebuilt)}) as rebuilt_rows,
      (select count(*) from (select l::text from ${sql.id(live)} l except all select r::text from ${sql.id(rebuilt)} r) d) as only_live,
      (select count(*) from (select r::text from ${sql.id(rebuilt)} r except all select l::text from ${sql.id(live)} l) d) as only_rebuilt
  `.execute(db);
  const row = rows[0]!;
  return {
    liveRows: Number(row.live_rows),
    rebuiltRows: Number(row.rebuilt_rows),
    onlyLive: Number(row.only_live),
    onlyRebuilt: Number(row.only_rebuilt),
  };
}
