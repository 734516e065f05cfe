import { defineConfig } from 'vitest/config';

import { PATH_ALIASES } from './scripts/path-aliases.js';

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/global-setup.ts'],
    // Most tests take well under a second, but on 2 cores shared with other heavy work (load 15+)
    // measured ones that open a server took up to 31 s: the limits are a wide margin over that.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's 2. Most suites wait on Postgres,
    // a spawned server or the disk, so two workers keep both cores busy (every suite has its own schema, port and data directory).
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next instead of loading them anew for
    // each of the 160 files (78 s of imports): the suite took 319 s instead of 424 s. Every suite
    // opens its own database, server and data directory, and none mocks a module.
    isolate: false,
  },
});
