import type { EventStore } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { createEsdbEventStore } from '../../src/adapters/eventstore/esdb.js';
import { databaseTargets } from '../fixtures/databases.js';

export interface EventStoreTarget {
  name: string;
  /** Why this adapter is not run here (its suite is reported as skipped with this reason), or null. */
  skipped: string | null;
  open(): Promise<{ store: EventStore; close(): Promise<void> }>;
}

export function eventStoreTargets(): EventStoreTarget[] {
  const targets: EventStoreTarget[] = databaseTargets().map((target) => ({
    name: target.name,
    skipped: null,
    async open() {
      const database = await target.open();
      const store = createPostgresEventStore(database);
      return { store, close: async () => (await store.close(), await database.close()) };
    },
  }));
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  targets.push({
    name: 'eventstoredb',
    skipped: eventStoreUrl ? null : 'EVENTSTORE_URL is not set (no EventStoreDB server on this machine)',
    async open() {
      if (!eventStoreUrl) throw new Error('EVENTSTORE_URL is not set');
      const store = createEsdbEventStore(eventStoreUrl);
      return { store, close: () => store.close() };
    },
  });
  return targets;
}
