import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { GenerationStatus, Schema } from '../adapters/db/schema.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import type { RecordedEvent } from '../domain/shared/events.js';
import { batchWrites, generationTables, type ApplyPhase, type Projection } from './projection.js';
import type { PublishedProgress } from './runner-published.js';
import type { BatchWrite } from './set-based.js';

/** What the runner's live and rebuild paths share. */
export interface RunnerContext {
  readonly db: Kysely<Schema>;
  readonly dbKind: DatabaseKind;
  readonly store: EventStore;
  /** Where the runner locks are held. */
  readonly locks: Kysely<Schema>;
  readonly log: (line: string) => void;
  readonly published: PublishedProgress;
}

const handledTypesOf = new WeakMap<Projection, ReadonlySet<string>>();
export function handledTypes(projection: Projection): ReadonlySet<string> {
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
export async function commitWithoutWaitingForDisk(trx: Kysely<Schema>, dbKind: DatabaseKind): Promise<void> {
  if (dbKind === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
}

/** A batch of events a projection handles: how many, and their writes (none: only the checkpoint moves). */
export interface Batch {
  events: number;
  write?: BatchWrite<unknown>;
}
export const NO_EVENTS: Batch = { events: 0 };

/** The batch of a generation's `relevant` events, its writes prepared now (by the projection's `prepare`, when it has one). */
export function batchOf(projection: Projection, relevant: readonly RecordedEvent[], generation: number, phase: ApplyPhase): Batch {
  return relevant.length === 0
    ? NO_EVENTS
    : { events: relevant.length, write: batchWrites(projection, relevant, generationTables(generation), phase) };
}

/**
 * Runs the batch's writes and moves its checkpoint to `last`, in one transaction; answers the
 * generation's count of applied events after it, or null (nothing written) when the generation is
 * no longer `expected`.
 */
export async function applyBatch(
  { db, dbKind }: RunnerContext,
  projection: Projection,
  generation: number,
  batch: Batch,
  last: bigint,
  expected: GenerationStatus,
  writesStarted?: () => void,
): Promise<bigint | null> {
  return db.transaction().execute(async (trx) => {
    if (expected === 'building') await commitWithoutWaitingForDisk(trx, dbKind);
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
