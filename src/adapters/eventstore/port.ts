import type { Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../domain/shared/events.js';

/** EventStoreDB's expected-revision vocabulary; a bigint is the exact last revision of the stream. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

/** Position before the first event of the log. */
export const START_OF_LOG = -1n;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Log position of the last event appended (or of the already stored copy on an idempotent retry). */
  position: bigint;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadStreamOptions {
  /** Only the events from this revision on: a reader that folded the earlier ones (a snapshot) need not read them again. */
  fromRevision?: bigint;
  /** Only the stream's first events (from `fromRevision`): a reader of what opened a stream need not read the rest of a long one. */
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Only events strictly after this position; START_OF_LOG for all. */
  after: bigint;
  maxCount: number;
}

export interface ReadPageOptions extends ReadAllOptions {
  /** The types to answer (a projection's): the page's events of other types are passed over where the log is stored, not sent. */
  types: readonly string[];
}

export interface NewStreamAppend {
  streamId: string;
  events: readonly EventToAppend[];
}

export interface NewStreamsResult {
  /** The position of the last event written, or null when nothing was new. */
  position: bigint | null;
  /** The streams passed over: they already held exactly these event ids (a re-run, or another writer of the same events). */
  alreadyStored: ReadonlySet<string>;
}

export interface EventStore {
  /** Which adapter this is, for logs and /api/health. */
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Optional bulk write (seeding large catalogues): many new streams in one transaction. A stream
   * that already holds exactly these event ids is skipped (a re-run); any other existing stream is
   * a conflict. Answers where the last event written is, and which streams were skipped.
   */
  appendToNewStreams?(appends: readonly NewStreamAppend[]): Promise<NewStreamsResult>;
  /** A stream's events in revision order (all, or from `fromRevision`, at most `maxCount`); empty when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The revision of a stream's event with this id, or null when the stream holds none. Optional: a
   * store that can find an event by id without reading its stream offers it (EventStoreDB cannot),
   * and only then do commands fold from snapshots, since an idempotent repeat must still find the
   * events an earlier run appended before the snapshot.
   */
  findEventRevision?(streamId: string, eventId: string): Promise<bigint | null>;
  /** A page of the whole log in position order, never skipping an event that a later read could show. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The next `maxCount` events of the log after `after` (as readAll reads them), of which only those of `types` are answered. */
  readPage(options: ReadPageOptions): Promise<LogPage>;
  /** Catch-up then live: every event after `after`, in order, until unsubscribed. */
  subscribeToAll(options: { after: bigint }): Observable<RecordedEvent>;
  /** Position of the newest event, or START_OF_LOG for an empty log. */
  headPosition(): Promise<bigint>;
  /** How many events lie after a position (progress bars). */
  countAfter(after: bigint): Promise<number>;
  /** How many events of each type lie after a position (progress bars of reads of some types). */
  countTypesAfter(after: bigint): Promise<ReadonlyMap<string, number>>;
  close(): Promise<void>;
}

/**
 * The event that opened a stream (null when there is none): what a request, a submission or a
 * delivery was, read without the rest of a stream that may have grown long since.
 */
export async function openingEvent(store: Pick<EventStore, 'readStream'>, streamId: string): Promise<RecordedEvent | null> {
  const [opening] = await store.readStream(streamId, { maxCount: 1 });
  return opening ?? null;
}

/** A page of the log: its events of the asked types, and the position of its last event of any type. */
export interface LogPage {
  events: RecordedEvent[];
  /** How far the page read the log, where its reader's checkpoint moves to: `after` when the log holds nothing after it. */
  through: bigint;
}
