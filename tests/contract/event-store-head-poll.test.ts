import { firstValueFrom, take, toArray, type Subscription } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { databaseTargets } from '../fixtures/databases.js';
import { anEvent, uniqueStream } from '../fixtures/events.js';
import { StatementCounter } from '../fixtures/statement-counter.js';

/** Idle live subscriptions of one process, as many as the server's projections and reactors. */
const IDLE_SUBSCRIPTIONS = 20;
/** Four of the store's poll intervals (250 ms). */
const IDLE_WATCH_MS = 1_000;

for (const target of databaseTargets())
  describe(`postgres event store, live subscriptions: ${target.name}`, () => {
    let database: Database;

    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(() => database.close());

    it('delivers an event another process appended (found by polling the log’s head)', async () => {
      const store = createPostgresEventStore(database);
      const otherProcessStore = createPostgresEventStore(database);
      const stream = uniqueStream();
      await store.appendToStream(stream, [anEvent('Before')], { expectedRevision: 'no_stream' });
      const from = await store.headPosition();
      const received = firstValueFrom(store.subscribeToAll({ after: from }).pipe(take(2), toArray()));
      await otherProcessStore.appendToStream(stream, [anEvent('FromElsewhere', { i: 1 })], { expectedRevision: 0n });
      await otherProcessStore.appendToStream(stream, [anEvent('FromElsewhere', { i: 2 })], { expectedRevision: 1n });
      expect((await received).map((event) => (event.data as { i: number }).i)).toEqual([1, 2]);
    });

    it('polls once per interval for all its idle subscriptions, not once for each', async () => {
      const counter = new StatementCounter();
      const store = createPostgresEventStore({ ...database, db: database.db.withPlugin(counter) });
      await store.appendToStream(uniqueStream(), [anEvent()], { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      const subscriptions: Subscription[] = [];
      try {
        for (let index = 0; index < IDLE_SUBSCRIPTIONS; index += 1) subscriptions.push(store.subscribeToAll({ after: head }).subscribe());
        const afterSubscribing = counter.count;
        await new Promise((resolve) => setTimeout(resolve, IDLE_WATCH_MS));
        // Each subscription's first read, then at most one head poll per interval (one more for timer slack).
        expect(counter.count - afterSubscribing).toBeLessThanOrEqual(IDLE_SUBSCRIPTIONS + 5);
        // Polling each on its own read the log once per subscription per interval: 100 statements here.
      } finally {
        for (const subscription of subscriptions) subscription.unsubscribe();
        await store.close();
      }
    });
  });
