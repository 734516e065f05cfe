import { sql, type Kysely } from 'kysely';
import type { EventToAppend } from '../../domain/shared/events.js';
import type { Database, PreparedStatement } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewStreamAppend,
  type NewStreamsResult,
} from './port.js';

/**
 * Every append takes this transaction-scoped advisory lock before it draws positions from the
 * sequence. Appends therefore commit in position order, so a reader that has seen position N
 * can never later find a committed event below N: reading `position > checkpoint` skips nothing.
 */
const APPEND_LOCK_NAME = 'tessera:append';

const BULK_INSERT_ROWS = 5_000;
/** Events written by one group commit at most (one JSON parameter, so no parameter limit applies). */
const GROUP_MAX_EVENTS = 5_000;

/** The Postgres event store's writes. */
export type PostgresAppender = Required<Pick<EventStore, 'appendToStream' | 'appendToNewStreams'>>;

/** `onAppended` hears the last position of every write that stored events, once it has committed. */
export function createPostgresAppender(database: Database, onAppended: (position: bigint) => void): PostgresAppender {
  const { db } = database;

  /**
   * Group commit: appends that arrive while a write is in flight wait for it, then go together in
   * one statement (one transaction, one acquisition of the append lock). Each keeps its own
   * expected-revision check and its own outcome.
   */
  const waiting: PendingAppend[] = [];
  let writing = false;

  function appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    return new Promise((resolve, reject) => {
      waiting.push({ streamId, events, expectedRevision, resolve, reject });
      if (!writing) void writeWaitingGroups();
    });
  }

  async function writeWaitingGroups(): Promise<void> {
    writing = true;
    try {
      while (waiting.length > 0) {
        const group = takeGroup(waiting);
        const lastPosition = await writeGroup(group);
        if (lastPosition !== null) onAppended(lastPosition);
      }
    } finally {
      writing = false;
    }
  }

  /** Settles every append of the group; returns the last position it stored, if any. */
  async function writeGroup(group: readonly PendingAppend[]): Promise<bigint | null> {
    // A statement refused as a whole stored nothing. Most often another writer reached one of the
    // streams between its snapshot and its lock (a unique key refused the insert), or one append
    // is malformed: every append of the group is then settled alone.
    const stored = await insertGroup(database, group).catch(() => new Map<string, AppendResult>());
    let last: bigint | null = null;
    for (const append of group) {
      const result = stored.get(append.streamId);
      if (result) {
        last = later(last, result.position);
        append.resolve(result);
        continue;
      }
      // Refused by its own check (a conflict or an idempotent retry) or by the statement's failure:
      // settled under the lock, which gives this append alone its outcome.
      try {
        const alone = await appendOneLocked(db, append);
        if (alone.fresh) last = later(last, alone.position);
        append.resolve({ nextExpectedRevision: alone.nextExpectedRevision, position: alone.position });
      } catch (error) {
        append.reject(error);
      }
    }
    return last;
  }

  return {
    appendToStream,
    appendToNewStreams: async (appends) => {
      const result = await insertNewStreams(db, appends);
      if (result.position !== null) onAppended(result.position);
      return result;
    },
  };
}

/** One append in a transaction of its own, checked after the lock is held. */
async function appendOneLocked(
  db: Kysely<Schema>,
  { streamId, events, expectedRevision }: PendingAppend,
): Promise<AppendResult & { fresh: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${APPEND_LOCK_NAME}))`.execute(trx);
    const current = await lastRevision(trx, streamId);
    const alreadyStored = await storedOf(trx, streamId, events);
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
}

/**
 * Appends to streams expected not to exist, in one transaction under the append lock. A stream
 * that already holds exactly these events is reported as already stored; any other is refused.
 */
async function insertNewStreams(db: Kysely<Schema>, appends: readonly NewStreamAppend[]): Promise<NewStreamsResult> {
  const alreadyStored = new Set<string>();
  const last = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${APPEND_LOCK_NAME}))`.execute(trx);
    const streamIds = appends.map((append) => append.streamId);
    const stored =
      streamIds.length === 0
        ? []
        : await trx.selectFrom('events').select(['stream_id', 'event_id']).where('stream_id', 'in', streamIds).execute();
    const storedIds = new Map<string, Set<string>>();
    for (const row of stored) storedIds.set(row.stream_id, (storedIds.get(row.stream_id) ?? new Set()).add(row.event_id));
    const fresh = appends.filter(({ streamId, events }) => {
      const ids = storedIds.get(streamId);
      if (ids === undefined) return true;
      if (ids.size === events.length && events.every((event) => ids.has(event.id))) {
        alreadyStored.add(streamId);
        return false;
      }
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
      const inserted = await trx
        .insertInto('events')
        .values(rows.slice(start, start + BULK_INSERT_ROWS))
        .returning('position')
        .execute();
      position = BigInt(inserted[inserted.length - 1]!.position);
    }
    return position;
  });
  return { position: last, alreadyStored };
}

interface PendingAppend {
  streamId: string;
  events: readonly EventToAppend[];
  expectedRevision: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * The next group: waiting appends in arrival order up to GROUP_MAX_EVENTS events (at least one),
 * at most one per stream, since every append in a statement checks the stream as it was before it.
 */
function takeGroup(waiting: PendingAppend[]): PendingAppend[] {
  const group: PendingAppend[] = [];
  const streams = new Set<string>();
  let events = 0;
  for (let index = 0; index < waiting.length;) {
    const append = waiting[index]!;
    const fits = group.length === 0 || events + append.events.length <= GROUP_MAX_EVENTS;
    if (!fits) break;
    if (streams.has(append.streamId)) {
      index += 1;
      continue;
    }
    streams.add(append.streamId);
    events += append.events.length;
    group.push(append);
    waiting.splice(index, 1);
  }
  return group;
}

/**
 * One statement, so one implicit transaction: take the append lock, keep the appends whose
 * expected revision matches and none of whose events are stored yet, insert their events.
 * The statement's snapshot is taken before the lock is granted, so it can miss an append that
 * committed meanwhile; the new events then collide with that append's revisions, the unique key
 * refuses the whole statement, and the caller settles the group under the lock instead.
 * Positions are drawn only after the lock is held (the lock joins every inserted row), so
 * appends still commit in position order.
 * Stored events are looked up by key, one LATERAL probe per input row: as a plain anti-join the
 * planner, which assumes a hundred input rows, scanned the whole of a small log instead; and the
 * plan no longer depends on the group's size, so the server reuses one plan for every group.
 */
const INSERT_GROUP: PreparedStatement = {
  name: 'tessera_append_group',
  text: `
    with input as (
      select * from jsonb_to_recordset($1::jsonb)
        as r(append_index int, stream_id text, expected text, event_index int, event_id uuid, type text, data jsonb, metadata jsonb)
    ),
    appends as (
      select distinct on (append_index) append_index, stream_id, expected,
        (select max(e.revision) from events e where e.stream_id = input.stream_id) as current
      from input order by append_index
    ),
    accepted as (
      select a.append_index, coalesce(a.current + 1, 0) as first_revision from appends a
      where not exists (
          select from input i cross join lateral (select from events e where e.stream_id = i.stream_id and e.event_id = i.event_id limit 1) stored
          where i.append_index = a.append_index)
        and (a.expected = 'any'
          or (a.expected = 'no_stream' and a.current is null)
          or (a.expected = 'stream_exists' and a.current is not null)
          or a.expected = a.current::text)
    ),
    append_lock as (select pg_advisory_xact_lock(hashtext(current_schema() || ':' || $2)) as held)
    insert into events (stream_id, revision, event_id, type, data, metadata)
    select i.stream_id, accepted.first_revision + i.event_index, i.event_id, i.type, i.data, i.metadata
    from append_lock cross join input i join accepted on accepted.append_index = i.append_index
    order by i.append_index, i.event_index
    returning stream_id, revision, position`,
};

/** Stores what INSERT_GROUP accepts of the group; returns what each stored append reached, by stream. */
async function insertGroup(database: Database, group: readonly PendingAppend[]): Promise<Map<string, AppendResult>> {
  const rows = group.flatMap(({ streamId, events, expectedRevision }, appendIndex) =>
    events.map((event, eventIndex) => ({
      append_index: appendIndex,
      stream_id: streamId,
      expected: typeof expectedRevision === 'bigint' ? expectedRevision.toString() : expectedRevision,
      event_index: eventIndex,
      event_id: event.id,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    })),
  );
  const inserted = await database.executePrepared<{ stream_id: string; revision: bigint; position: bigint }>(INSERT_GROUP, [
    JSON.stringify(rows),
    APPEND_LOCK_NAME,
  ]);
  const reached = new Map<string, AppendResult>();
  for (const row of inserted) {
    const result = { nextExpectedRevision: BigInt(row.revision), position: BigInt(row.position) };
    const earlier = reached.get(row.stream_id);
    if (!earlier || result.position > earlier.position) reached.set(row.stream_id, result);
  }
  return reached;
}

const later = (a: bigint | null, b: bigint) => (a === null || b > a ? b : a);

function storedOf(db: Kysely<Schema>, streamId: string, events: readonly EventToAppend[]) {
  return db
    .selectFrom('events')
    .select(['event_id', 'revision', 'position'])
    .where('stream_id', '=', streamId)
    .where(
      'event_id',
      'in',
      events.map((event) => event.id),
    )
    .orderBy('position')
    .execute();
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
