import { describe, expect, it } from 'vitest';

import { restoreLoaderData, settleLoaderData, UnserializableLoaderDataError, type HydrationPayload } from './hydration.js';

/** What the browser reads: the payload as it crosses the wire in the page. */
function throughThePage(payload: HydrationPayload): HydrationPayload {
  return JSON.parse(JSON.stringify(payload)) as HydrationPayload;
}

/** The value a settled promise carries, read the way react-router's <Await> reads it (without waiting). */
function awaited(value: unknown): unknown {
  expect(value).toBeInstanceOf(Promise);
  return (value as { _data?: unknown })._data;
}

describe('loader data carried from the server render to hydration', () => {
  it('carries promises nested in a loader answer, so the browser renders the same lists', async () => {
    const loaderData = {
      page: {
        found: true,
        detail: { title: 'A planner' },
        related: { author: Promise.resolve([{ _id: 'a1' }]), related: Promise.resolve([{ _id: 'r1' }, { _id: 'r2' }]) },
        feeds: [Promise.resolve(['x'])],
      },
    };
    const { settled, payload } = await settleLoaderData(loaderData);

    const restored = restoreLoaderData(throughThePage(payload)) as {
      page: { related: Record<string, unknown>; feeds: unknown[]; detail: unknown };
    };
    expect(awaited(restored.page.related.author)).toEqual([{ _id: 'a1' }]);
    expect(awaited(restored.page.related.related)).toEqual([{ _id: 'r1' }, { _id: 'r2' }]);
    expect(awaited(restored.page.feeds[0])).toEqual(['x']);
    expect(restored.page.detail).toEqual({ title: 'A planner' });
    // The server renders with the same values, already settled.
    const rendered = settled as typeof restored;
    expect(awaited(rendered.page.related.related)).toEqual([{ _id: 'r1' }, { _id: 'r2' }]);
  });

  it('carries a failed list as failed, without its server-side message', async () => {
    const { payload } = await settleLoaderData({
      page: { related: { author: Promise.reject(new Error('database at 10.0.0.3 refused')) } },
    });
    expect(JSON.stringify(payload)).not.toContain('10.0.0.3');
    const restored = restoreLoaderData(throughThePage(payload)) as { page: { related: { author: Promise<unknown> } } };
    await expect(restored.page.related.author).rejects.toThrow('The data could not be loaded.');
  });

  it('settles a list that fails while an earlier one is still loading, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const slow = new Promise((resolve) => setTimeout(() => resolve(['slow']), 20));
      const { payload } = await settleLoaderData({ home: { sponsored: slow, newToday: Promise.reject(new Error('pool exhausted')) } });
      // Node reports an unhandled rejection after the microtasks of the turn it happened in.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(payload.deferred).toEqual([
        { routeId: 'home', path: ['sponsored'], outcome: 'value' },
        { routeId: 'home', path: ['newToday'], outcome: 'error' },
      ]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('refuses loader data that JSON would change on the way, instead of sending it broken', async () => {
    await expect(settleLoaderData({ page: { when: new Date(0) } })).rejects.toThrow(UnserializableLoaderDataError);
    await expect(settleLoaderData({ page: { lists: new Map() } })).rejects.toThrow(UnserializableLoaderDataError);
    await expect(settleLoaderData({ page: { list: Promise.resolve({ more: Promise.resolve([]) }) } })).rejects.toThrow(
      UnserializableLoaderDataError,
    );
  });
});
