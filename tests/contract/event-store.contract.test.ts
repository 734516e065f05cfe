import { firstValueFrom, take, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_OF_LOG, WrongExpectedRevisionError, type EventStore } from '../../src/adapters/eventstore/port.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { anEvent, uniqueStream } from '../fixtures/events.js';
import { eventStoreTargets } from './event-store-targets.js';

for (const target of eventStoreTargets())
  describe.skipIf(target.skipped !== null)(
    `event store contract: ${target.name}${target.skipped ? ` (skipped: ${target.skipped})` : ''}`,
    () => {
      let store: EventStore;
      let close: () => Promise<void>;

      beforeAll(async () => {
        ({ store, close } = await target.open());
      });
      afterAll(() => close());

      it('appends to a new stream and reads it back in order with revisions and positions', async () => {
        const stream = uniqueStream();
        const events = [anEvent('A', { i: 0 }), anEvent('B', { i: 1 }), anEvent('C', { i: 2, nested: { ok: true } })];
        const result = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2n);

        const read = await store.readStream(stream);
        expect(read.map((e) => [e.type, e.revision, e.id])).toEqual(events.map((e, i) => [e.type, BigInt(i), e.id]));
        expect(read[2]!.data).toEqual({ i: 2, nested: { ok: true } });
        expect(read[0]!.metadata).toEqual(events[0]!.metadata);
        expect(read[2]!.position).toBe(result.position);
        expect(read[0]!.position < read[1]!.position && read[1]!.position < read[2]!.position).toBe(true);
      });

      it("reads only a stream's first events when asked for so many, also through the app's upcasting", async () => {
        const stream = uniqueStream();
        const events = [anEvent('Opened'), anEvent('B'), anEvent('C')];
        await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        for (const reader of [store, withUpcasting(store, upcasters)]) {
          expect((await reader.readStream(stream, { maxCount: 1 })).map((e) => [e.type, e.revision])).toEqual([['Opened', 0n]]);
          expect((await reader.readStream(stream, { maxCount: 2 })).map((e) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
          expect(await reader.readStream(stream, { maxCount: 10 })).toHaveLength(3);
          expect(await reader.readStream(uniqueStream('missing'), { maxCount: 1 })).toEqual([]);
        }
      });

      it('reads a stream from a revision on, also through the upcasting, and finds an event by id where the store can', async () => {
        const stream = uniqueStream();
        const events = [anEvent('A'), anEvent('B'), anEvent('C'), anEvent('D')];
        await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        // EventStoreDB cannot look an event up by id; the log in Postgres can.
        expect(store.findEventRevision === undefined).toBe(store.kind === 'eventstoredb');
        for (const reader of [store, withUpcasting(store, upcasters)]) {
          expect((await reader.readStream(stream, { fromRevision: 2n })).map((e) => [e.type, e.revision])).toEqual([
            ['C', 2n],
            ['D', 3n],
          ]);
          expect((await reader.readStream(stream, { fromRevision: 1n, maxCount: 1 })).map((e) => e.id)).toEqual([events[1]!.id]);
          expect(await reader.readStream(stream, { fromRevision: 4n })).toEqual([]);
          if (!reader.findEventRevision) continue;
          expect(await reader.findEventRevision(stream, events[2]!.id)).toBe(2n);
          expect(await reader.findEventRevision(uniqueStream('other'), events[2]!.id)).toBeNull();
          expect(await reader.findEventRevision(stream, anEvent().id)).toBeNull();
        }
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
      });

      it('enforces every kind of expected revision with a typed conflict', async () => {
        const stream = uniqueStream();
        await expect(store.appendToStream(stream, [anEvent()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await expect(store.appendToStream(stream, [anEvent()], { expectedRevision: 0n })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'no_stream' });
        const conflict = await store.appendToStream(stream, [anEvent()], { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
        expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
        expect((conflict as WrongExpectedRevisionError).actual).toBe(0n);
        await expect(store.appendToStream(stream, [anEvent()], { expectedRevision: 5n })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 0n });
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'stream_exists' });
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'any' });
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('stores re-appended event ids once (idempotent retry)', async () => {
        const stream = uniqueStream();
        const events = [anEvent('A'), anEvent('B')];
        const first = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        const retry = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        expect(retry).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('lets exactly one of many concurrent appends at the same revision win', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.appendToStream(stream, [anEvent()], { expectedRevision: 0n })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('reads the whole log in pages after a position, and counts what lies after it', async () => {
        const before = await store.headPosition();
        const stream = uniqueStream();
        const events = Array.from({ length: 25 }, (_, i) => anEvent('Paged', { i }));
        await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });

        const seen: number[] = [];
        let after = before;
        for (;;) {
          const page = await store.readAll({ after, maxCount: 10 });
          if (page.length === 0) break;
          for (const event of page) if (event.streamId === stream) seen.push((event.data as { i: number }).i);
          after = page[page.length - 1]!.position;
        }
        expect(seen).toEqual(events.map((_, i) => i));
        expect(await store.headPosition()).toBe(after);
        expect(await store.countAfter(before)).toBeGreaterThanOrEqual(25);
        expect(await store.countAfter(after)).toBe(0);
        expect((await store.readAll({ after: START_OF_LOG, maxCount: 1 })).length).toBe(1);
      });

      it('reads pages of the log answering only the asked types, each read through its last event of any type, and counts each type', async () => {
        const before = await store.headPosition();
        const events = Array.from({ length: 15 }, (_, i) => anEvent(i % 5 === 0 ? 'Wanted' : 'Other', { i }));
        const { position: head } = await store.appendToStream(uniqueStream(), events, { expectedRevision: 'no_stream' });
        const written = await store.readAll({ after: before, maxCount: events.length });
        const numbers = (page: { events: { data: unknown }[] }) => page.events.map((event) => (event.data as { i: number }).i);
        const read = (after: bigint) => store.readPage({ after, maxCount: 7, types: ['Wanted'] });

        const first = await read(before);
        expect(numbers(first)).toEqual([0, 5]);
        expect(first.events.map((event) => event.id)).toEqual([events[0]!.id, events[5]!.id]);
        expect(first.through).toBe(written[6]!.position);
        const second = await read(first.through);
        expect(numbers(second)).toEqual([10]);
        expect(second.through).toBe(written[13]!.position);
        // Nothing asked for in the rest: the page still reads through it, and after the head there is nothing to read.
        expect(await read(second.through)).toEqual({ events: [], through: head });
        expect(await read(head)).toEqual({ events: [], through: head });

        const counts = await store.countTypesAfter(before);
        expect([counts.get('Wanted'), counts.get('Other')]).toEqual([3, 12]);
      });

      it('subscribes from a position: catches up, then delivers live appends in order', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, [anEvent('Old', { i: 0 })], { expectedRevision: 'no_stream' });
        const from = await store.headPosition();
        const received = firstValueFrom(store.subscribeToAll({ after: from }).pipe(take(3), toArray()));
        await store.appendToStream(stream, [anEvent('New', { i: 1 })], { expectedRevision: 0n });
        await store.appendToStream(stream, [anEvent('New', { i: 2 }), anEvent('New', { i: 3 })], { expectedRevision: 1n });
        const events = await received;
        expect(events.map((e) => (e.data as { i: number }).i)).toEqual([1, 2, 3]);
        expect(events.every((e) => e.position > from)).toBe(true);
      });
    },
  );
