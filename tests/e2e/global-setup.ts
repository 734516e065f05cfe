import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { bundleServer } from '../../scripts/bundles.mjs';
import { seedDataDir } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the server has seeded with the demo catalogue; suites start on copies of it. */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await bundleServer();
  const seededDataDir = await mkdtemp(join(tmpdir(), 'tessera-e2e-seed-'));
  await seedDataDir(seededDataDir);
  project.provide('seededDataDir', seededDataDir);
  return () => rm(seededDataDir, { recursive: true, force: true });
}
