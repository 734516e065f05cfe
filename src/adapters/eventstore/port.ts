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

export interface ReadAllOptions {
  /** Only events strictly after this position; START_OF_LOG for all. */
  after: bigint;
  maxCount: number;
  /** Only events of these types (a projection's): the log's others are skipped where it is read, not sent. Every type when absent. */
  types?: readonly string[];
}

export interface NewStreamAppend {
  streamId: string;
  events: readonly EventToAppend[];
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
   * a conflict. Answers the position of the last event written, or null when nothing was new.
   */
  appendToNewStreams?(appends: readonly NewStreamAppend[]): Promise<bigint | null>;
  /** All events of a stream in revision order; empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** A page of the whole log in position order, never skipping an event that a later read could show. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * readAll, and how far it read the log. A full page is read through its last event. A short one is
   * read through the log's head as it stood when the page was read: every event up to that head was
   * committed and visible to the read (appends commit in position order), so the page holds every
   * one of the asked types up to there, and the others are passed over rather than read again.
   */
  readPage(options: ReadAllOptions): Promise<LogPage>;
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

/** A page of the log, and the position it was read through: where its reader's checkpoint moves to. */
export interface LogPage {
  events: RecordedEvent[];
  through: bigint;
}

/** A page's `through`: its last event when full; else the head the log had when the page was read, when further. */
export function readThrough(options: ReadAllOptions, events: readonly RecordedEvent[], head: bigint): bigint {
  const last = events.at(-1)?.position ?? options.after;
  return events.length === options.maxCount || head <= last ? last : head;
}
