import { Observable, Subject, type Subscription } from 'rxjs';
import type { RecordedEvent } from '../../domain/shared/events.js';
import type { EventStore, LogPage } from './port.js';

/** How many of the log's latest events the tail keeps at least: a follower this far behind reads from memory. */
export const SHARED_TAIL_CAPACITY = 5_000;
/** After its subscription failed (the store went away), the tail follows again after this pause; reads go to the store meanwhile. */
const FOLLOW_AGAIN_AFTER_MS = 1_000;

/** The same store, whose reads of the log's tail one subscription serves; `close` also ends it. */
export interface SharedTailStore extends EventStore {
  /** Whether the tail follows the log now (false before its first use, after a failure, and once closed). */
  readonly followingTail: boolean;
}

/**
 * The same store, except that reads of the log's latest events come from memory. Every follower of
 * the log in a process (two dozen projections and reactors) wakes at each append and reads what
 * follows its checkpoint: the same few events, read once per follower. Here one subscription, from
 * the head found at the first read, keeps the last `capacity` events (up to twice as many); a read or a
 * subscription from a position among them is answered from there. One from further back (a rebuild,
 * a follower catching up) or beyond what the subscription has delivered goes to the store.
 *
 * Every answer is one the store could give: the events kept are exactly the log's after the first
 * one's predecessor, in order. A read at the last event delivered answers "nothing yet" even when
 * the subscription is about to deliver one; the reader then waits on a subscription, which the
 * event wakes.
 */
export function withSharedTail(store: EventStore, { capacity = SHARED_TAIL_CAPACITY }: { capacity?: number } = {}): SharedTailStore {
  /** The events kept, in position order: all the log holds after `keptAfter`, through `through`. */
  let kept: RecordedEvent[] = [];
  let keptAfter = 0n;
  let through = 0n;
  let following = false;
  let subscription: Subscription | null = null;
  let starting: Promise<void> | null = null;
  let followAgain: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const arrivals = new Subject<RecordedEvent>();

  function follow(after: bigint): void {
    if (closed) return;
    following = true;
    subscription = store.subscribeToAll({ after }).subscribe({
      next(event) {
        kept.push(event);
        through = event.position;
        // Trimmed by halves, not one event at a time: a copy per `capacity` events.
        if (kept.length >= 2 * capacity) {
          const dropped = kept.length - capacity;
          keptAfter = kept[dropped - 1]!.position;
          kept = kept.slice(dropped);
        }
        arrivals.next(event);
      },
      error() {
        // The readers go to the store, whose own errors they report and retry on; what is kept stays
        // valid, and the tail goes on from its last event.
        following = false;
        subscription = null;
        followAgain = setTimeout(() => follow(through), FOLLOW_AGAIN_AFTER_MS);
      },
    });
  }

  /** Whether the tail can answer from `after`; starts following the log at its first use. */
  function servesFrom(after: bigint): boolean {
    if (!following) {
      starting ??= store.headPosition().then(
        (head) => {
          keptAfter = head;
          through = head;
          follow(head);
        },
        () => {
          // Tried again at the next read.
          starting = null;
        },
      );
      return false;
    }
    return after >= keptAfter && after <= through;
  }

  const keptPage = (after: bigint, maxCount: number): RecordedEvent[] => {
    const from = firstAfter(kept, after);
    return kept.slice(from, from + maxCount);
  };

  return {
    ...store,
    get followingTail() {
      return following;
    },
    readAll: async (options) => (servesFrom(options.after) ? keptPage(options.after, options.maxCount) : store.readAll(options)),
    readPage: async (options): Promise<LogPage> => {
      if (!servesFrom(options.after)) return store.readPage(options);
      const page = keptPage(options.after, options.maxCount);
      const types = new Set(options.types);
      return { events: page.filter((event) => types.has(event.type)), through: page.at(-1)?.position ?? options.after };
    },
    subscribeToAll: (options) =>
      new Observable<RecordedEvent>((subscriber) => {
        if (!servesFrom(options.after)) return store.subscribeToAll(options).subscribe(subscriber);
        // What is kept after `after`, then each arrival: both synchronous, so none is missed between them.
        for (const event of keptPage(options.after, kept.length)) {
          if (subscriber.closed) return;
          subscriber.next(event);
        }
        return arrivals.subscribe(subscriber);
      }),
    close: async () => {
      closed = true;
      following = false;
      clearTimeout(followAgain);
      // Its subscribers are not completed: a follower waiting on one would take that for an event.
      subscription?.unsubscribe();
      await store.close();
    },
  };
}

/** The index of the first event after `after` in events kept in position order (their length when none is). */
function firstAfter(events: readonly RecordedEvent[], after: bigint): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.position > after) high = middle;
    else low = middle + 1;
  }
  return low;
}
