import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProjectionGenerationsTable, Schema } from '../adapters/db/schema.js';
import { START_OF_LOG } from '../adapters/eventstore/port.js';
import { generationTables, physicalTableName, type Projection } from './projection.js';

export type Generation = Selectable<ProjectionGenerationsTable>;

export function liveGeneration(db: Kysely<Schema>, projection: string): Promise<Generation | undefined> {
  return db
    .selectFrom('projection_generations')
    .selectAll()
    .where('projection', '=', projection)
    .where('status', '=', 'live')
    .executeTakeFirst();
}

/** A build of the current version left unfinished (e.g. killed): resume it rather than start over. */
export function unfinishedBuild(db: Kysely<Schema>, projection: Projection): Promise<Generation | undefined> {
  return db
    .selectFrom('projection_generations')
    .selectAll()
    .where('projection', '=', projection.name)
    .where('version', '=', projection.version)
    .where('status', '=', 'building')
    .orderBy('generation', 'desc')
    .executeTakeFirst();
}

/**
 * New tables for a projection under a fresh generation number. `status` 'retired' makes a scratch
 * copy (the admin's validate action): never served, never resumed by a rebuild, dropped after use.
 */
export async function startGeneration(
  db: Kysely<Schema>,
  projection: Projection,
  status: 'building' | 'retired' = 'building',
): Promise<Generation> {
  return db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('projection_generations')
      .select((eb) => eb.fn.max('generation').as('max'))
      .executeTakeFirstOrThrow();
    // Generations are numbered across projections so physical table names never repeat.
    const generation = (max ?? 0) + 1;
    await projection.createTables(trx, generationTables(generation));
    return trx
      .insertInto('projection_generations')
      .values({ projection: projection.name, generation, version: projection.version, status, checkpoint: START_OF_LOG, switched_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * The atomic switch: in one transaction the views start pointing at the new generation's
 * tables and it becomes live; readers see either the old tables or the new ones, never neither.
 * Answers false (and switches nothing) while the live generation is further along the log than
 * the new one: a reader that waited for the live one's position must not lose it on the switch.
 */
export async function switchLive(db: Kysely<Schema>, projection: Projection, generation: number): Promise<boolean> {
  const retired = await db.transaction().execute(async (trx) => {
    // Locks both rows: the live generation's follower cannot apply a batch until we are done.
    const rows = await trx
      .selectFrom('projection_generations')
      .select(['generation', 'status', 'checkpoint'])
      .where('projection', '=', projection.name)
      .where((eb) => eb.or([eb('status', '=', 'live'), eb('generation', '=', generation)]))
      .forUpdate()
      .execute();
    const live = rows.find((row) => row.status === 'live' && row.generation !== generation);
    const next = rows.find((row) => row.generation === generation);
    if (live && next && BigInt(live.checkpoint) > BigInt(next.checkpoint)) return null;
    const previous = await trx
      .updateTable('projection_generations')
      .set({ status: 'retired' })
      .where('projection', '=', projection.name)
      .where('status', '=', 'live')
      .returning('generation')
      .execute();
    await trx
      .updateTable('projection_generations')
      .set({ status: 'live', switched_at: new Date() })
      .where('projection', '=', projection.name)
      .where('generation', '=', generation)
      .execute();
    for (const table of projection.tables) {
      await sql`drop view if exists ${sql.id(table)}`.execute(trx);
      await sql`create view ${sql.id(table)} as select * from ${sql.id(physicalTableName(table, generation))}`.execute(trx);
    }
    return previous.map((row) => row.generation);
  });
  if (retired === null) return false;
  await dropGenerationTables(db, projection, retired);
  return true;
}

/** Drops the tables of retired generations and of builds an older version left behind. */
export async function dropGenerationTables(db: Kysely<Schema>, projection: Projection, generations: number[]): Promise<void> {
  // One statement per generation: Postgres then looks through its shared buffers once for all its tables, not once per table.
  for (const generation of generations) {
    await sql`drop table if exists ${sql.join(projection.tables.map((table) => sql.id(physicalTableName(table, generation))))}`.execute(db);
  }
}
