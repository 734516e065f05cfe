import { join } from 'node:path';
import { openDatabase, type Database } from '../adapters/db/database.js';
import { lockDataDir } from '../adapters/db/data-dir-lock.js';
import { createStreamSnapshots } from '../adapters/db/stream-snapshots.js';
import { createEventChain, followEventChain, type EventChain } from '../adapters/eventstore/chain.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { withSharedTail } from '../adapters/eventstore/shared-tail.js';
import { withUpcasting } from '../adapters/eventstore/upcasting.js';
import type { SearchIndex } from '../adapters/search/port.js';
import { createSearchDocumentFeed } from '../projections/read-models/search/feed.js';
import { createPostgresSearchIndex } from '../projections/read-models/search/postgres-index.js';
import { createPostgresVault, type PersonalDataVault } from '../adapters/vault/vault.js';
import { createCommandBus, type CommandBus } from '../commands/bus/handle-command.js';
import { AccountService } from '../commands/accounts/account-service.js';
import { EngagementService } from '../commands/engagement/engagement-service.js';
import { CommerceService } from '../commands/commerce/commerce-service.js';
import { createGoogleIdTokenVerifier, type GoogleIdTokenVerifier } from '../adapters/identity/google.js';
import { createLocalImageStore, type ImageStore } from '../adapters/storage/images.js';
import { DEFAULT_GUEST_GENERATIONS_PER_HOUR } from '../domain/generator/rules.js';
import { upcasters } from '../domain/upcasters.js';
import { projections } from '../projections/registry.js';
import { ProjectionRunner } from '../projections/runner.js';
import type { Config } from './config.js';
import { createFollowers, type Followers, type WebhookSettings } from './followers.js';
import { openOutsideServices, type OutsideServices, type OutsideServicesConfig } from './outside-services.js';

/** How long the moderation reactor waits for the engagement read model to count a flag. */
const READ_MODEL_WAIT_MS = 30_000;

/** Everything stateful, chosen from the configuration: the composition root's building blocks. */
export interface Infrastructure
  extends
    Omit<Followers, 'startReactors' | 'stopReactors'>,
    Pick<OutsideServices, 'mail' | 'outbox' | 'publicUrl' | 'writer' | 'payments' | 'rateLimitCounters' | 'exchangeRates'> {
  database: Database;
  store: EventStore;
  /** The audit chain over the events table; null on EventStoreDB. */
  chain: EventChain | null;
  vault: PersonalDataVault;
  commands: CommandBus;
  runner: ProjectionRunner;
  commerce: CommerceService;
  search: SearchIndex;
  accounts: AccountService;
  engagement: EngagementService;
  images: ImageStore;
  google: GoogleIdTokenVerifier;
  googleClientId: string | null;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: webhook endpoints may be private addresses (local development and tests). */
  webhooksAllowPrivateTargets: boolean;
  /** Session cookies are Secure when the public address is https. */
  secureCookies: boolean;
  /** GUEST_GENERATIONS_PER_HOUR: AI generations all guests together may start per hour. */
  guestGenerationsPerHour: number;
  /** Which adapter serves each port, for logs and /api/health. */
  adapters: {
    eventStore: string;
    database: string;
    search: string;
    mail: string;
    rateLimits: string;
    payments: string;
    ai: string;
    google: string;
  };
  /** Every projection (building the read models it lacks), the search index and every reactor following the log, as the server runs them. */
  startFollowers(): Promise<void>;
  /** Stops everything in turn; `step` is told what it waits for next (a stop that hangs names it). */
  close(step?: (waitingFor: string) => void): Promise<void>;
}

/** Where uploaded pictures (and their scaled variants) are kept under DATA_DIR. */
export function uploadedImagesDirectory(dataDir: string): string {
  return join(dataDir, 'uploads', 'images');
}

/** Where the embedded database (PGlite) keeps its files under DATA_DIR. */
export function embeddedDatabaseDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** The settings openInfrastructure reads. */
export type InfrastructureConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'eventStoreUrl'> &
  Partial<
    OutsideServicesConfig &
      Pick<
        Config,
        'googleClientId' | 'meiliUrl' | 'meiliKey' | 'massEmailPerSecond' | 'guestGenerationsPerHour' | 'webhooksAllowPrivateTargets'
      >
  > & {
    /** A schema of its own on the Postgres server (tests run side by side in one database). */
    databaseSchema?: string;
    /** Tests only: a shorter retry policy and time-out, or another clock, for webhook deliveries. */
    webhooks?: Omit<WebhookSettings, 'allowPrivateTargets'>;
  };

export interface InfrastructureOptions {
  batchSize?: number;
  rebuildBatchSize?: number;
  log?: (line: string) => void;
  /** The clock accounts and checkouts are timed by: tests move it instead of waiting; the wall clock otherwise. */
  now?: () => Date;
}

export async function openInfrastructure(config: InfrastructureConfig, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  const releaseDataDir = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, schema: config.databaseSchema, log: options.log }
        : { dataDir: embeddedDatabaseDirectory(config.dataDir) },
    );
    // The adapters of outside servers load only when configured: their clients (gRPC, HTTP SDKs) would
    // otherwise hold memory in every process that never uses them.
    const rawStore = config.eventStoreUrl
      ? (await import('../adapters/eventstore/esdb.js')).createEsdbEventStore(config.eventStoreUrl)
      : createPostgresEventStore(database);
    // One read of the log's tail feeds every projection and reactor of this process.
    const store = withSharedTail(withUpcasting(rawStore, upcasters));
    const chain = config.eventStoreUrl ? null : createEventChain(database);
    let chainFollower: { stop(): Promise<void> } | null = null;
    // Runner locks are held on the database's lock pool, never on the requests' connections.
    const runnerOptions = { ...options, locks: database.locks };
    const runner = new ProjectionRunner(database.db, database.kind, store, projections, runnerOptions);
    const search = config.meiliUrl
      ? (await import('../adapters/search/meilisearch.js')).createMeilisearchIndex(
          { host: config.meiliUrl, apiKey: config.meiliKey },
          database.db,
          createSearchDocumentFeed(database.db, runner),
        )
      : createPostgresSearchIndex(database.db, database.kind, runner);
    const vault = createPostgresVault(database.db);
    const commands = createCommandBus(store, upcasters, createStreamSnapshots(database.db));
    const outside = await openOutsideServices(config, database, vault, options.log);
    const { mail, outbox, publicUrl } = outside;
    const commerce = new CommerceService({
      commands,
      db: database.db,
      provider: outside.payments,
      orders: outside.orders,
      platformFeePercent: config.platformFeePercent ?? 0,
      waitForReadModels: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS),
      now: options.now,
    });
    const followers = createFollowers(
      { database, store, runner, commands, vault, commerce, mail, publicUrl, writer: outside.writer, google: outside.drive },
      {
        runnerOptions,
        readModelWaitMs: READ_MODEL_WAIT_MS,
        massEmailPerSecond: config.massEmailPerSecond,
        webhooks: { ...config.webhooks, allowPrivateTargets: config.webhooksAllowPrivateTargets ?? false },
        log: options.log,
      },
    );
    const { startReactors, stopReactors, ...reactors } = followers;
    return {
      ...reactors,
      mail,
      outbox,
      publicUrl,
      writer: outside.writer,
      payments: outside.payments,
      rateLimitCounters: outside.rateLimitCounters,
      exchangeRates: outside.exchangeRates,
      database,
      store,
      chain,
      vault,
      commands,
      runner,
      commerce,
      search,
      accounts: new AccountService({
        commands,
        store,
        vault,
        db: database.db,
        dbKind: database.kind,
        usersReached: (position) => runner.waitFor(position, READ_MODEL_WAIT_MS, ['users']),
        mail,
        outbox,
        publicUrl,
        now: options.now,
      }),
      engagement: new EngagementService({ commands, vault, db: database.db }),
      images: createLocalImageStore(uploadedImagesDirectory(config.dataDir)),
      google: createGoogleIdTokenVerifier({ clientId: config.googleClientId }),
      googleClientId: config.googleClientId ?? null,
      secureCookies: publicUrl.startsWith('https:'),
      guestGenerationsPerHour: config.guestGenerationsPerHour ?? DEFAULT_GUEST_GENERATIONS_PER_HOUR,
      webhooksAllowPrivateTargets: config.webhooksAllowPrivateTargets ?? false,
      adapters: adapterDescriptions(config, database, search, outside),
      async startFollowers() {
        await runner.start();
        await search.start();
        await startReactors();
        if (chain) chainFollower = followEventChain(chain, store, options.log);
      },
      async close(step = () => {}) {
        // Each step named first: a stop that overruns its deadline says what it still waited for.
        const steps: [string, () => Promise<void>][] = [
          ['audit chain (its current extension)', async () => chainFollower?.stop()],
          ['reactors and workers (their current batch)', stopReactors],
          ['search index feeder', () => search.stop()],
          ['projections (their current batch)', () => runner.stop()],
          ['rate-limit counters', () => outside.rateLimitCounters.close()],
          ['event store', () => store.close()],
          ['database connections', () => database.close()],
        ];
        for (const [name, close] of steps) {
          step(name);
          await close();
        }
        releaseDataDir();
      },
    };
  } catch (error) {
    releaseDataDir();
    throw error;
  }
}

/** Which adapter serves each port, for logs and /api/health. */
function adapterDescriptions(
  config: InfrastructureConfig,
  database: Database,
  search: SearchIndex,
  outside: OutsideServices,
): Infrastructure['adapters'] {
  return {
    ...outside.descriptions,
    eventStore: config.eventStoreUrl ? `eventstoredb (${new URL(config.eventStoreUrl).host})` : `${database.kind} events table`,
    database: `${database.kind} (${database.location})`,
    search: search.description,
  };
}
