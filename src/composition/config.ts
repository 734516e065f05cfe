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
  /** A WordPress-style JSON posts list for the blog page; without it the repository's markdown posts. */
  blogFeedUrl: string | undefined;
  /** Real e-mail through this SMTP server; without it mail goes to the local outbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  /** The From header of every message we send. */
  mailFrom: string;
  /** OAuth client id that Google ID tokens must be issued to; without it Google sign-in is refused. */
  googleClientId: string | undefined;
  /** Where links in e-mails point; https here also marks the session cookie Secure. */
  publicUrl: string;
  /** Rate-limit counters in Redis; without it they live in the database (shared by every instance either way). */
  redisUrl: string | undefined;
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_MAIL_FROM = 'Tessera <no-reply@tessera.local>';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const smtpUrl = env.SMTP_URL || undefined;
  // The value is not echoed: it usually carries the SMTP password.
  if (smtpUrl && !/^smtps?:\/\/[^/]/i.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    meiliUrl: env.MEILI_URL || undefined,
    meiliKey: env.MEILI_KEY || undefined,
    blogFeedUrl: env.BLOG_FEED_URL || undefined,
    smtpUrl,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/u, ''),
  };
}
