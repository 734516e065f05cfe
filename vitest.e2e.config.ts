import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser at a time: every suite starts its own on a free port.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
  },
});
