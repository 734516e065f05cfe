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
    // Two files at a time, each with its own server (on a free port, on its own copy of the seeded data)
    // and its own browser: while one waits on its server or a page, the other's runs. The 17 files took
    // 1 030 s instead of 1 905 s one at a time on the loaded 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
