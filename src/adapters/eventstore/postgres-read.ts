import { sql, type Kysely, type Selectable } from 'kysely';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/events.js';
import type { EventsTable, Schema } from '../db/schema.js';
import { START_OF_LOG, type EventStore, type LogPage, type ReadAllOptions, type ReadPageOptions, type ReadStreamOptions } from './port.js';

/** The Postgres event store's reads: of one stream, of the log, and counts over the log. */
export type PostgresLogReader = Pick<
  EventStore,
  'readStream' | 'findEventRevision' | 'readAll' | 'readPage' | 'headPosition' | 'countAfter' | 'countTypesAfter'
>;

export function createPostgresLogReader(db: Kysely<Schema>): PostgresLogReader {
  return {
    readStream: (streamId, options) => readStream(db, streamId, options),
    findEventRevision: (streamId, eventId) => findEventRevision(db, streamId, eventId),
    readAll: (options) => readAll(db, options),
    readPage: (options) => readPage(db, options),
    headPosition: () => headPosition(db),
    countAfter: (after) => countAfter(db, after),
    countTypesAfter: (after) => countTypesAfter(db, after),
  };
}

async function readStream(
  db: Kysely<Schema>,
  streamId: string,
  { fromRevision, maxCount }: ReadStreamOptions = {},
): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(RECORDED_EVENT_COLUMNS)
    .where('stream_id', '=', streamId)
    .$if(fromRevision !== undefined, (query) => query.where('revision', '>=', fromRevision!))
    .orderBy('revision')
    .$if(maxCount !== undefined, (query) => query.limit(maxCount!))
    .execute();
  return rows.map(toRecordedEvent);
}

async function findEventRevision(db: Kysely<Schema>, streamId: string, eventId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('events')
    .select('revision')
    .where('stream_id', '=', streamId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row ? BigInt(row.revision) : null;
}

async function readAll(db: Kysely<Schema>, { after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(RECORDED_EVENT_COLUMNS)
    .where('position', '>', after)
    .orderBy('position')
    .limit(maxCount)
    .execute();
  return rows.map(toRecordedEvent);
}

async function headPosition(db: Kysely<Schema>): Promise<bigint> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('position').as('head'))
    .executeTakeFirst();
  return row?.head === null || row?.head === undefined ? START_OF_LOG : BigInt(row.head);
}

async function countAfter(db: Kysely<Schema>, after: bigint): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('position', '>', after)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function readPage(db: Kysely<Schema>, { after, maxCount, types }: ReadPageOptions): Promise<LogPage> {
  // The same walk along the position index as readAll (a filter on the type could steer the plan to
  // a sort of every later event). An event of another type comes back as its position alone (the
  // last one says how far the page read): a reader of a few types passes over the rest where the
  // log is stored, instead of decoding each one's header.
  const wanted = types.length > 0 ? sql<boolean>`type in (${sql.join(types)})` : sql<boolean>`false`;
  const ofWanted = (column: string) => sql`case when wanted then ${sql.id(column)} end as ${sql.id(column)}`;
  const { rows } = await sql<PageRow>`
    select position, wanted, ${sql.join(RECORDED_EVENT_COLUMNS.filter((column) => column !== 'position').map(ofWanted))}
    from (select *, ${wanted} as wanted from events where position > ${after} order by position limit ${maxCount}) page
    order by position`.execute(db);
  const last = rows.at(-1);
  return { events: rows.filter((row) => row.wanted).map(toRecordedEvent), through: last === undefined ? after : BigInt(last.position) };
}

async function countTypesAfter(db: Kysely<Schema>, after: bigint): Promise<ReadonlyMap<string, number>> {
  const rows = await db
    .selectFrom('events')
    .select(['type', (eb) => eb.fn.countAll<bigint>().as('count')])
    .where('position', '>', after)
    .groupBy('type')
    .execute();
  return new Map(rows.map((row) => [row.type, Number(row.count)]));
}

/**
 * What a read returns of a stored event: its header, then its data and metadata. Not recorded_at:
 * nothing reads when an event was stored (its metadata says when it occurred), and turning the
 * timestamp into a Date took a tenth of a read's CPU.
 */
const EVENT_HEADER_COLUMNS = ['position', 'type', 'stream_id', 'revision', 'event_id'] as const;
export const RECORDED_EVENT_COLUMNS = [...EVENT_HEADER_COLUMNS, 'data', 'metadata'] as const;
type PageRow = Pick<Selectable<EventsTable>, (typeof RECORDED_EVENT_COLUMNS)[number]> & { wanted: boolean };

export function toRecordedEvent(row: Pick<Selectable<EventsTable>, (typeof RECORDED_EVENT_COLUMNS)[number]>): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata as EventMetadata,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
  };
}
