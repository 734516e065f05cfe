import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseAiCrawlerPolicy, type AiCrawlerPolicy } from '../domain/assistants/crawler-policy.js';
import { BETA_COMMISSION_PERCENT } from '../domain/commerce/commission-rates.js';
import { DEFAULT_GUEST_GENERATIONS_PER_HOUR } from '../domain/generator/rules.js';
import { DEFAULT_MASS_EMAIL_PER_SECOND } from '../domain/mass-email/rules.js';
import { DEFAULT_OPENAI_MODEL, DEFAULT_OPENAI_TIMEOUT_MS } from '../adapters/ai/writer.js';

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
  /** Which reverse proxies may tell us the client's address (X-Forwarded-For); null: the socket address. */
  trustProxy: TrustProxy | null;
  /** The server log's level (pino): 'info' logs every request; tests use 'silent' or 'warn'. */
  logLevel: LogLevel;
  /** Create the demo catalogue on an empty store even on a real database (DEMO_CATALOGUE=1 or --demo). */
  demoCatalogue: boolean;
  /**
   * Demo members' password, for test harnesses only: without it demo members get a random password
   * nobody knows. Never set on a real install.
   */
  demoPassword: string | undefined;
  /** The platform's share of each sale in percent, 0–100 (0 during the beta: spec 1). */
  platformFeePercent: number;
  /** Real card payments through Stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET); without them the local sandbox provider. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** PayPal-style orders through PayPal Orders v2 (PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET, PAYPAL_API_URL); without them the local sandbox. */
  paypal: { clientId: string; clientSecret: string; apiUrl: string } | undefined;
  /** A rates feed for the currency display (asked ?from=USD&to=…, at most daily); without it the shipped table. */
  exchangeRatesUrl: string | undefined;
  /** The AI generator and chatbot through an OpenAI-compatible model; without a key, the offline mode that says so. */
  openaiApiKey: string | undefined;
  /** An OpenAI-compatible server instead of api.openai.com. */
  openaiBaseUrl: string | undefined;
  openaiModel: string;
  /** How long one model call may take before the job fails with the time-out message. */
  openaiTimeoutMs: number;
  /** A Google service account key file: generated files are also created in Google Slides / Docs. */
  googleApplicationCredentials: string | undefined;
  /** The Drive folder (shared with that service account) the files go into. */
  googleDriveFolderId: string | undefined;
  /** The mass e-mail's throttle: messages sent per second. */
  massEmailPerSecond: number;
  /** AI_CRAWLERS: whether robots.txt lets AI crawlers (GPTBot, ClaudeBot, …) read the public pages. */
  aiCrawlers: AiCrawlerPolicy;
  /** AI generations all guests together may start per hour (each may be a paid model call). */
  guestGenerationsPerHour: number;
  /** How long a stop (SIGTERM, SIGINT) may take before the process exits non-zero, naming what was still pending. */
  shutdownDeadlineMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS=1: webhooks may reach private, loopback and link-local addresses (local development and tests only). */
  webhooksAllowPrivateTargets: boolean;
}

/**
 * A stop waits this long for requests in flight and the followers' current batches, then gives up:
 * a stop must end even when the database is gone (one kept retrying for 50 minutes).
 */
export const DEFAULT_SHUTDOWN_DEADLINE_MS = 10_000;

/** Proxies trusted for X-Forwarded-For: how many hops, or which addresses / CIDR ranges (proxy-addr names such as 'loopback' too). */
export type TrustProxy = number | string[];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PORT = 3000;
/** PayPal's live REST API; PAYPAL_API_URL=https://api-m.sandbox.paypal.com for PayPal's own sandbox. */
export const DEFAULT_PAYPAL_API_URL = 'https://api-m.paypal.com';
export const DEFAULT_MAIL_FROM = 'Tessera <no-reply@tessera.local>';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';
/** Names proxy-addr understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: off, a hop count, or a comma-separated list of proxy addresses / CIDR ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'off' || trimmed === 'false') return null;
  if (/^\d+$/u.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops < 1) return null;
    return hops;
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validAddress =
      PROXY_RANGE_NAMES.has(entry) || (isIP(address ?? '') !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/u.test(bits)));
    // 'true' (trust every sender) is refused on purpose: anyone could then choose their own address.
    if (!validAddress)
      throw new Error(
        `TRUST_PROXY must be off, a number of proxy hops, or proxy addresses / CIDR ranges separated by commas; "${entry}" is none of these`,
      );
  }
  return entries;
}

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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    demoCatalogue: ['1', 'true', 'yes'].includes((env.DEMO_CATALOGUE ?? '').toLowerCase()),
    demoPassword: env.DEMO_PASSWORD || undefined,
    platformFeePercent: parsePercent(env.PLATFORM_FEE_PERCENT),
    stripe: parseStripe(env),
    paypal: parsePayPal(env),
    exchangeRatesUrl: parseHttpUrl('EXCHANGE_RATES_URL', env.EXCHANGE_RATES_URL),
    openaiApiKey: env.OPENAI_API_KEY || undefined,
    openaiBaseUrl: parseBaseUrl(env.OPENAI_BASE_URL),
    openaiModel: env.OPENAI_MODEL || DEFAULT_OPENAI_MODEL,
    openaiTimeoutMs: parseTimeout(env.OPENAI_TIMEOUT_MS),
    googleApplicationCredentials: env.GOOGLE_APPLICATION_CREDENTIALS || undefined,
    googleDriveFolderId: env.GOOGLE_DRIVE_FOLDER_ID || undefined,
    massEmailPerSecond: parseMassEmailRate(env.MASS_EMAIL_PER_SECOND),
    aiCrawlers: parseAiCrawlerPolicy(env.AI_CRAWLERS),
    guestGenerationsPerHour: parseGuestGenerations(env.GUEST_GENERATIONS_PER_HOUR),
    shutdownDeadlineMs: parseShutdownDeadline(env.SHUTDOWN_DEADLINE_MS),
    webhooksAllowPrivateTargets: ['1', 'true', 'yes'].includes((env.WEBHOOKS_ALLOW_PRIVATE_TARGETS ?? '').toLowerCase()),
  };
}

/** Everything embedded (PGlite under DATA_DIR): a local install, where the demo catalogue belongs. */
export function usesEmbeddedDefault(config: Pick<Config, 'databaseUrl' | 'eventStoreUrl'>): boolean {
  return config.databaseUrl === undefined && config.eventStoreUrl === undefined;
}

/** Stripe needs both its secret key and the webhook endpoint's signing secret; STRIPE_API_URL points the SDK elsewhere (tests). */
function parseStripe(env: NodeJS.ProcessEnv): Config['stripe'] {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (!secretKey) return undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: webhooks are verified with it');
  const apiUrl = env.STRIPE_API_URL || undefined;
  if (apiUrl && !/^https?:\/\/[^/]/u.test(apiUrl)) throw new Error('STRIPE_API_URL must be an http:// or https:// URL');
  return { secretKey, webhookSecret, apiUrl };
}

/** PayPal needs its client id and secret together; PAYPAL_API_URL defaults to the live API (the sandbox is https://api-m.sandbox.paypal.com). */
function parsePayPal(env: NodeJS.ProcessEnv): Config['paypal'] {
  const clientId = env.PAYPAL_CLIENT_ID || undefined;
  const clientSecret = env.PAYPAL_CLIENT_SECRET || undefined;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  return { clientId, clientSecret, apiUrl: parseHttpUrl('PAYPAL_API_URL', env.PAYPAL_API_URL) ?? DEFAULT_PAYPAL_API_URL };
}

function parseHttpUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/u.test(value)) throw new Error(`${name} must be an http:// or https:// URL`);
  return value;
}

/** PLATFORM_FEE_PERCENT: a number from 0 to 100; unset means the beta's 0 %. */
export function parsePercent(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return BETA_COMMISSION_PERCENT;
  const percent = Number(value);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new Error(`PLATFORM_FEE_PERCENT must be a number from 0 to 100, got "${value}"`);
  return percent;
}

function parseBaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^/]/iu.test(value)) throw new Error('OPENAI_BASE_URL must be an http:// or https:// URL');
  return value.replace(/\/+$/u, '');
}

function parseTimeout(value: string | undefined): number {
  if (!value) return DEFAULT_OPENAI_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error(`OPENAI_TIMEOUT_MS must be a whole number of milliseconds, at least 1000, got "${value}"`);
  return ms;
}

function parseShutdownDeadline(value: string | undefined): number {
  if (!value) return DEFAULT_SHUTDOWN_DEADLINE_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000)
    throw new Error(`SHUTDOWN_DEADLINE_MS must be a whole number of milliseconds from 100 to 600000, got "${value}"`);
  return ms;
}

function parseMassEmailRate(value: string | undefined): number {
  if (!value) return DEFAULT_MASS_EMAIL_PER_SECOND;
  const perSecond = Number(value);
  if (!Number.isFinite(perSecond) || perSecond <= 0 || perSecond > 10_000)
    throw new Error(`MASS_EMAIL_PER_SECOND must be a number of messages per second above 0 and at most 10000, got "${value}"`);
  return perSecond;
}

function parseGuestGenerations(value: string | undefined): number {
  if (!value) return DEFAULT_GUEST_GENERATIONS_PER_HOUR;
  const perHour = Number(value);
  if (!Number.isInteger(perHour) || perHour < 1)
    throw new Error(`GUEST_GENERATIONS_PER_HOUR must be a whole number of generations, at least 1, got "${value}"`);
  return perHour;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (!value) return DEFAULT_LOG_LEVEL;
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value as LogLevel;
}
