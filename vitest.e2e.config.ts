import { defineConfig } from 'vitest/config';

import { PATH_ALIASES } from './scripts/path-aliases.js';

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    // A page settles in milliseconds, but on a loaded 2-core machine a layout, scroll or answer can take
    // seconds: expect.poll waits up to 15 s (its default, 1 s, failed the create-page tour under load).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    // One server and one browser at a time: every suite starts its own on a free port.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
  },
});
