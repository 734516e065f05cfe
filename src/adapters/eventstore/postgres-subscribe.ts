import { EventEmitter } from 'node:events';
import { Observable } from 'rxjs';
import type { RecordedEvent } from '../../domain/shared/events.js';
import type { PostgresLogReader } from './postgres-read.js';

/** How often a live subscription looks for events appended by other processes. */
const SUBSCRIPTION_POLL_MS = 250;
const SUBSCRIPTION_PAGE_SIZE = 500;

/** Live subscriptions to the log of a Postgres event store. */
export interface PostgresLogFollower {
  subscribeToAll(options: { after: bigint }): Observable<RecordedEvent>;
  /** Wakes this process's subscribers at once after its own appends commit. */
  announceAppended(position: bigint): void;
  close(): void;
}

/**
 * One poll of the log's head serves every live subscription of this process: a subscription that
 * has read all there is sleeps until this process appends or the head passes its checkpoint (an
 * append by another process). Polling the log once per subscription cost an idle server with
 * twenty of them a fifth of a core on PGlite.
 */
export function createPostgresLogFollower(reader: Pick<PostgresLogReader, 'readAll' | 'headPosition'>): PostgresLogFollower {
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const sleepers = new Map<() => void, bigint>();
  let headPoll: ReturnType<typeof setTimeout> | undefined;

  function pollHeadSoon(): void {
    headPoll ??= setTimeout(() => void pollHead(), SUBSCRIPTION_POLL_MS);
  }

  async function pollHead(): Promise<void> {
    // On a failed poll every sleeper reads again, and its own read reports the failure.
    const head = await reader.headPosition().catch(() => null);
    headPoll = undefined;
    for (const [wakeUp, checkpoint] of sleepers) if (head === null || head > checkpoint) wakeUp();
    if (sleepers.size > 0) pollHeadSoon();
  }

  function subscribeToAll({ after }: { after: bigint }): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      let closed = false;
      let wake: (() => void) | undefined;
      const onAppended = () => wake?.();
      appended.on('appended', onAppended);

      const waitForMore = (checkpoint: bigint) =>
        new Promise<void>((resolve) => {
          const wakeUp = () => {
            sleepers.delete(wakeUp);
            wake = undefined;
            resolve();
          };
          wake = wakeUp;
          sleepers.set(wakeUp, checkpoint);
          pollHeadSoon();
        });

      void (async () => {
        let checkpoint = after;
        while (!closed) {
          const page = await reader.readAll({ after: checkpoint, maxCount: SUBSCRIPTION_PAGE_SIZE });
          for (const event of page) {
            if (closed) return;
            subscriber.next(event);
            checkpoint = event.position;
          }
          if (page.length < SUBSCRIPTION_PAGE_SIZE) await waitForMore(checkpoint);
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

  return {
    subscribeToAll,
    announceAppended: (position) => appended.emit('appended', position),
    close: () => {
      appended.removeAllListeners();
      clearTimeout(headPoll);
      headPoll = undefined;
    },
  };
}
