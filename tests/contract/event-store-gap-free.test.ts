import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/db/database.js';
import { WrongExpectedRevisionError } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import type { RecordedEvent } from '../../src/domain/shared/events.js';
import { dropSchema } from '../fixtures/databases.js';
import { anEvent, uniqueStream } from '../fixtures/events.js';

const databaseUrl = process.env.DATABASE_URL;

/**
 * The race docs/architecture.md ("Event store") describes: a slow append draws position N, later appends draw N+1…
 * and commit first; a follower that reads `position > checkpoint` would move past N and never
 * see it. A trigger holds the first append open after its position is taken, while a follower
 * keeps reading; every event must reach the follower. The fast appends go through a second
 * store, as from another process: one store queues its own appends behind the one in flight,
 * so only the database can keep two stores in order.
 */
describe.skipIf(!databaseUrl)(
  `postgres event store: a follower never skips an event that commits late${databaseUrl ? '' : ' (skipped: DATABASE_URL is not set)'}`,
  () => {
    it('delivers a slow append that drew an earlier position than faster ones', async () => {
      const schema = `race_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const database = await openDatabase({ databaseUrl: databaseUrl!, schema, poolSize: 10 });
      const store = createPostgresEventStore(database);
      const otherProcessStore = createPostgresEventStore(database);
      try {
        await sql`create function hold_slow_append() returns trigger language plpgsql as $$
        begin if new.type = 'SlowAppend' then perform pg_sleep(1.5); end if; return new; end $$`.execute(database.db);
        await sql`create trigger hold_slow_append after insert on events for each row execute function hold_slow_append()`.execute(
          database.db,
        );

        const seen: RecordedEvent[] = [];
        let following = true;
        const follower = (async () => {
          let checkpoint = await store.headPosition();
          while (following) {
            const page = await store.readAll({ after: checkpoint, maxCount: 100 });
            for (const event of page) seen.push(event);
            if (page.length > 0) checkpoint = page[page.length - 1]!.position;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          seen.push(...(await store.readAll({ after: checkpoint, maxCount: 100 })));
        })();

        const slow = store.appendToStream(uniqueStream('slow'), [anEvent('SlowAppend')], { expectedRevision: 'no_stream' });
        await new Promise((resolve) => setTimeout(resolve, 200));
        const fast = await Promise.all(
          Array.from({ length: 5 }, () =>
            otherProcessStore.appendToStream(uniqueStream('fast'), [anEvent('FastAppend')], { expectedRevision: 'no_stream' }),
          ),
        );
        const slowResult = await slow;
        following = false;
        await follower;

        expect(seen.map((e) => e.type).sort()).toEqual([
          'FastAppend',
          'FastAppend',
          'FastAppend',
          'FastAppend',
          'FastAppend',
          'SlowAppend',
        ]);
        // The slow append drew its position first, and the follower saw positions in order.
        expect(fast.every((result) => result.position > slowResult.position)).toBe(true);
        const positions = seen.map((e) => e.position);
        expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
      } finally {
        await store.close();
        await otherProcessStore.close();
        await database.close();
        await dropSchema(databaseUrl!, schema);
      }
    });

    it('settles an append whose snapshot predates a commit to its stream: a conflict or an idempotent retry, never a database error', async () => {
      const schema = `race_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const database = await openDatabase({ databaseUrl: databaseUrl!, schema, poolSize: 10 });
      const store = createPostgresEventStore(database);
      const otherProcessStore = createPostgresEventStore(database);
      const thirdProcessStore = createPostgresEventStore(database);
      try {
        await sql`create function hold_slow_append() returns trigger language plpgsql as $$
        begin if new.type = 'SlowAppend' then perform pg_sleep(1.5); end if; return new; end $$`.execute(database.db);
        await sql`create trigger hold_slow_append after insert on events for each row execute function hold_slow_append()`.execute(
          database.db,
        );
        const stream = uniqueStream('contended');
        const slowEvent = anEvent('SlowAppend');
        const slow = store.appendToStream(stream, [slowEvent], { expectedRevision: 'no_stream' });
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Both start while the slow append holds the lock, so their snapshots don't show its event.
        const [rival, retry] = await Promise.allSettled([
          otherProcessStore.appendToStream(stream, [anEvent('Rival')], { expectedRevision: 'no_stream' }),
          thirdProcessStore.appendToStream(stream, [slowEvent], { expectedRevision: 'no_stream' }),
        ]);
        const stored = await slow;

        expect(rival.status).toBe('rejected');
        expect((rival as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(retry).toEqual({ status: 'fulfilled', value: stored });
        expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['SlowAppend']);
      } finally {
        await store.close();
        await otherProcessStore.close();
        await thirdProcessStore.close();
        await database.close();
        await dropSchema(databaseUrl!, schema);
      }
    });
  },
);
