/**
 * EventStoreDB adapter for the EventStore port (`@eventstore/db-client` 6.x, gRPC).
 *
 * Positions: the port's single bigint position is ESDB's *commit* position. Events appended over
 * gRPC are implicitly committed, so every event has its own commit position (equal to its prepare
 * position) and the commit position alone orders $all. Requires EventStoreDB 22.6 or later, the
 * first version that returns log positions on stream reads.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamRecordedEvent,
  AppendExpectedRevision,
  CurrentRevision,
  JSONType,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { Observable } from 'rxjs';
import type { EventMetadata, EventToAppend, RecordedEvent } from '../../domain/shared/events.js';
import {
  START_OF_LOG,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPage,
  type ReadAllOptions,
  type ReadPageOptions,
  type ReadStreamOptions,
} from './port.js';

/** Events fetched per $all read. Whole pages are buffered, so no read is ever left half-consumed. */
const PAGE_SIZE = 512;
/** What servers before 22.6 send instead of a position on stream reads (uint64 max). */
const NO_POSITION = 0xffff_ffff_ffff_ffffn;

export function createEsdbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  return {
    kind: 'eventstoredb',
    appendToStream: (streamId, events, { expectedRevision }) => appendToStream(client, streamId, events, expectedRevision),
    readStream: (streamId, options) => readStream(client, streamId, options),
    readAll: (options) => readAll(client, options),
    readPage: (options) => readPage(client, options),
    subscribeToAll: ({ after }) => subscribeToAll(client, after),
    headPosition: () => headPosition(client),
    countAfter: (after) => countAfter(client, after),
    countTypesAfter: (after) => countTypesAfter(client, after),
    async close(): Promise<void> {
      await client.dispose();
    },
  };
}

async function appendToStream(
  client: EventStoreDBClient,
  streamId: string,
  events: readonly EventToAppend[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  // Our own event ids go to ESDB, so its idempotency check on retried writes applies.
  const eventData = events.map((event: EventToAppend) =>
    jsonEvent({
      id: event.id,
      type: event.type,
      // Domain event data is JSON by construction; the port types it as unknown.
      data: event.data as JSONType,
      metadata: event.metadata,
    }),
  );
  let result;
  try {
    result = await client.appendToStream(streamId, eventData, {
      expectedRevision: toEsdbExpectedRevision(expectedRevision),
    });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      throw new WrongExpectedRevisionError(streamId, expectedRevision, toActual(error.actualVersion));
    }
    throw error;
  }
  // Only reached when the connection string sets throwOnAppendFailure=false.
  if (!result.success) {
    throw new WrongExpectedRevisionError(
      streamId,
      expectedRevision,
      result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision,
    );
  }
  const position = result.position?.commit ?? (await positionAtRevision(client, streamId, result.nextExpectedRevision));
  return { nextExpectedRevision: result.nextExpectedRevision, position };
}

async function readStream(
  client: EventStoreDBClient,
  streamId: string,
  { fromRevision, maxCount }: ReadStreamOptions = {},
): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(streamId, {
      fromRevision: fromRevision ?? START,
      direction: FORWARDS,
      ...(maxCount === undefined ? {} : { maxCount }),
    })) {
      if (!resolved.event) continue;
      out.push(toRecordedEvent(resolved.event, commitPositionOf(resolved.event, resolved.commitPosition)));
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return out;
}

async function readAll(client: EventStoreDBClient, { after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  if (maxCount <= 0) return out;
  for await (const event of scanForward(client, after)) {
    out.push(toRecordedEvent(event, event.position.commit));
    if (out.length >= maxCount) break;
  }
  return out;
}

async function readPage(client: EventStoreDBClient, { after, maxCount, types }: ReadPageOptions): Promise<LogPage> {
  // v6 reads of $all have no server-side filter: the page is read whole and filtered here.
  const page = await readAll(client, { after, maxCount });
  const asked = new Set(types);
  return { events: page.filter((event) => asked.has(event.type)), through: page.at(-1)?.position ?? after };
}

function subscribeToAll(client: EventStoreDBClient, after: bigint): Observable<RecordedEvent> {
  return new Observable<RecordedEvent>((subscriber) => {
    const subscription = client.subscribeToAll({
      fromPosition: after < 0n ? START : { commit: after, prepare: after },
      filter: excludeSystemEvents(),
    });
    let closed = false;
    const fail = (error: unknown): void => {
      if (closed) return;
      closed = true;
      subscriber.error(error);
      void subscription.unsubscribe().catch(() => undefined);
    };
    subscription.on('data', (resolved) => {
      const event = resolved.event;
      // The start position may be delivered again; stream-name system events pass the type filter.
      if (closed || !event || event.position.commit <= after || isSystemEvent(event)) return;
      let recorded: RecordedEvent;
      try {
        recorded = toRecordedEvent(event, event.position.commit);
      } catch (error) {
        fail(error);
        return;
      }
      subscriber.next(recorded);
    });
    subscription.on('error', fail);
    // A catch-up subscription never ends by itself: an end we did not ask for is a failure.
    subscription.on('end', () => fail(new Error('EventStoreDB subscription to $all ended unexpectedly')));
    return () => {
      if (closed) return;
      closed = true;
      void subscription.unsubscribe().catch(() => undefined);
    };
  });
}

async function headPosition(client: EventStoreDBClient): Promise<bigint> {
  for await (const event of scanBackward(client)) return event.position.commit;
  return START_OF_LOG;
}

async function countAfter(client: EventStoreDBClient, after: bigint): Promise<number> {
  // ESDB has no cheap count of $all (and system events are interleaved), so this is a scan.
  let count = 0;
  for await (const _event of scanForward(client, after)) count++;
  return count;
}

async function countTypesAfter(client: EventStoreDBClient, after: bigint): Promise<ReadonlyMap<string, number>> {
  const counts = new Map<string, number>();
  for await (const event of scanForward(client, after)) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return counts;
}

/** One page of $all, fully read (small and bounded), so callers can stop anywhere without leaking a gRPC call. */
async function readAllPage(
  client: EventStoreDBClient,
  fromPosition: ReadPosition,
  direction: typeof FORWARDS | typeof BACKWARDS,
): Promise<AllStreamRecordedEvent[]> {
  const page: AllStreamRecordedEvent[] = [];
  for await (const resolved of client.readAll({ fromPosition, direction, maxCount: PAGE_SIZE })) {
    // Without resolveLinkTos every entry carries its event; the guard only satisfies the typings.
    if (resolved.event) page.push(resolved.event);
  }
  return page;
}

/**
 * Our events with commit position > `after`, oldest first, paging through $all.
 * v6 has no server-side filter on reads, so system events are dropped here.
 */
async function* scanForward(client: EventStoreDBClient, after: bigint): AsyncGenerator<AllStreamRecordedEvent> {
  // Reads forwards are inclusive of the start position; `cursor` makes re-read events harmless.
  let cursor: Position | undefined = after < 0n ? undefined : { commit: after, prepare: after };
  for (;;) {
    const page = await readAllPage(client, cursor ?? START, FORWARDS);
    let advanced = false;
    for (const event of page) {
      if (cursor && comparePositions(event.position, cursor) <= 0) continue;
      cursor = event.position;
      advanced = true;
      if (isSystemEvent(event) || event.position.commit <= after) continue;
      yield event;
    }
    if (page.length < PAGE_SIZE || !advanced) return;
  }
}

/** Our events, newest first, paging backwards through $all. */
async function* scanBackward(client: EventStoreDBClient): AsyncGenerator<AllStreamRecordedEvent> {
  let cursor: Position | undefined;
  for (;;) {
    const page = await readAllPage(client, cursor ?? END, BACKWARDS);
    let advanced = false;
    for (const event of page) {
      if (cursor && comparePositions(event.position, cursor) >= 0) continue;
      cursor = event.position;
      advanced = true;
      if (!isSystemEvent(event)) yield event;
    }
    if (page.length < PAGE_SIZE || !advanced) return;
  }
}

/** Position of the event at `revision` of a stream: for an idempotent retry ESDB answers without one. */
async function positionAtRevision(client: EventStoreDBClient, streamId: string, revision: bigint): Promise<bigint> {
  let position: bigint | undefined;
  // Drain the (one-event) read rather than returning mid-iteration, which would abandon the call.
  for await (const resolved of client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
    if (resolved.event) position = commitPositionOf(resolved.event, resolved.commitPosition);
  }
  if (position === undefined) {
    throw new Error(`EventStoreDB: stream ${streamId} has no event at revision ${revision}`);
  }
  return position;
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

function toActual(current: CurrentRevision): bigint | 'no_stream' {
  return current === NO_STREAM ? 'no_stream' : current;
}

/** Streams and event types starting with '$' belong to the server ($stats, $$metadata, links …). */
function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

function commitPositionOf(event: EsdbRecordedEvent, fallback: bigint | undefined): bigint {
  const commit = event.position?.commit;
  if (commit !== undefined && commit !== NO_POSITION) return commit;
  if (fallback !== undefined && fallback !== NO_POSITION) return fallback;
  throw new Error(
    `EventStoreDB returned no log position for event ${event.id} in ${event.streamId}: a server of version 22.6 or later is required`,
  );
}

function toRecordedEvent(event: EsdbRecordedEvent, position: bigint): RecordedEvent {
  // Every event we write is JSON with our metadata object; anything else was not written by us.
  const metadata: unknown = event.metadata;
  const isObject = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) && !(metadata instanceof Uint8Array);
  if (!event.isJson || !isObject) {
    throw new Error(`EventStoreDB event ${event.id} in ${event.streamId} is not a Tessera event (binary data or metadata)`);
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    revision: event.revision,
    position,
  };
}
