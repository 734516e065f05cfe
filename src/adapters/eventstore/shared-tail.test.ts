import { firstValueFrom, take, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { databaseTargets } from '../../../tests/fixtures/databases.js';
import { anEvent, uniqueStream } from '../../../tests/fixtures/events.js';
import type { RecordedEvent } from '../../domain/shared/events.js';
import type { EventStore, LogPage } from './port.js';
import { createPostgresEventStore } from './postgres.js';
import { withSharedTail, type SharedTailStore } from './shared-tail.js';
import { StatementCounter } from '../../../tests/fixtures/statement-counter.js';

/** As many as the server's projections and reactors. */
const FOLLOWERS = 24;

const summary = (page: LogPage) => ({ ids: page.events.map((event) => event.id), through: page.through });

/** Appends `count` events of types A and B, one append each (as commands do), through a store of its own. */
async function appendEvents(store: EventStore, count: number): Promise<void> {
  const stream = uniqueStream();
  for (let index = 0; index < count; index += 1) {
    await store.appendToStream(stream, [anEvent(index % 3 === 0 ? 'B' : 'A', { index })], {
      expectedRevision: index === 0 ? 'no_stream' : BigInt(index - 1),
    });
  }
}

/** Starts the tail following the log (its first read does); answers where it started, the head then. */
async function following(tail: SharedTailStore, store: EventStore): Promise<bigint> {
  await tail.readPage({ after: 0n, maxCount: 1, types: [] });
  await expect.poll(() => tail.followingTail).toBe(true);
  return store.headPosition();
}

/** Resolves once the tail has delivered `count` events after `start` (where it started, so it answers from memory). */
const delivered = (tail: EventStore, start: bigint, count: number) =>
  firstValueFrom(tail.subscribeToAll({ after: start }).pipe(take(count), toArray()));

for (const target of databaseTargets())
  describe(`shared tail of the log: ${target.name}`, () => {
    let database: Database;
    let writer: EventStore;

    beforeAll(async () => {
      database = await target.open();
      writer = createPostgresEventStore(database);
      await appendEvents(writer, 5);
    });
    afterAll(() => database.close());

    function countedTail(options: { capacity?: number } = {}) {
      const counter = new StatementCounter();
      const store = createPostgresEventStore({ ...database, db: database.db.withPlugin(counter) });
      return { counter, store, tail: withSharedTail(store, options) };
    }

    it('answers reads from the events it keeps exactly as the store does, without asking the store', async () => {
      const { counter, store, tail } = countedTail();
      try {
        const start = await following(tail, store);
        const arrived = delivered(tail, start, 30);
        await appendEvents(writer, 30);
        await arrived;

        const positions = (await store.readAll({ after: start, maxCount: 100 })).map((event) => event.position);
        const expected: unknown[] = [];
        const plainStatements = counter.count;
        for (const after of [start, ...positions])
          for (const maxCount of [1, 7, 100])
            for (const types of [['A'], ['A', 'B'], []]) expected.push(summary(await store.readPage({ after, maxCount, types })));
        const fromTail: unknown[] = [];
        const statementsBefore = counter.count;
        expect(statementsBefore - plainStatements).toBeGreaterThan(0);
        for (const after of [start, ...positions])
          for (const maxCount of [1, 7, 100])
            for (const types of [['A'], ['A', 'B'], []]) fromTail.push(summary(await tail.readPage({ after, maxCount, types })));
        expect(fromTail).toEqual(expected);
        expect((await tail.readAll({ after: start, maxCount: 100 })).map((event) => event.position)).toEqual(positions);
        expect(counter.count).toBe(statementsBefore);
      } finally {
        await tail.close();
      }
    });

    it(`serves ${FOLLOWERS} followers woken by one append with one read of the log`, async () => {
      const { counter, store, tail } = countedTail();
      try {
        const head = await following(tail, store);
        const served = Promise.all(
          Array.from({ length: FOLLOWERS }, async () => {
            await firstValueFrom(tail.subscribeToAll({ after: head }));
            return tail.readPage({ after: head, maxCount: 500, types: ['A', 'B'] });
          }),
        );
        const statementsBefore = counter.count;
        // Another process's append: this store finds it by polling the head, then reads it once.
        await appendEvents(writer, 1);
        const pages = await served;
        expect(pages.map((page) => page.events.map((event) => event.data))).toEqual(pages.map(() => [{ index: 0 }]));
        // The head polls until the append was found (one per 250 ms), and one read; a follower reading on
        // its own sent 2 statements (its wake-up's read and its page) for each of the 24.
        expect(counter.count - statementsBefore).toBeLessThanOrEqual(4);
      } finally {
        await tail.close();
      }
    });

    it('delivers to a subscription what it keeps after its position, then each new event, none missed or twice', async () => {
      const { store, tail } = countedTail();
      try {
        const start = await following(tail, store);
        const arrived = delivered(tail, start, 10);
        await appendEvents(writer, 10);
        await arrived;
        const from = (await store.readAll({ after: start, maxCount: 4 })).at(-1)!.position;
        const received = firstValueFrom(tail.subscribeToAll({ after: from }).pipe(take(16), toArray()));
        await appendEvents(writer, 10);
        const expected = await store.readAll({ after: from, maxCount: 16 });
        expect((await received).map((event: RecordedEvent) => event.id)).toEqual(expected.map((event) => event.id));
      } finally {
        await tail.close();
      }
    });

    it('keeps only its latest events: a read from before them goes to the store and answers the same', async () => {
      const capacity = 10;
      const { counter, store, tail } = countedTail({ capacity });
      try {
        const start = await following(tail, store);
        const arrived = delivered(tail, start, 4 * capacity);
        await appendEvents(writer, 4 * capacity);
        await arrived;
        const statementsBefore = counter.count;
        const page = await tail.readPage({ after: start, maxCount: 50, types: ['A', 'B'] });
        expect(counter.count).toBeGreaterThan(statementsBefore);
        expect(summary(page)).toEqual(summary(await store.readPage({ after: start, maxCount: 50, types: ['A', 'B'] })));
        expect(page.events).toHaveLength(4 * capacity);
        // The last `capacity` events are kept: a read from there does not ask the store.
        const recent = page.events.at(-capacity - 1)!.position;
        const statementsAfter = counter.count;
        expect((await tail.readPage({ after: recent, maxCount: 50, types: ['A', 'B'] })).events).toHaveLength(capacity);
        expect(counter.count).toBe(statementsAfter);
      } finally {
        await tail.close();
      }
    });
  });
