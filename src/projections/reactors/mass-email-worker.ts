import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { v5 as uuidv5 } from 'uuid';
import type { Schema } from '../../adapters/db/schema.js';
import { openingEvent, type EventStore } from '../../adapters/eventstore/port.js';
import { MailDeliveryError, type MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { massEmailRecipientDecider } from '../../domain/mass-email/decider.js';
import {
  massEmailRecipientStream,
  massEmailStream,
  type MassEmailRecipientEvent,
  type MassEmailRequested,
} from '../../domain/mass-email/events.js';
import { massEmailMessage } from '../../domain/mass-email/rules.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import type { Reactor } from './reactor-runner.js';
import { unfinishedCampaignIds } from '../read-models/mass-emails/queries.js';
import { userById } from '../read-models/users/queries.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { unsubscribeHeaders, unsubscribeUrl } from '../../commands/accounts/unsubscribe-token.js';

const WORKER_ACTOR: Actor = { userId: null, role: 'system' };
/** Namespace of the message ids derived from campaign and recipient (uuid v5). */
const MESSAGE_ID_NAMESPACE = 'b3a1f0c2-6d4e-4f7a-9b8c-2e5d7a1c9f03';
/** After the database or event store failed mid-campaign, the campaign is taken up again after this pause. */
const RETRY_AFTER_FAILURE_MS = 5_000;
/**
 * A recipient whose server answered "try later" (4xx) or could not be reached is tried again after
 * each of these pauses before the failure is recorded; a refusal (5xx) is recorded at once.
 */
const DELIVERY_RETRY_DELAYS_MS = [2_000, 30_000] as const;

/** The id a recipient's message of a campaign always carries, whichever attempt sends it. */
export function massEmailMessageId(campaignId: string, recipientId: string): string {
  return uuidv5(`${campaignId}\u0000${recipientId}`, MESSAGE_ID_NAMESPACE);
}

type DeliveryOutcome = { messageId: string } | { skipped: 'unsubscribed' | 'no_address' };

/** The time this process holds the worker's lock: campaigns run only inside one. */
interface Tenure {
  readonly lock: { readonly lost: boolean };
  readonly ended: AbortController;
}

/**
 * Sends mass e-mail campaigns, one recipient at a time at `perSecond` at most. One process at a
 * time sends: the one holding its reactor's runner lock (an advisory lock on Postgres). On taking
 * the lock it resumes every campaign the read model shows unfinished (a stopped or killed holder's
 * too); its reactor hands it each new MassEmailRequested; on losing the lock it stops sending.
 *
 * Exactly once per recipient: before sending, the recipient's own stream is read — a recorded
 * outcome means done, never sent again. The message carries an id derived from campaign and
 * recipient; a crash between the send and the outcome's append sends it again on the next start
 * with the same id, which the outbox stores once (so the outbox counts exactly one) and SMTP sends
 * as the same Message-ID (at least once to the SMTP server, de-duplicated by the id downstream).
 */
export class MassEmailWorker {
  readonly #limit = pLimit(1);
  readonly #inFlight = new Map<string, Promise<void>>();
  #tenure: Tenure | null = null;
  #stopped = false;
  #nextSendAt = 0;

  constructor(
    private readonly deps: {
      commands: CommandBus;
      store: EventStore;
      db: Kysely<Schema>;
      vault: PersonalDataVault;
      mail: MailSender;
      publicUrl: string;
      /** Throttle: messages per second (MASS_EMAIL_PER_SECOND). */
      perSecond: number;
      /** Resolves once the mass-email read model has read the whole log (before `recover` trusts it). */
      waitForReadModels: () => Promise<boolean>;
      log?: (line: string) => void;
    },
  ) {}

  get reactor(): Reactor {
    return {
      name: 'mass-email-worker',
      handles: ['MassEmailRequested'],
      react: async (event: RecordedEvent) => {
        this.enqueue((event.data as MassEmailRequested['data']).campaignId);
      },
      onLockTaken: (lock) => {
        if (this.#stopped) return;
        this.#tenure = { lock, ended: new AbortController() };
        this.recover().catch((error: unknown) =>
          this.deps.log?.(`mass e-mail: resuming unfinished campaigns failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      },
      onLockReleased: async () => {
        this.#tenure?.ended.abort();
        this.#tenure = null;
        await this.idle();
      },
    };
  }

  /** Takes up every campaign the read model shows unfinished. Answers how many. */
  async recover(): Promise<number> {
    if (!(await this.deps.waitForReadModels())) this.deps.log?.('mass e-mail: the read models are behind; recovering from what they show');
    const campaignIds = await unfinishedCampaignIds(this.deps.db);
    for (const campaignId of campaignIds) this.enqueue(campaignId);
    return campaignIds.length;
  }

  /** Settles when every campaign handed over so far has finished or stopped. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Sends the campaign's remaining messages, if this process holds the lock (else its holder does). */
  enqueue(campaignId: string): void {
    const tenure = this.#tenure;
    if (!tenure || tenure.ended.signal.aborted || this.#inFlight.has(campaignId)) return;
    const signal = tenure.ended.signal;
    const run = this.#limit(() => this.#run(campaignId, tenure))
      .catch(async (error: unknown) => {
        if (signal.aborted) return;
        this.deps.log?.(
          `mass e-mail ${campaignId}: ${error instanceof Error ? error.message : String(error)}; retrying in ${RETRY_AFTER_FAILURE_MS} ms`,
        );
        await sleep(RETRY_AFTER_FAILURE_MS, undefined, { signal }).then(
          () => setImmediate(() => this.enqueue(campaignId)),
          () => undefined,
        );
      })
      .finally(() => this.#inFlight.delete(campaignId));
    this.#inFlight.set(campaignId, run);
  }

  /** For good: the message being sent finishes, the rest wait for the next holder of the lock. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#tenure?.ended.abort();
    this.#tenure = null;
    await this.idle();
  }

  async #throttle(signal: AbortSignal): Promise<void> {
    const wait = this.#nextSendAt - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal });
    this.#nextSendAt = Math.max(Date.now(), this.#nextSendAt) + 1000 / this.deps.perSecond;
  }

  async #run(campaignId: string, tenure: Tenure): Promise<void> {
    const signal = tenure.ended.signal;
    if (signal.aborted) return;
    const requested = await openingEvent(this.deps.store, massEmailStream(campaignId));
    if (requested?.type !== 'MassEmailRequested') return;
    const campaign = requested.data as MassEmailRequested['data'];
    const context = { actor: WORKER_ACTOR, correlationId: requested.metadata.correlationId, causationId: requested.id };
    for (const recipientId of campaign.recipientIds) {
      // A lost lock may already be another process's: it takes the campaign up from here.
      if (signal.aborted || tenure.lock.lost) return;
      const stream = massEmailRecipientStream(campaignId, recipientId);
      if ((await openingEvent(this.deps.store, stream)) !== null) continue;
      const outcome = await this.#deliverRetrying(campaign, recipientId, signal).catch((error: unknown) => {
        if (signal.aborted || error instanceof MailDeliveryError)
          return { failure: error instanceof Error ? error.message : String(error) };
        throw error;
      });
      if (signal.aborted && 'failure' in outcome) return; // stopped mid-send: the next start tries this recipient again
      const event: MassEmailRecipientEvent =
        'failure' in outcome
          ? { type: 'MassEmailFailed', data: { campaignId, recipientId, reason: outcome.failure } }
          : 'skipped' in outcome
            ? { type: 'MassEmailSkipped', data: { campaignId, recipientId, reason: outcome.skipped } }
            : { type: 'MassEmailDelivered', data: { campaignId, recipientId, messageId: outcome.messageId } };
      await this.deps.commands.handle(massEmailRecipientDecider, stream, { type: 'RecordOutcome', event }, context);
    }
  }

  async #deliverRetrying(campaign: MassEmailRequested['data'], recipientId: string, signal: AbortSignal): Promise<DeliveryOutcome> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.#deliver(campaign, recipientId, signal);
      } catch (error) {
        const pause = DELIVERY_RETRY_DELAYS_MS[attempt];
        if (!(error instanceof MailDeliveryError) || !error.transient || pause === undefined) throw error;
        this.deps.log?.(`mass e-mail ${campaign.campaignId}: ${error.message}; trying recipient ${recipientId} again in ${pause} ms`);
        await sleep(pause, undefined, { signal });
      }
    }
  }

  async #deliver(campaign: MassEmailRequested['data'], recipientId: string, signal: AbortSignal): Promise<DeliveryOutcome> {
    const row = await userById(this.deps.db, recipientId);
    if (!row || row.erased || !row.email_enc) return { skipped: 'no_address' };
    // Turned off after the request: respected until the last message (group `all` reaches everyone, spec).
    if (campaign.group !== 'all' && row.notifications.allowUpdateEmails === false) return { skipped: 'unsubscribed' };
    const to = await this.deps.vault.decrypt(row.id, row.email_enc);
    if (to === null) return { skipped: 'no_address' };
    const link = await unsubscribeUrl(this.deps.vault, this.deps.publicUrl, recipientId, 'updates');
    const messageId = massEmailMessageId(campaign.campaignId, recipientId);
    await this.#throttle(signal);
    await this.deps.mail.send({
      to,
      ...massEmailMessage(campaign.subject, campaign.body, link),
      messageId,
      headers: unsubscribeHeaders(link),
    });
    return { messageId };
  }
}
