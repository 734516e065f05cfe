import { describe, expect, it } from 'vitest';

import { ChunkLoadError, isChunkLoadError, loadChunk } from './lazy-route.js';

describe('loadChunk', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ page: 1 }), 50)).resolves.toEqual({ page: 1 });
  });

  it('fails with a ChunkLoadError when the chunk does not arrive within the time-out', async () => {
    const error = await loadChunk(() => new Promise(() => undefined), 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('turns a failed download into a ChunkLoadError', async () => {
    const error = await loadChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      50,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
  });
});
