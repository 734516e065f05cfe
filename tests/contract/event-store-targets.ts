import type { EventStore } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { createEsdbEventStore } from '../../src/adapters/eventstore/esdb.js';
import { databaseTargets } from '../fixtures/databases.js';

export interface EventStoreTarget {
  name: string;
  open(): Promise<{ store: EventStore; close(): Promise<void> }>;
}

export function eventStoreTargets(): EventStoreTarget[] {
  const targets: EventStoreTarget[] = databaseTargets().map((target) => ({
    name: target.name,
    async open() {
      const database = await target.open();
      const store = createPostgresEventStore(database);
      return { store, close: async () => (await store.close(), await database.close()) };
    },
  }));
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  if (eventStoreUrl) {
    targets.push({
      name: 'eventstoredb',
      async open() {
        const store = createEsdbEventStore(eventStoreUrl);
        return { store, close: () => store.close() };
      },
    });
  } else {
    console.info('[tests] EVENTSTORE_URL is not set: the EventStoreDB contract run is skipped (no server on this machine).');
  }
  return targets;
}
