import type { TemplateWriter } from '../adapters/ai/writer.js';
import type { Database } from '../adapters/db/database.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import type { GooglePublisher } from '../adapters/google/drive-publisher.js';
import type { MailSender } from '../adapters/mail/port.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import type { CommandBus } from '../commands/bus/handle-command.js';
import type { CommerceService } from '../commands/commerce/commerce-service.js';
import { DEFAULT_MASS_EMAIL_PER_SECOND } from '../domain/mass-email/rules.js';
import { createCommentNotificationReactor } from '../projections/reactors/comment-notification-reactor.js';
import { createCommerceReactor } from '../projections/reactors/commerce-reactor.js';
import { GenerationWorker } from '../projections/reactors/generation-worker.js';
import { MassEmailWorker } from '../projections/reactors/mass-email-worker.js';
import { createMemberMessageReactor } from '../projections/reactors/member-message-reactor.js';
import { createModerationReactor } from '../projections/reactors/moderation-reactor.js';
import { createPaymentReturnReactor } from '../projections/reactors/payment-return-reactor.js';
import { ReactorRunner } from '../projections/reactors/reactor-runner.js';
import { createRewardsReactor } from '../projections/reactors/rewards-reactor.js';
import { WebhookDispatcher, type DispatcherClock } from '../projections/reactors/webhook-dispatcher.js';
import { DEFAULT_WEBHOOK_RETRY_POLICY, type WebhookRetryPolicy } from '../domain/integrations/webhooks.js';
import { createVersionNoticeReactor } from '../projections/reactors/version-notice-reactor.js';
import type { ProjectionRunner } from '../projections/runner.js';

/** What the reactors and workers act with. */
export interface FollowerDeps {
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  commands: CommandBus;
  vault: PersonalDataVault;
  commerce: CommerceService;
  mail: MailSender;
  publicUrl: string;
  writer: TemplateWriter;
  google: GooglePublisher | null;
}

export interface FollowerOptions {
  runnerOptions: ConstructorParameters<typeof ReactorRunner>[4];
  /** How long a reactor waits for the read model it reads to count what it reacts to. */
  readModelWaitMs: number;
  massEmailPerSecond?: number | undefined;
  webhooks?: WebhookSettings | undefined;
  log?: ((line: string) => void) | undefined;
}

/** How webhooks are delivered: the retry policy (tests shorten it), the SSRF guard's switch, and the clock. */
export interface WebhookSettings {
  allowPrivateTargets: boolean;
  retry?: Partial<WebhookRetryPolicy> | undefined;
  clock?: DispatcherClock | undefined;
}

/** Every reactor and worker that follows the log beside the projections, and how they start and stop. */
export interface Followers {
  /** Appends rewards for what users do. */
  rewards: ReactorRunner;
  /** Sends much-flagged or reported posts to the review queue. */
  moderation: ReactorRunner;
  /** Makes buyers owners of what they bought (and not after a refund), and sends the sale, receipt and refund e-mails. */
  commerceReactor: ReactorRunner;
  /** Refunds a payment that bought nothing: a second paid checkout of a post the buyer owns, or one for a post removed meanwhile. */
  paymentReturns: ReactorRunner;
  /** E-mails a post's author about new comments on it (from its first start on). */
  commentNotifications: ReactorRunner;
  /** E-mails members' messages to each other. */
  memberMessages: ReactorRunner;
  /** Tells buyers and savers who asked about each new version of a post. */
  versionNotices: ReactorRunner;
  generation: GenerationWorker;
  generationReactor: ReactorRunner;
  massEmail: MassEmailWorker;
  massEmailReactor: ReactorRunner;
  /** Delivers members' webhooks, each endpoint from its own checkpoint. */
  webhookDispatcher: WebhookDispatcher;
  webhookReactor: ReactorRunner;
  /** Starts the generation worker: new requests from the log, and the jobs a stopped server left behind. */
  startGeneration(): Promise<void>;
  startMassEmail(): void;
  startReactors(): Promise<void>;
  stopReactors(): Promise<void>;
}

export function createFollowers(deps: FollowerDeps, options: FollowerOptions): Followers {
  const { database, store, runner, commands, vault, mail, publicUrl } = deps;
  const db = database.db;
  const reactorRunner = (reactor: ConstructorParameters<typeof ReactorRunner>[3]) =>
    new ReactorRunner(db, database.kind, store, reactor, options.runnerOptions);
  const readModelsReached = (names: string[]) => (position: bigint) => runner.waitFor(position, options.readModelWaitMs, names);
  const headReached = (names: string[]) => async () => runner.waitFor(await store.headPosition(), options.readModelWaitMs, names);

  const generation = new GenerationWorker({
    commands,
    store,
    db,
    writer: deps.writer,
    google: deps.google,
    waitForReadModels: headReached(['generations']),
    log: options.log,
  });
  const massEmail = new MassEmailWorker({
    commands,
    store,
    db,
    vault,
    mail,
    publicUrl,
    perSecond: options.massEmailPerSecond ?? DEFAULT_MASS_EMAIL_PER_SECOND,
    waitForReadModels: headReached(['mass_emails']),
    log: options.log,
  });
  const webhookDispatcher = new WebhookDispatcher({
    commands,
    store,
    db,
    vault,
    mail,
    publicUrl,
    retry: { ...DEFAULT_WEBHOOK_RETRY_POLICY, ...options.webhooks?.retry },
    allowPrivateTargets: options.webhooks?.allowPrivateTargets ?? false,
    waitForReadModels: headReached(['integrations']),
    ...(options.webhooks?.clock ? { clock: options.webhooks.clock } : {}),
    log: options.log,
  });
  const webhookReactor = reactorRunner(webhookDispatcher.reactor);
  const reactors = {
    rewards: reactorRunner(createRewardsReactor({ commands, store })),
    moderation: reactorRunner(createModerationReactor({ commands, db, waitForReadModels: readModelsReached(['engagement']) })),
    commerceReactor: reactorRunner(createCommerceReactor({ commands, db, vault, mail, publicUrl })),
    paymentReturns: reactorRunner(createPaymentReturnReactor({ commerce: deps.commerce, db, vault, mail })),
    commentNotifications: reactorRunner(
      createCommentNotificationReactor({ db, vault, mail, publicUrl, waitForReadModels: readModelsReached(['engagement']) }),
    ),
    memberMessages: reactorRunner(createMemberMessageReactor({ db, vault, mail, publicUrl })),
    versionNotices: reactorRunner(
      createVersionNoticeReactor({ db, vault, mail, commands, publicUrl, waitForReadModels: readModelsReached(['versions', 'templates']) }),
    ),
  };
  const generationReactor = reactorRunner(generation.reactor);
  const massEmailReactor = reactorRunner(massEmail.reactor);
  const startGeneration = async () => {
    generationReactor.start();
    await generation.recover();
  };
  const startMassEmail = () => massEmailReactor.start();
  return {
    ...reactors,
    generation,
    generationReactor,
    massEmail,
    massEmailReactor,
    webhookDispatcher,
    webhookReactor,
    startGeneration,
    startMassEmail,
    async startReactors() {
      for (const reactor of Object.values(reactors)) reactor.start();
      await startGeneration();
      startMassEmail();
      webhookReactor.start();
    },
    async stopReactors() {
      await webhookReactor.stop();
      await webhookDispatcher.stop();
      await massEmailReactor.stop();
      await massEmail.stop();
      await generationReactor.stop();
      await generation.stop();
      for (const reactor of Object.values(reactors)) await reactor.stop();
    },
  };
}
