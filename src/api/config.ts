import { resolve } from 'node:path';

/** Settings from the environment (DESIGN.md, Configuration). */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  /** A WordPress-style JSON posts list for the blog page; without it the repository's markdown posts. */
  blogFeedUrl: string | undefined;
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
    blogFeedUrl: env.BLOG_FEED_URL || undefined,
  };
}
