import type { DataStrategyFunctionArgs, DataStrategyMatch } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { streamedDataStrategy } from './streamed-data.js';

const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', recordUnhandled);
  unhandled.length = 0;
});

function matchLoading(id: string, data: unknown): DataStrategyMatch {
  return { route: { id }, shouldLoad: true, resolve: async () => ({ type: 'data', result: data }) } as unknown as DataStrategyMatch;
}

describe('streamed data strategy', () => {
  it('keys the loaded matches by route id, and an aborted streamed list never becomes an unhandled rejection', async () => {
    process.on('unhandledRejection', recordUnhandled);
    const controller = new AbortController();
    // What fetch does with an aborted signal: rejects once the abort happens, after the loader returned.
    const tools = new Promise((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason)));
    const skipped = {
      route: { id: 'shell' },
      shouldLoad: false,
      resolve: () => Promise.reject(new Error('not to be loaded')),
    } as unknown as DataStrategyMatch;
    const results = await streamedDataStrategy({
      matches: [skipped, matchLoading('home', { tools, title: 'Home' })],
    } as unknown as DataStrategyFunctionArgs);
    expect(Object.keys(results)).toEqual(['home']);

    controller.abort(); // The navigation is cancelled: its loader data is dropped, nobody awaits `tools`.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
    // A page that renders the list still sees the failure.
    await expect(tools).rejects.toMatchObject({ name: 'AbortError' });
  });
});
