import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { createMeilisearchIndex } from '../../src/adapters/search/meilisearch.js';
import type { SearchIndex } from '../../src/adapters/search/port.js';
import { createSearchDocumentFeed } from '../../src/projections/read-models/search/feed.js';
import { createPostgresSearchIndex } from '../../src/projections/read-models/search/postgres-index.js';
import { createCommandBus, type CommandBus } from '../../src/commands/bus/handle-command.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { projections } from '../../src/projections/registry.js';
import { ProjectionRunner } from '../../src/projections/runner.js';
import { databaseTargets } from '../fixtures/databases.js';

export interface SearchIndexEnvironment {
  commands: CommandBus;
  index: SearchIndex;
  /** Resolves once the index shows every event appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface SearchIndexTarget {
  name: string;
  /** Why this adapter is not run here (its suite is reported as skipped with this reason), or null. */
  skipped: string | null;
  open(): Promise<SearchIndexEnvironment>;
}

const SETTLE_TIMEOUT_MS = 20_000;

async function environment(database: Database, makeIndex: (runner: ProjectionRunner) => SearchIndex): Promise<SearchIndexEnvironment> {
  const store = withUpcasting(createPostgresEventStore(database), upcasters);
  const runner = new ProjectionRunner(database.db, database.kind, store, projections);
  await runner.start();
  const index = makeIndex(runner);
  await index.start();
  return {
    commands: createCommandBus(store, upcasters),
    index,
    async settle() {
      if (!(await index.waitFor(await store.headPosition(), SETTLE_TIMEOUT_MS)))
        throw new Error('The search index did not catch up with the log');
    },
    async close() {
      await index.stop();
      await runner.stop();
      await store.close();
      await database.close();
    },
  };
}

/** The Postgres adapter on every database target; Meilisearch too when MEILI_URL is set. */
export function searchIndexTargets(): SearchIndexTarget[] {
  const targets: SearchIndexTarget[] = databaseTargets().map((target) => ({
    name: `postgres full-text on ${target.name}`,
    skipped: null,
    async open() {
      const database = await target.open();
      return environment(database, (runner) => createPostgresSearchIndex(database.db, database.kind, runner));
    },
  }));
  const meiliUrl = process.env.MEILI_URL;
  if (meiliUrl) {
    const first = databaseTargets()[0]!;
    targets.push({
      name: `meilisearch at ${new URL(meiliUrl).host}`,
      skipped: null,
      async open() {
        const database = await first.open();
        // An index of its own per run, so runs never see each other's documents.
        const indexUid = `templates_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        return environment(database, (runner) =>
          createMeilisearchIndex(
            { host: meiliUrl, apiKey: process.env.MEILI_KEY, indexUid, dropIndexOnStop: true },
            database.db,
            createSearchDocumentFeed(database.db, runner),
          ),
        );
      },
    });
  } else {
    targets.push({
      name: 'meilisearch',
      skipped: 'MEILI_URL is not set (no Meilisearch server on this machine)',
      open: () => Promise.reject(new Error('MEILI_URL is not set')),
    });
  }
  return targets;
}
