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
    // Three files at a time, each with its own server (on a free port, on its own copy of the seeded data)
    // and its own browser. A file alone keeps about 0.7 of a core busy (shell.e2e: 60 CPU-s in 84 s), the
    // rest waiting on its server or a page, so two at a time left a core of the two idle: the 18 files
    // took 523 s three at a time against 649 s two at a time (433 and 447 CPU-s, other work beside both).
    // They also passed four at a time at a load of 16–19.
    pool: 'forks',
    maxWorkers: 3,
    isolate: false,
  },
});
