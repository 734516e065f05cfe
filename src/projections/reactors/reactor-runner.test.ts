import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/shared/events.js';
import { databaseTargets, eventStoreOn } from '../../../tests/fixtures/databases.js';
import { anEvent, uniqueStream } from '../../../tests/fixtures/events.js';
import { StatementCounter } from '../../../tests/fixtures/statement-counter.js';
import { UNHANDLED_CHECKPOINT_COMMIT_MS } from '../deferred-checkpoint.js';
import { ReactorRunner } from './reactor-runner.js';

const WAIT_MS = 5_000;
/** Appends one at a time, each awaited like read-your-writes; every tenth of a type the reactor handles. */
const APPENDS = 30;

describe.each(databaseTargets())('reactor runner: $name', (target) => {
  const suite = eventStoreOn(target);

  it('hands a reactor only the events of its types, in order, and moves its checkpoint through pages holding none of them', async () => {
    const { database, store } = suite;
    const types = ['Other', 'Wanted', 'Other', 'Other', 'Other', 'Other', 'Wanted', 'Other', 'Other'];
    await store.appendToStream(
      uniqueStream(),
      types.map((type, i) => anEvent(type, { i })),
      { expectedRevision: 'no_stream' },
    );
    const reacted: RecordedEvent[] = [];
    const reactor = {
      name: `passes-over-${target.name}`,
      handles: ['Wanted'],
      react: async (event: RecordedEvent) => void reacted.push(event),
    };
    const runner = new ReactorRunner(database.db, database.kind, store, reactor, { batchSize: 3 });

    // Pages of three: [Other, Wanted, Other], [Other, Other, Other], [Wanted, Other, Other], then the head.
    const handled: (number | null)[] = [];
    for (let page = 0; page < 4; page++) handled.push(await runner.processBatch());
    expect(handled).toEqual([1, 0, 1, null]);
    expect(reacted.map((event) => [event.type, (event.data as { i: number }).i])).toEqual([
      ['Wanted', 1],
      ['Wanted', 6],
    ]);
    expect(reacted[1]!.metadata.actor).toEqual({ userId: null, role: 'system' });
    expect(await runner.checkpoint()).toBe(await store.headPosition());

    // A new runner goes on from the stored checkpoint: nothing is handed twice.
    const restarted = new ReactorRunner(database.db, database.kind, store, reactor, { batchSize: 3 });
    expect(await restarted.processBatch()).toBeNull();
    await store.appendToStream(uniqueStream(), [anEvent('Wanted', { i: 9 })], { expectedRevision: 'no_stream' });
    expect(await restarted.processBatch()).toBe(1);
    expect(reacted.map((event) => (event.data as { i: number }).i)).toEqual([1, 6, 9]);
  });

  it('running, reacts to each append at once, stores its checkpoint across events it does not handle at most every 200 ms, and where it reached when stopped', async () => {
    const { database, store } = suite;
    const counter = new StatementCounter();
    const reacted: number[] = [];
    // Types of its own: the first test's events lie before it in the log.
    const reactor = {
      name: `live-${target.name}`,
      handles: ['WantedLive'],
      react: async (event: RecordedEvent) => void reacted.push((event.data as { i: number }).i),
    };
    const runner = new ReactorRunner(database.db.withPlugin(counter), database.kind, store, reactor);
    runner.start();
    try {
      expect(await runner.waitFor(await store.headPosition(), WAIT_MS)).toBe(true);
      const stream = uniqueStream();
      const statementsBefore = counter.count;
      const startedAt = performance.now();
      for (let i = 0; i < APPENDS; i += 1) {
        const { position } = await store.appendToStream(stream, [anEvent(i % 10 === 9 ? 'WantedLive' : 'Other', { i })], {
          expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
        expect(await runner.waitFor(position, WAIT_MS)).toBe(true);
      }
      const elapsedMs = performance.now() - startedAt;
      expect(reacted).toEqual([9, 19, 29]);
      // One store per event reacted to, and the deferred ones; a read and a store of the checkpoint per append before: 60 here.
      expect(counter.count - statementsBefore).toBeLessThanOrEqual(
        reacted.length + Math.ceil(elapsedMs / UNHANDLED_CHECKPOINT_COMMIT_MS) + 2,
      );
    } finally {
      await runner.stop();
    }
    expect(await runner.checkpoint()).toBe(await store.headPosition());
  });
});
