import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../../src/adapters/eventstore/port.js';
import { databaseTargets, eventStoreOn } from '../fixtures/databases.js';
import { anEvent, uniqueStream } from '../fixtures/events.js';

const CONCURRENT_APPENDS = 50;

/**
 * Group commit in the Postgres adapter: appends that arrive while one is being written go
 * together in one transaction, yet each keeps its own expected-revision check and outcome.
 */
describe.each(databaseTargets())('postgres event store group commit: $name', (target) => {
  const suite = eventStoreOn(target);

  it('stores concurrent appends to different streams in few transactions, at gap-free positions, and fails only the conflicting one', async () => {
    const { database, store } = suite;
    const taken = uniqueStream('taken');
    await store.appendToStream(taken, [anEvent('First')], { expectedRevision: 'no_stream' });
    const head = await store.headPosition();

    const streams = Array.from({ length: CONCURRENT_APPENDS }, () => uniqueStream('group'));
    const [conflicting, ...outcomes] = await Promise.allSettled([
      store.appendToStream(taken, [anEvent('Second')], { expectedRevision: 'no_stream' }),
      ...streams.map((stream) => store.appendToStream(stream, [anEvent('Grouped'), anEvent('Grouped')], { expectedRevision: 'no_stream' })),
    ]);

    expect(conflicting.status).toBe('rejected');
    expect((conflicting as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const results = outcomes.map(
      (outcome) => (outcome as PromiseFulfilledResult<{ nextExpectedRevision: bigint; position: bigint }>).value,
    );
    expect(results.map((result) => result.nextExpectedRevision)).toEqual(streams.map(() => 1n));

    const written = await store.readAll({ after: head, maxCount: 10 * CONCURRENT_APPENDS });
    expect(written).toHaveLength(2 * CONCURRENT_APPENDS);
    expect(written.map((event) => event.position)).toEqual(written.map((_, index) => head + 1n + BigInt(index)));
    for (const [index, stream] of streams.entries()) {
      const events = await store.readStream(stream);
      expect(events.map((event) => event.revision)).toEqual([0n, 1n]);
      expect(events[1]!.position).toBe(results[index]!.position);
    }
    expect((await store.readStream(taken)).map((event) => event.type)).toEqual(['First']);

    // The first append goes alone; every one that arrived while it was written shares the next transaction.
    const { rows } = await sql<{
      transactions: number;
    }>`select count(distinct xmin::text)::int as transactions from events where position > ${head}`.execute(database.db);
    expect(rows[0]!.transactions).toBeLessThanOrEqual(2);
  });

  it("gives an idempotent retry in a group the stored events' place, and appends to one stream in arrival order", async () => {
    const { store } = suite;
    const stream = uniqueStream('retry');
    const first = anEvent('Once');
    const stored = await store.appendToStream(stream, [first], { expectedRevision: 'no_stream' });
    const [retry, next, afterNext] = await Promise.all([
      store.appendToStream(stream, [first], { expectedRevision: 'no_stream' }),
      store.appendToStream(stream, [anEvent('Next')], { expectedRevision: 0n }),
      store.appendToStream(stream, [anEvent('AfterNext')], { expectedRevision: 1n }),
    ]);
    expect(retry).toEqual(stored);
    expect(next.nextExpectedRevision).toBe(1n);
    expect(afterNext.nextExpectedRevision).toBe(2n);
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['Once', 'Next', 'AfterNext']);
  });
});
