import { resolve } from 'node:path';

/** Settings from the environment (DESIGN.md, Configuration). */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  /** Meilisearch for the search index instead of Postgres full-text search. */
  meiliUrl: string | undefined;
  meiliKey: string | undefined;
}

export const DEFAULT_PORT = 3000;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    meiliUrl: env.MEILI_URL || undefined,
    meiliKey: env.MEILI_KEY || undefined,
  };
}
