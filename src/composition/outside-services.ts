import type { TemplateWriter } from '../adapters/ai/writer.js';
import { createOfflineWriter, createOpenAiWriter, DEFAULT_OPENAI_MODEL, DEFAULT_OPENAI_TIMEOUT_MS } from '../adapters/ai/writer.js';
import type { Database } from '../adapters/db/database.js';
import { createExchangeRateSource, type ExchangeRateSource } from '../adapters/exchange-rates/rates.js';
import type { GooglePublisher } from '../adapters/google/drive-publisher.js';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { MailOutbox, MailSender } from '../adapters/mail/port.js';
import type { OrderPaymentProvider } from '../adapters/payments/orders-port.js';
import { createPayPalOrderProvider } from '../adapters/payments/paypal.js';
import { createSandboxOrderProvider } from '../adapters/payments/paypal-sandbox.js';
import type { PaymentProvider } from '../adapters/payments/port.js';
import { createSandboxPaymentProvider } from '../adapters/payments/sandbox.js';
import { openRateLimitCounters, type RateLimitCounters } from '../adapters/rate-limit/counters.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import { DEFAULT_MAIL_FROM, type Config } from './config.js';

/** What the sandbox card provider's signing key is derived from (under the vault's kept key), so it is the same after a restart. */
const SANDBOX_SIGNING_KEY_LABEL = 'sandbox-payments:signing-key';

export type OutsideServicesConfig = Pick<
  Config,
  | 'smtpUrl'
  | 'mailFrom'
  | 'publicUrl'
  | 'redisUrl'
  | 'platformFeePercent'
  | 'stripe'
  | 'exchangeRatesUrl'
  | 'openaiApiKey'
  | 'openaiBaseUrl'
  | 'openaiModel'
  | 'openaiTimeoutMs'
  | 'googleApplicationCredentials'
  | 'googleDriveFolderId'
  | 'paypal'
>;

/** The services outside Tessera, each real when configured and a local stand-in otherwise. */
export interface OutsideServices {
  mail: MailSender;
  /** The development outbox, when no SMTP server is configured. */
  outbox: MailOutbox | null;
  /** Where links in e-mails, payment returns and pages point (PUBLIC_URL). */
  publicUrl: string;
  writer: TemplateWriter;
  /** Google Slides / Docs copies of generated files, when a service account is configured. */
  drive: GooglePublisher | null;
  payments: PaymentProvider;
  orders: OrderPaymentProvider;
  rateLimitCounters: RateLimitCounters;
  exchangeRates: ExchangeRateSource;
  /** Which of them serves, for logs and /api/health. */
  descriptions: { mail: string; rateLimits: string; payments: string; ai: string; google: string };
}

export async function openOutsideServices(
  config: Partial<OutsideServicesConfig>,
  database: Database,
  vault: PersonalDataVault,
  log?: (line: string) => void,
): Promise<OutsideServices> {
  const outbox = config.smtpUrl ? null : createOutboxMailer(database.db);
  // A real service's adapter (and its SDK) loads only when configured: a process that never uses it
  // does not hold it in memory.
  const mail: MailSender = config.smtpUrl
    ? (await import('../adapters/mail/smtp.js')).createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? DEFAULT_MAIL_FROM })
    : outbox!;
  const writer = config.openaiApiKey
    ? createOpenAiWriter({
        apiKey: config.openaiApiKey,
        baseUrl: config.openaiBaseUrl,
        model: config.openaiModel ?? DEFAULT_OPENAI_MODEL,
        timeoutMs: config.openaiTimeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
      })
    : createOfflineWriter();
  const drive = config.googleApplicationCredentials
    ? (await import('../adapters/google/drive-publisher.js')).createGoogleDrivePublisher({
        keyFile: config.googleApplicationCredentials,
        folderId: config.googleDriveFolderId,
      })
    : null;
  const rateLimitCounters = openRateLimitCounters(config.redisUrl ? { redisUrl: config.redisUrl } : { db: database.db });
  const payments: PaymentProvider = config.stripe
    ? (await import('../adapters/payments/stripe.js')).createStripePaymentProvider(config.stripe)
    : createSandboxPaymentProvider({ signingKey: await vault.blindIndex(SANDBOX_SIGNING_KEY_LABEL) });
  const orders: OrderPaymentProvider = config.paypal ? createPayPalOrderProvider(config.paypal) : createSandboxOrderProvider(database.db);
  return {
    mail,
    outbox,
    publicUrl: config.publicUrl ?? 'http://localhost:3000',
    writer,
    drive,
    payments,
    orders,
    rateLimitCounters,
    exchangeRates: createExchangeRateSource({ feedUrl: config.exchangeRatesUrl, log }),
    descriptions: {
      mail: config.smtpUrl ? 'smtp' : 'local outbox (/dev/mailbox)',
      rateLimits: rateLimitCounters.description,
      payments: `${payments.description}; orders: ${orders.description}`,
      google: drive ? 'Google Drive (service account)' : 'off (files served by Tessera)',
      ai:
        writer.mode === 'model'
          ? `OpenAI-compatible model ${writer.model}${config.openaiBaseUrl ? ` at ${new URL(config.openaiBaseUrl).host}` : ''}`
          : 'offline (no OPENAI_API_KEY)',
    },
  };
}
