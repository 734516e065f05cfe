import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../domain/shared/events.js';
import { databaseTargets, eventStoreOn } from '../../tests/fixtures/databases.js';
import { anEvent, uniqueStream } from '../../tests/fixtures/events.js';
import { ReactorRunner } from './reactor-runner.js';

describe.each(databaseTargets())('reactor runner: $name', (target) => {
  const suite = eventStoreOn(target);

  it('hands a reactor only the events of its types, in order, and moves its checkpoint through pages holding none of them', async () => {
    const { database, store } = suite;
    const types = ['Other', 'Wanted', 'Other', 'Other', 'Other', 'Other', 'Wanted', 'Other', 'Other'];
    await store.appendToStream(uniqueStream(), types.map((type, i) => anEvent(type, { i })), { expectedRevision: 'no_stream' });
    const reacted: RecordedEvent[] = [];
    const reactor = { name: `passes-over-${target.name}`, handles: ['Wanted'], react: async (event: RecordedEvent) => void reacted.push(event) };
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
});
