import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { bundle, bundleServer, OPERATOR_COMMANDS } from '../scripts/bundles.mjs';
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
  // The suites that start the server or an operator command run it as `npm start` and `npm run` do, from its bundle.
  await Promise.all([bundleServer(), ...Object.values(OPERATOR_COMMANDS).map(bundle)]);
  return () => rm(root, { recursive: true, force: true });
}
