import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { bundleServer } from '../scripts/server-bundle.mjs';
import { openDatabase } from '../src/adapters/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database created and migrated once; suites start theirs as copies of it. */
    embeddedDatabaseTemplate: string;
  }
}

/**
 * Creating an embedded database (its initdb, then the migrations) takes 3–4 s, copying a created one
 * under 0.5 s: the suites open well over a hundred, so they copy this one instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'tessera-embedded-template-'));
  const template = join(root, 'pglite');
  await (await openDatabase({ dataDir: template })).close();
  project.provide('embeddedDatabaseTemplate', template);
  // The suites that start the server run it as `npm start` does, from its bundle.
  await bundleServer();
  return () => rm(root, { recursive: true, force: true });
}
