import type { Database } from '../db/database.js';
import type { EventStore } from './port.js';
import { createPostgresAppender } from './postgres-append.js';
import { createPostgresLogReader } from './postgres-read.js';
import { createPostgresLogFollower } from './postgres-subscribe.js';

/**
 * The event store on Postgres (or PGlite): appends by group commit under one advisory lock
 * (postgres-append.ts), reads by key and by position (postgres-read.ts), live subscriptions that
 * share one poll of the log's head (postgres-subscribe.ts).
 */
export function createPostgresEventStore(database: Database): EventStore {
  const reader = createPostgresLogReader(database.db);
  const follower = createPostgresLogFollower(reader);
  const appender = createPostgresAppender(database, follower.announceAppended);
  return {
    kind: database.kind,
    ...appender,
    ...reader,
    subscribeToAll: follower.subscribeToAll,
    // The database belongs to the composition root, which closes it.
    close: async () => follower.close(),
  };
}
