import { join } from 'node:path';
import { openDatabase, type Database } from '../adapters/db/database.js';
import { lockDataDir } from '../adapters/db/data-dir-lock.js';
import { createStreamSnapshots } from '../adapters/db/stream-snapshots.js';
import { createEsdbEventStore } from '../adapters/eventstore/esdb.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { withSharedTail } from '../adapters/eventstore/shared-tail.js';
import { withUpcasting } from '../adapters/eventstore/upcasting.js';
import { createMeilisearchIndex } from '../adapters/search/meilisearch.js';
import type { SearchIndex } from '../adapters/search/port.js';
import { createSearchDocumentFeed } from '../projections/read-models/search/feed.js';
import { createPostgresSearchIndex } from '../projections/read-models/search/postgres-index.js';
import { createPostgresVault, type PersonalDataVault } from '../adapters/vault/vault.js';
import { createCommandBus, type CommandBus } from '../commands/bus/handle-command.js';
import { AccountService } from '../commands/accounts/account-service.js';
import { EngagementService } from '../commands/engagement/engagement-service.js';
import { createGoogleIdTokenVerifier, type GoogleIdTokenVerifier } from '../adapters/identity/google.js';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { MailOutbox, MailSender } from '../adapters/mail/port.js';
import { createSmtpMailer } from '../adapters/mail/smtp.js';
import { openRateLimitCounters, type RateLimitCounters } from '../adapters/rate-limit/counters.js';
import { createLocalImageStore, type ImageStore } from '../adapters/storage/images.js';
import { upcasters } from '../domain/upcasters.js';
import { projections } from '../projections/registry.js';
import { ReactorRunner } from '../projections/reactors/reactor-runner.js';
import { ProjectionRunner } from '../projections/runner.js';
import { createModerationReactor } from '../projections/reactors/moderation-reactor.js';
import { createRewardsReactor } from '../projections/reactors/rewards-reactor.js';
import { createCommerceReactor } from '../projections/reactors/commerce-reactor.js';
import { createPaymentReturnReactor } from '../projections/reactors/payment-return-reactor.js';
import { createCommentNotificationReactor } from '../projections/reactors/comment-notification-reactor.js';
import { createMemberMessageReactor } from '../projections/reactors/member-message-reactor.js';
import { CommerceService } from '../commands/commerce/commerce-service.js';
import type { OrderPaymentProvider } from '../adapters/payments/orders-port.js';
import { createPayPalOrderProvider } from '../adapters/payments/paypal.js';
import { createSandboxOrderProvider } from '../adapters/payments/paypal-sandbox.js';
import type { PaymentProvider } from '../adapters/payments/port.js';
import { createSandboxPaymentProvider } from '../adapters/payments/sandbox.js';
import { createStripePaymentProvider } from '../adapters/payments/stripe.js';
import { createExchangeRateSource, type ExchangeRateSource } from '../adapters/exchange-rates/rates.js';
import { createOfflineWriter, createOpenAiWriter, DEFAULT_OPENAI_MODEL, DEFAULT_OPENAI_TIMEOUT_MS, type TemplateWriter } from '../adapters/ai/writer.js';
import { GenerationWorker } from '../projections/reactors/generation-worker.js';
import { MassEmailWorker } from '../projections/reactors/mass-email-worker.js';
import { DEFAULT_MASS_EMAIL_PER_SECOND } from '../domain/mass-email/rules.js';
import { createGoogleDrivePublisher } from '../adapters/google/drive-publisher.js';
import { DEFAULT_MAIL_FROM, type Config } from './config.js';

/** What the sandbox card provider's signing key is derived from (under the vault's kept key), so it is the same after a restart. */
const SANDBOX_SIGNING_KEY_LABEL = 'sandbox-payments:signing-key';

/** How long the moderation reactor waits for the engagement read model to count a flag. */
const READ_MODEL_WAIT_MS = 30_000;

/** Everything stateful, chosen from the configuration: the composition root's building blocks. */
export interface Infrastructure {
  database: Database;
  store: EventStore;
  vault: PersonalDataVault;
  commands: CommandBus;
  runner: ProjectionRunner;
  /** Appends rewards for what users do; started next to the projection runner. */
  rewards: ReactorRunner;
  /** Sends much-flagged or reported posts to the review queue; started next to the projection runner. */
  moderation: ReactorRunner;
  /** Makes buyers owners of what they bought (and not after a refund), and sends the sale, receipt and refund e-mails. */
  commerceReactor: ReactorRunner;
  /** Refunds a payment that bought nothing: a second paid checkout of a post the buyer owns, or one for a post removed meanwhile. */
  paymentReturns: ReactorRunner;
  /** E-mails a post's author about new comments on it (from its first start on). */
  commentNotifications: ReactorRunner;
  /** E-mails members' messages to each other. */
  memberMessages: ReactorRunner;
  /** The card payment provider: the local sandbox, or Stripe when configured. */
  payments: PaymentProvider;
  commerce: CommerceService;
  /** Exchange rates for showing prices in the buyer's currency. */
  exchangeRates: ExchangeRateSource;
  search: SearchIndex;
  /** The AI generator's and chatbot's model, or the offline writer without OPENAI_API_KEY. */
  writer: TemplateWriter;
  /** Runs generation jobs; `startGeneration` starts it with its reactor and recovers jobs a stop left behind. */
  generation: GenerationWorker;
  generationReactor: ReactorRunner;
  /** Sends mass e-mail campaigns; `startMassEmail` starts its reactor, whose lock's holder sends and resumes campaigns a stop left unfinished. */
  massEmail: MassEmailWorker;
  massEmailReactor: ReactorRunner;
  /** Where links in e-mails, payment returns and pages point (PUBLIC_URL). */
  publicUrl: string;
  accounts: AccountService;
  engagement: EngagementService;
  mail: MailSender;
  /** The development outbox, when no SMTP server is configured. */
  outbox: MailOutbox | null;
  images: ImageStore;
  /** Where rate-limit counters live: every instance must see the same ones. */
  rateLimitCounters: RateLimitCounters;
  google: GoogleIdTokenVerifier;
  googleClientId: string | null;
  /** Session cookies are Secure when the public address is https. */
  secureCookies: boolean;
  /** Which adapter serves each port, for logs and /api/health. */
  adapters: { eventStore: string; database: string; search: string; mail: string; rateLimits: string; payments: string; ai: string; google: string };
  /** Every projection (building the read models it lacks), the search index and every reactor following the log, as the server runs them. */
  startFollowers(): Promise<void>;
  /** Starts the generation worker: new requests from the log, and the jobs a stopped server left behind. */
  startGeneration(): Promise<void>;
  startMassEmail(): void;
  close(): Promise<void>;
}

/** Where uploaded pictures (and their scaled variants) are kept under DATA_DIR. */
export function uploadedImagesDirectory(dataDir: string): string {
  return join(dataDir, 'uploads', 'images');
}

/** Where the embedded database (PGlite) keeps its files under DATA_DIR. */
export function embeddedDatabaseDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function openInfrastructure(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'> &
    Partial<Pick<Config, 'smtpUrl' | 'mailFrom' | 'googleClientId' | 'publicUrl' | 'meiliUrl' | 'meiliKey' | 'redisUrl' | 'platformFeePercent' | 'stripe' | 'exchangeRatesUrl' | 'openaiApiKey' | 'openaiBaseUrl' | 'openaiModel' | 'openaiTimeoutMs' | 'googleApplicationCredentials' | 'googleDriveFolderId' | 'paypal' | 'massEmailPerSecond'>> & {
      /** A schema of its own on the Postgres server (tests run side by side in one database). */
      databaseSchema?: string;
    },
  options: { batchSize?: number; rebuildBatchSize?: number; log?: (line: string) => void } = {},
): Promise<Infrastructure> {
  const releaseDataDir = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl, schema: config.databaseSchema, log: options.log } : { dataDir: embeddedDatabaseDirectory(config.dataDir) },
    );
    const rawStore = config.eventStoreUrl ? createEsdbEventStore(config.eventStoreUrl) : createPostgresEventStore(database);
    // One read of the log's tail feeds every projection and reactor of this process.
    const store = withSharedTail(withUpcasting(rawStore, upcasters));
    // Runner locks are held on the database's lock pool, never on the requests' connections.
    const runnerOptions = { ...options, locks: database.locks };
    const runner = new ProjectionRunner(database.db, database.kind, store, projections, runnerOptions);
    const search = config.meiliUrl
      ? createMeilisearchIndex({ host: config.meiliUrl, apiKey: config.meiliKey }, database.db, createSearchDocumentFeed(database.db, runner))
      : createPostgresSearchIndex(database.db, database.kind, runner);
    const vault = createPostgresVault(database.db);
    const commands = createCommandBus(store, upcasters, createStreamSnapshots(database.db));
    const rewards = new ReactorRunner(database.db, database.kind, store, createRewardsReactor({ commands, store }), runnerOptions);
    const moderation = new ReactorRunner(
      database.db,
      database.kind,
      store,
      createModerationReactor({ commands, db: database.db, waitForReadModels: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS, ['engagement']) }),
      runnerOptions,
    );
    const outbox = config.smtpUrl ? null : createOutboxMailer(database.db);
    const mail: MailSender = config.smtpUrl ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? DEFAULT_MAIL_FROM }) : outbox!;
    const publicUrl = config.publicUrl ?? 'http://localhost:3000';
    const writer = config.openaiApiKey
      ? createOpenAiWriter({
          apiKey: config.openaiApiKey,
          baseUrl: config.openaiBaseUrl,
          model: config.openaiModel ?? DEFAULT_OPENAI_MODEL,
          timeoutMs: config.openaiTimeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
        })
      : createOfflineWriter();
    const google = config.googleApplicationCredentials ? createGoogleDrivePublisher({ keyFile: config.googleApplicationCredentials, folderId: config.googleDriveFolderId }) : null;
    const generation = new GenerationWorker({
      commands,
      store,
      db: database.db,
      writer,
      google,
      waitForReadModels: async () => runner.waitFor(await store.headPosition(), READ_MODEL_WAIT_MS, ['generations']),
      log: options.log,
    });
    const generationReactor = new ReactorRunner(database.db, database.kind, store, generation.reactor, runnerOptions);
    const rateLimitCounters = openRateLimitCounters(config.redisUrl ? { redisUrl: config.redisUrl } : { db: database.db });
    const payments: PaymentProvider = config.stripe
      ? createStripePaymentProvider(config.stripe)
      : createSandboxPaymentProvider({ signingKey: await vault.blindIndex(SANDBOX_SIGNING_KEY_LABEL) });
    const orders: OrderPaymentProvider = config.paypal ? createPayPalOrderProvider(config.paypal) : createSandboxOrderProvider(database.db);
    const commerce = new CommerceService({
      commands,
      store,
      db: database.db,
      provider: payments,
      orders,
      platformFeePercent: config.platformFeePercent ?? 0,
      waitForReadModels: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS),
    });
    const commerceReactor = new ReactorRunner(database.db, database.kind, store, createCommerceReactor({ commands, db: database.db, vault, mail, publicUrl }), runnerOptions);
    const paymentReturns = new ReactorRunner(database.db, database.kind, store, createPaymentReturnReactor({ commerce, db: database.db, vault, mail }), runnerOptions);
    const commentNotifications = new ReactorRunner(database.db, database.kind, store, createCommentNotificationReactor({ db: database.db, vault, mail, publicUrl, waitForReadModels: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS, ['engagement']) }), runnerOptions);
    const memberMessages = new ReactorRunner(database.db, database.kind, store, createMemberMessageReactor({ db: database.db, vault, mail, publicUrl }), runnerOptions);
    const massEmail = new MassEmailWorker({
      commands,
      store,
      db: database.db,
      vault,
      mail,
      publicUrl,
      perSecond: config.massEmailPerSecond ?? DEFAULT_MASS_EMAIL_PER_SECOND,
      waitForReadModels: async () => runner.waitFor(await store.headPosition(), READ_MODEL_WAIT_MS, ['mass_emails']),
      log: options.log,
    });
    const massEmailReactor = new ReactorRunner(database.db, database.kind, store, massEmail.reactor, runnerOptions);
    const startGeneration = async () => {
      generationReactor.start();
      await generation.recover();
    };
    const startMassEmail = () => massEmailReactor.start();
    return {
      database,
      store,
      vault,
      commands,
      runner,
      rewards,
      moderation,
      commerceReactor,
      paymentReturns,
      commentNotifications,
      memberMessages,
      payments,
      commerce,
      exchangeRates: createExchangeRateSource({ feedUrl: config.exchangeRatesUrl, log: options.log }),
      search,
      writer,
      generation,
      generationReactor,
      massEmail,
      massEmailReactor,
      publicUrl,
      accounts: new AccountService({ commands, store, vault, db: database.db, dbKind: database.kind, usersReached: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS, ['users']), mail, outbox, publicUrl }),
      engagement: new EngagementService({ commands, vault, db: database.db }),
      mail,
      outbox,
      images: createLocalImageStore(uploadedImagesDirectory(config.dataDir)),
      rateLimitCounters,
      google: createGoogleIdTokenVerifier({ clientId: config.googleClientId }),
      googleClientId: config.googleClientId ?? null,
      secureCookies: publicUrl.startsWith('https:'),
      adapters: {
        mail: config.smtpUrl ? 'smtp' : 'local outbox (/dev/mailbox)',
        eventStore: config.eventStoreUrl ? `eventstoredb (${new URL(config.eventStoreUrl).host})` : `${database.kind} events table`,
        database: `${database.kind} (${database.location})`,
        search: search.description,
        rateLimits: rateLimitCounters.description,
        payments: `${payments.description}; orders: ${orders.description}`,
        google: google ? 'Google Drive (service account)' : 'off (files served by Tessera)',
        ai: writer.mode === 'model' ? `OpenAI-compatible model ${writer.model}${config.openaiBaseUrl ? ` at ${new URL(config.openaiBaseUrl).host}` : ''}` : 'offline (no OPENAI_API_KEY)',
      },
      async startFollowers() {
        await runner.start();
        await search.start();
        for (const reactor of [rewards, moderation, commerceReactor, paymentReturns, commentNotifications, memberMessages]) reactor.start();
        await startGeneration();
        startMassEmail();
      },
      startGeneration,
      startMassEmail,
      async close() {
        await massEmailReactor.stop();
        await massEmail.stop();
        await generationReactor.stop();
        await generation.stop();
        await rewards.stop();
        await moderation.stop();
        await commerceReactor.stop();
        await paymentReturns.stop();
        await commentNotifications.stop();
        await memberMessages.stop();
        await search.stop();
        await runner.stop();
        await rateLimitCounters.close();
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
