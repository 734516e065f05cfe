import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Selectable } from 'kysely';
import { Observable } from 'rxjs';
import type { EventMetadata, EventToAppend, RecordedEvent } from '../../domain/shared/events.js';
import type { Database } from '../db/database.js';
import type { EventsTable, Schema } from '../db/schema.js';
import {
  START_OF_LOG,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewStreamAppend,
  type ReadAllOptions,
} from './port.js';

/**
 * Every append takes this transaction-scoped advisory lock before it draws positions from the
 * sequence. Appends therefore commit in position order, so a reader that has seen position N
 * can never later find a committed event below N: reading `position > checkpoint` skips nothing.
 */
const APPEND_LOCK_NAME = 'tessera:append';

/** How often a live subscription looks for events appended by other processes. */
const SUBSCRIPTION_POLL_MS = 250;
const SUBSCRIPTION_PAGE_SIZE = 500;
const BULK_INSERT_ROWS = 5_000;

export function createPostgresEventStore(database: Database): EventStore {
  const { db } = database;
  // Wakes this process's subscribers at once after its own appends commit.
  const appended = new EventEmitter();
  appended.setMaxListeners(0);

  async function appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const result = await db.transaction().execute(async (trx) => {
      // Keyed by schema: logs in different schemas of one server don't wait for each other.
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${APPEND_LOCK_NAME}))`.execute(trx);
      const current = await lastRevision(trx, streamId);

      const alreadyStored = await trx
        .selectFrom('events')
        .select(['event_id', 'revision', 'position'])
        .where('stream_id', '=', streamId)
        .where('event_id', 'in', events.map((event) => event.id))
        .orderBy('position')
        .execute();
      if (alreadyStored.length === events.length) {
        // An idempotent retry: the same events were stored before; report where they are.
        const last = alreadyStored[alreadyStored.length - 1]!;
        return { nextExpectedRevision: BigInt(last.revision), position: BigInt(last.position), fresh: false };
      }
      if (alreadyStored.length > 0) throw new WrongExpectedRevisionError(streamId, expectedRevision, current ?? 'no_stream');

      checkExpectedRevision(streamId, expectedRevision, current);
      const firstRevision = current === null ? 0n : current + 1n;
      const rows = await trx
        .insertInto('events')
        .values(
          events.map((event, index) => ({
            stream_id: streamId,
            revision: firstRevision + BigInt(index),
            event_id: event.id,
            type: event.type,
            data: JSON.stringify(event.data),
            metadata: JSON.stringify(event.metadata),
          })),
        )
        .returning(['position', 'revision'])
        .execute();
      const last = rows[rows.length - 1]!;
      return { nextExpectedRevision: BigInt(last.revision), position: BigInt(last.position), fresh: true };
    });
    if (result.fresh) appended.emit('appended', result.position);
    return { nextExpectedRevision: result.nextExpectedRevision, position: result.position };
  }

  async function appendToNewStreams(appends: readonly NewStreamAppend[]): Promise<bigint | null> {
    const last = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${APPEND_LOCK_NAME}))`.execute(trx);
      const streamIds = appends.map((append) => append.streamId);
      const stored = streamIds.length === 0 ? [] : await trx.selectFrom('events').select(['stream_id', 'event_id']).where('stream_id', 'in', streamIds).execute();
      const storedIds = new Map<string, Set<string>>();
      for (const row of stored) storedIds.set(row.stream_id, (storedIds.get(row.stream_id) ?? new Set()).add(row.event_id));
      const fresh = appends.filter(({ streamId, events }) => {
        const ids = storedIds.get(streamId);
        if (ids === undefined) return true;
        if (ids.size === events.length && events.every((event) => ids.has(event.id))) return false;
        throw new WrongExpectedRevisionError(streamId, 'no_stream', BigInt(ids.size - 1));
      });
      const rows = fresh.flatMap(({ streamId, events }) =>
        events.map((event, index) => ({
          stream_id: streamId,
          revision: BigInt(index),
          event_id: event.id,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
        })),
      );
      let position: bigint | null = null;
      // Postgres takes at most 65 535 parameters per statement: 6 per row.
      for (let start = 0; start < rows.length; start += BULK_INSERT_ROWS) {
        const inserted = await trx.insertInto('events').values(rows.slice(start, start + BULK_INSERT_ROWS)).returning('position').execute();
        position = BigInt(inserted[inserted.length - 1]!.position);
      }
      return position;
    });
    if (last !== null) appended.emit('appended', last);
    return last;
  }

  async function readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('revision').execute();
    return rows.map(toRecordedEvent);
  }

  async function readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .where('position', '>', after)
      .orderBy('position')
      .limit(maxCount)
      .execute();
    return rows.map(toRecordedEvent);
  }

  function subscribeToAll({ after }: { after: bigint }): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      let closed = false;
      let wake: (() => void) | undefined;
      const onAppended = () => wake?.();
      appended.on('appended', onAppended);

      const waitForMore = () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SUBSCRIPTION_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });

      void (async () => {
        let checkpoint = after;
        while (!closed) {
          const page = await readAll({ after: checkpoint, maxCount: SUBSCRIPTION_PAGE_SIZE });
          for (const event of page) {
            if (closed) return;
            subscriber.next(event);
            checkpoint = event.position;
          }
          if (page.length < SUBSCRIPTION_PAGE_SIZE) await waitForMore();
        }
      })().catch((error: unknown) => {
        if (!closed) subscriber.error(error);
      });

      return () => {
        closed = true;
        wake?.();
        appended.off('appended', onAppended);
      };
    });
  }

  async function headPosition(): Promise<bigint> {
    const row = await db.selectFrom('events').select((eb) => eb.fn.max('position').as('head')).executeTakeFirst();
    return row?.head === null || row?.head === undefined ? START_OF_LOG : BigInt(row.head);
  }

  async function countAfter(after: bigint): Promise<number> {
    const row = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('position', '>', after)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    kind: database.kind,
    appendToStream,
    appendToNewStreams,
    readStream,
    readAll,
    subscribeToAll,
    headPosition,
    countAfter,
    // The database belongs to the composition root, which closes it.
    close: async () => {
      appended.removeAllListeners();
    },
  };
}

async function lastRevision(db: Kysely<Schema>, streamId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.revision === null || row?.revision === undefined ? null : BigInt(row.revision);
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: bigint | null): void {
  const actual = current ?? 'no_stream';
  const matches =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'bigint' && current === expected);
  if (!matches) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

export function toRecordedEvent(row: Selectable<EventsTable>): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata as EventMetadata,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    recordedAt: row.recorded_at,
  };
}
