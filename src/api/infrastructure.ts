import { join } from 'node:path';
import { openDatabase, type Database } from '../adapters/db/database.js';
import { lockDataDir } from '../adapters/db/data-dir-lock.js';
import { createEsdbEventStore } from '../adapters/eventstore/esdb.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { withUpcasting } from '../adapters/eventstore/upcasting.js';
import { createMeilisearchIndex } from '../adapters/search/meilisearch.js';
import type { SearchIndex } from '../adapters/search/port.js';
import { createPostgresSearchIndex } from '../adapters/search/postgres.js';
import { createPostgresVault, type PersonalDataVault } from '../adapters/vault/vault.js';
import { createCommandBus, type CommandBus } from '../commands/handle-command.js';
import { upcasters } from '../domain/upcasters.js';
import { projections } from '../projections/registry.js';
import { ProjectionRunner } from '../projections/runner.js';
import type { Config } from './config.js';

/** Everything stateful, chosen from the configuration: the composition root's building blocks. */
export interface Infrastructure {
  database: Database;
  store: EventStore;
  vault: PersonalDataVault;
  commands: CommandBus;
  runner: ProjectionRunner;
  search: SearchIndex;
  /** Which adapter serves each port, for logs and /api/health. */
  adapters: { eventStore: string; database: string; search: string };
  close(): Promise<void>;
}

export async function openInfrastructure(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'> & Partial<Pick<Config, 'meiliUrl' | 'meiliKey'>>,
  options: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<Infrastructure> {
  const releaseDataDir = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') },
    );
    const rawStore = config.eventStoreUrl ? createEsdbEventStore(config.eventStoreUrl) : createPostgresEventStore(database);
    const store = withUpcasting(rawStore, upcasters);
    const runner = new ProjectionRunner(database.db, database.kind, store, projections, options);
    const search = config.meiliUrl
      ? createMeilisearchIndex({ host: config.meiliUrl, apiKey: config.meiliKey }, database.db, runner)
      : createPostgresSearchIndex(database.db, database.kind, runner);
    return {
      database,
      store,
      vault: createPostgresVault(database.db),
      commands: createCommandBus(store, upcasters),
      runner,
      search,
      adapters: {
        eventStore: config.eventStoreUrl ? `eventstoredb (${new URL(config.eventStoreUrl).host})` : `${database.kind} events table`,
        database: `${database.kind} (${database.location})`,
        search: search.description,
      },
      async close() {
        await search.stop();
        await runner.stop();
        await store.close();
        await database.close();
        releaseDataDir();
      },
    };
  } catch (error) {
    releaseDataDir();
    throw error;
  }
}
