import { openDatabase, type Database } from '../adapters/db/database.js';
import { lockDataDir } from '../adapters/db/data-dir-lock.js';
import type { Config } from './config.js';
import { embeddedDatabaseDirectory } from './infrastructure.js';

/**
 * The database alone, for `npm run audit`: a verification reads the events table and the chain, and
 * needs none of the projections, reactors or outside services the app opens. The embedded database
 * is locked like the server's (stop the server first).
 */
export async function openAuditDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'>): Promise<{
  database: Database;
  close(): Promise<void>;
}> {
  if (config.eventStoreUrl) throw new Error('The audit chain is kept for the Postgres event store only; EVENTSTORE_URL is set.');
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: embeddedDatabaseDirectory(config.dataDir) },
    );
    return { database, close: async () => (await database.close(), release()) };
  } catch (error) {
    release();
    throw error;
  }
}
