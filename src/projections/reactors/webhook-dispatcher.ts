import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { filter, firstValueFrom, map, race, Subject, take, timer } from 'rxjs';
import { v5 as uuidv5 } from 'uuid';
import type { Schema } from '../../adapters/db/schema.js';
import { openingEvent, START_OF_LOG, type EventStore } from '../../adapters/eventstore/port.js';
import type { MailSender } from '../../adapters/mail/port.js';
import { postPublic } from '../../adapters/security/public-fetch.js';
import { webhookSignature } from '../../adapters/security/webhook-signature.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { accountTabPath } from '../../domain/accounts/account-tabs.js';
import { WEBHOOK_SOURCE_EVENT_TYPES, webhookEventFor } from '../../domain/integrations/webhook-catalogue.js';
import {
  isRetryable,
  retryDelayMs,
  WEBHOOK_ENDPOINT_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  webhookDeliveryDecider,
  webhookDeliveryStream,
  webhookEndpointDecider,
  webhookEndpointStream,
  type WebhookDeliveryOutcome,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
  type WebhookRetryPolicy,
} from '../../domain/integrations/webhooks.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import { templateStream } from '../../domain/templates/events.js';
import { activeWebhookEndpointIds } from '../read-models/integrations/queries.js';
import { userById } from '../read-models/users/queries.js';
import type { Reactor } from './reactor-runner.js';

const DISPATCHER_ACTOR: Actor = { userId: null, role: 'system' };
/** Namespace of the pause e-mails' message ids (uuid v5 of endpoint and event). */
const PAUSE_MAIL_NAMESPACE = '4d2f8a61-93c7-4b0e-8f15-6a7e2c9d0b38';
/** An idle endpoint rechecks its state this often, besides waking on new events. */
const IDLE_RECHECK_MS = 5_000;
/** After the database or event store failed, an endpoint's loop starts again after this pause; pages of the log it reads. */
const [RETRY_AFTER_FAILURE_MS, DEFAULT_PAGE_SIZE] = [2_000, 500];

/** Time as the dispatcher sees it: tests may compress it. */
export interface DispatcherClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** In [0, 1): the retries' jitter. */
  random(): number;
}

const SYSTEM_CLOCK: DispatcherClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
  random: () => Math.random(),
};

export interface WebhookDispatcherDeps {
  commands: CommandBus;
  store: EventStore;
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
  publicUrl: string;
  retry: WebhookRetryPolicy;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: local development and tests only. */
  allowPrivateTargets: boolean;
  /** Resolves once the integrations read model has read the log's head (before the endpoints it lists are trusted). */
  waitForReadModels: () => Promise<boolean>;
  clock?: DispatcherClock;
  pageSize?: number;
  log?: (line: string) => void;
}

type DeliveryResult = WebhookDeliveryOutcome | 'skipped' | 'stopped';

/**
 * Delivers members' webhooks. Each endpoint is a subscription of its own: a loop that reads the log
 * from its own checkpoint (`reactor_checkpoints`, `webhook:<endpoint>`) and delivers each matching
 * event in order, retrying it until it is delivered, fails for good or is given up, before the next.
 * Endpoints run side by side, so a slow or dead one delays only itself, never another endpoint nor
 * the projections. A replay is a second checkpoint of the same endpoint, run before its live events.
 *
 * One process at a time delivers: the holder of the dispatcher reactor's runner lock; its reactor
 * hands it every endpoint change. At least once: the checkpoint moves after an event is settled, so
 * a restart delivers again at most the event that was under way (with the same id).
 */
export class WebhookDispatcher {
  readonly #loops = new Map<string, { wake: Subject<void>; stop: AbortController; done: Promise<void> }>();
  /** Whose each running endpoint is: an erased member's endpoints stop at once. */
  readonly #owners = new Map<string, string>();
  readonly #authors = new Map<string, string | null>();
  /** Signing secrets by their ciphertext: opened once per endpoint, not once per delivery. */
  readonly #secrets = new Map<string, string | null>();
  readonly #clock: DispatcherClock;
  #tenure: { lock: { readonly lost: boolean }; ended: AbortController } | null = null;
  #stopped = false;

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.#clock = deps.clock ?? SYSTEM_CLOCK;
  }

  get reactor(): Reactor {
    return {
      name: 'webhook-dispatcher',
      handles: [...WEBHOOK_ENDPOINT_EVENT_TYPES, 'AccountDeleted'],
      react: async (event: RecordedEvent) => {
        if (event.type === 'AccountDeleted') return this.#forget((event.data as { userId: string }).userId);
        const { type, data } = event as RecordedEvent<WebhookEndpointEvent>;
        if (type === 'WebhookEndpointPaused' || type === 'WebhookEndpointDeleted') this.#loops.get(data.endpointId)?.stop.abort();
        else this.#ensure(data.endpointId);
      },
      onLockTaken: (lock) => {
        if (this.#stopped) return;
        this.#tenure = { lock, ended: new AbortController() };
        this.recover().catch((error: unknown) => this.deps.log?.(`webhooks: resuming endpoints failed: ${messageOf(error)}`));
      },
      onLockReleased: async () => {
        this.#tenure?.ended.abort();
        this.#tenure = null;
        await this.idle();
      },
    };
  }

  /** Starts a loop for every endpoint that takes deliveries. Answers how many. */
  async recover(): Promise<number> {
    if (!(await this.deps.waitForReadModels())) this.deps.log?.('webhooks: the read models are behind; resuming the endpoints they show');
    const endpointIds = await activeWebhookEndpointIds(this.deps.db);
    for (const endpointId of endpointIds) this.#ensure(endpointId);
    return endpointIds.length;
  }

  /** Settles once every endpoint loop has stopped. */
  async idle(): Promise<void> {
    while (this.#loops.size > 0) await Promise.allSettled([...this.#loops.values()].map((loop) => loop.done));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#tenure?.ended.abort();
    this.#tenure = null;
    await this.idle();
  }

  /** An erased member's endpoints stop, and the secrets opened so far are dropped. */
  #forget(userId: string): void {
    this.#secrets.clear();
    for (const [endpointId, owner] of this.#owners) if (owner === userId) this.#loops.get(endpointId)?.stop.abort();
  }

  /** Wakes the endpoint's loop (a change, a replay), or starts one while this process holds the lock. */
  #ensure(endpointId: string): void {
    const running = this.#loops.get(endpointId);
    if (running && !running.stop.signal.aborted) return running.wake.next();
    const tenure = this.#tenure;
    if (!tenure || tenure.ended.signal.aborted) return;
    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, tenure.ended.signal]);
    const wake = new Subject<void>();
    const done = (running?.done ?? Promise.resolve())
      .then(() => this.#run(endpointId, signal, wake, tenure.lock))
      .finally(() => {
        // A loop that ended by itself (paused, deleted) is started anew by the next change.
        stop.abort();
        if (this.#loops.get(endpointId)?.done === done) {
          this.#loops.delete(endpointId);
          this.#owners.delete(endpointId);
        }
      });
    this.#loops.set(endpointId, { wake, stop, done });
  }

  async #run(endpointId: string, signal: AbortSignal, wake: Subject<void>, lock: { readonly lost: boolean }): Promise<void> {
    while (!signal.aborted && !lock.lost) {
      try {
        const state = await this.deps.commands.stateOf(webhookEndpointDecider, webhookEndpointStream(endpointId));
        if (state.userId === null || state.deleted || state.paused) return;
        this.#owners.set(endpointId, state.userId);
        const replay = state.replays[0];
        const step = replay ? await this.#replayPage(state, replay, signal) : await this.#livePage(state, signal);
        // Paused, or stopped with the signal still up (its member's secret is gone with the account).
        if (step === 'paused' || step === 'stopped') return;
        if (typeof step === 'bigint') await this.#idle(signal, wake, step);
      } catch (error) {
        if (signal.aborted) return;
        this.deps.log?.(`webhooks ${endpointId}: ${messageOf(error)}; retrying in ${RETRY_AFTER_FAILURE_MS} ms`);
        await this.#clock.sleep(RETRY_AFTER_FAILURE_MS, signal).catch(() => undefined);
      }
    }
  }

  /** One page of the log after the endpoint's checkpoint; at the head, the checkpoint (to wait for what comes after it). */
  async #livePage(state: WebhookEndpointState, signal: AbortSignal): Promise<'moved' | bigint | 'paused' | 'stopped'> {
    const name = liveCheckpointName(state.endpointId);
    const after = await this.#checkpoint(name, async () => {
      // Its first run: from its registration on, never what happened before it.
      const registered = await openingEvent(this.deps.store, webhookEndpointStream(state.endpointId));
      return registered?.position ?? START_OF_LOG;
    });
    const page = await this.deps.store.readPage({
      after,
      maxCount: this.deps.pageSize ?? DEFAULT_PAGE_SIZE,
      types: WEBHOOK_SOURCE_EVENT_TYPES,
    });
    for (const event of page.events) {
      const result = await this.#deliver(state, event, null, signal);
      if (result === 'stopped') return 'stopped';
      if (result === 'gave_up') return this.#pause(state, event);
      if (result !== 'skipped') await this.#storeCheckpoint(name, event.position);
    }
    if (page.through === after) return after;
    await this.#storeCheckpoint(name, page.through);
    return 'moved';
  }

  /** One page of a replay: the events of the endpoint's types since `since`, up to the head when it was asked. */
  async #replayPage(
    state: WebhookEndpointState,
    replay: WebhookEndpointState['replays'][number],
    signal: AbortSignal,
  ): Promise<'moved' | 'paused' | 'stopped'> {
    const name = `${liveCheckpointName(state.endpointId)}:replay:${replay.replayId}`;
    const after = await this.#checkpoint(name, START_OF_LOG);
    const through = BigInt(replay.through);
    const since = new Date(replay.since).toISOString();
    const page = await this.deps.store.readPage({
      after,
      maxCount: this.deps.pageSize ?? DEFAULT_PAGE_SIZE,
      types: WEBHOOK_SOURCE_EVENT_TYPES,
    });
    for (const event of page.events) {
      if (event.position > through) break;
      if (new Date(event.metadata.occurredAt).toISOString() < since) continue;
      const result = await this.#deliver(state, event, replay.replayId, signal);
      if (result === 'stopped') return 'stopped';
      if (result === 'gave_up') return this.#pause(state, event);
      if (result !== 'skipped') await this.#storeCheckpoint(name, event.position);
    }
    if (page.through >= through || page.through === after) {
      await this.deps.commands.handle(
        webhookEndpointDecider,
        webhookEndpointStream(state.endpointId),
        { type: 'FinishWebhookReplay', replayId: replay.replayId },
        { actor: DISPATCHER_ACTOR, idempotencyKey: `replay-finished-${replay.replayId}` },
      );
    } else await this.#storeCheckpoint(name, page.through);
    return 'moved';
  }

  /** Delivers one event to one endpoint, retrying as the policy says; each attempt is recorded. */
  async #deliver(state: WebhookEndpointState, event: RecordedEvent, replayId: string | null, signal: AbortSignal): Promise<DeliveryResult> {
    const described = webhookEventFor(event);
    if (!described || !state.events.includes(described.type)) return 'skipped';
    const ownerId = 'userId' in described.owner ? described.owner.userId : await this.#authorOf(described.owner.authorOf);
    const userId = state.userId;
    if (userId === null || ownerId !== userId) return 'skipped';
    const stream = webhookDeliveryStream(state.endpointId, event.id, replayId);
    const delivery = await this.deps.commands.stateOf(webhookDeliveryDecider, stream);
    if (delivery.lastOutcome === 'delivered' || delivery.lastOutcome === 'failed') return delivery.lastOutcome;
    if (!this.#secrets.has(state.secretEnc)) this.#secrets.set(state.secretEnc, await this.deps.vault.decrypt(userId, state.secretEnc));
    const secret = this.#secrets.get(state.secretEnc) ?? null;
    if (secret === null) return 'stopped'; // The account was erased: its endpoints go with it.
    const body = JSON.stringify({ id: event.id, type: described.type, createdAt: event.metadata.occurredAt, data: described.data });
    // The retries' 24 hours count from the first attempt; after a pause and resume, from the resumed one.
    const resuming = delivery.lastOutcome === 'retrying' && delivery.windowStartedAt !== null;
    const windowStart = resuming ? Date.parse(delivery.windowStartedAt!) : this.#clock.now();
    const windowFirstAttempt = resuming ? delivery.windowFirstAttempt : delivery.attempts + 1;
    for (let attempt = delivery.attempts + 1; ; attempt += 1) {
      const startedAt = this.#clock.now();
      const signature = webhookSignature(secret, body, Math.floor(startedAt / 1000));
      const answer = await postPublic(
        state.url,
        body,
        { [WEBHOOK_SIGNATURE_HEADER]: signature, 'user-agent': 'Tessera-Webhooks/1.0' },
        { timeoutMs: this.deps.retry.timeoutMs, allowPrivateAddresses: this.deps.allowPrivateTargets },
        signal,
      );
      if (signal.aborted) return 'stopped';
      const finishedAt = this.#clock.now();
      const statusCode = 'statusCode' in answer ? answer.statusCode : null;
      const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const retryable = !delivered && isRetryable({ statusCode });
      const delay = retryable
        ? retryDelayMs(this.deps.retry, attempt - windowFirstAttempt + 1, finishedAt - windowStart, this.#clock.random())
        : null;
      const outcome: WebhookDeliveryOutcome = delivered ? 'delivered' : !retryable ? 'failed' : delay === null ? 'gave_up' : 'retrying';
      await this.deps.commands.handle(
        webhookDeliveryDecider,
        stream,
        {
          type: 'RecordWebhookAttempt',
          data: {
            endpointId: state.endpointId,
            userId,
            eventId: event.id,
            type: described.type,
            attempt,
            at: new Date(startedAt).toISOString(),
            statusCode,
            error: 'error' in answer ? answer.error : null,
            latencyMs: finishedAt - startedAt,
            nextRetryAt: delay === null ? null : new Date(finishedAt + delay).toISOString(),
            outcome,
            replayId,
          },
        },
        {
          actor: DISPATCHER_ACTOR,
          causationId: event.id,
          correlationId: event.metadata.correlationId,
          idempotencyKey: `attempt-${attempt}`,
        },
      );
      if (outcome !== 'retrying') return outcome;
      try {
        await this.#clock.sleep(delay!, signal);
      } catch {
        return 'stopped';
      }
    }
  }

  /** The last retry failed: the owner is e-mailed, then the endpoint paused (its checkpoint stays before the event). */
  async #pause(state: WebhookEndpointState, event: RecordedEvent): Promise<'paused'> {
    const userId = state.userId!;
    const row = await userById(this.deps.db, userId);
    const to = row?.email_enc && !row.erased ? await this.deps.vault.decrypt(userId, row.email_enc) : null;
    if (to) {
      await this.deps.mail.send({
        to,
        subject: 'Your Tessera webhook endpoint is paused',
        text:
          `We could not deliver event ${event.id} to ${state.url} for 24 hours, so we paused this endpoint.\n\n` +
          `Nothing is lost: once the endpoint answers again, resume it on ${this.deps.publicUrl}${accountTabPath('integrations')} ` +
          `(or PATCH /api/webhooks/${state.endpointId} with {"active": true}) and deliveries go on from this event, in order.\n`,
        messageId: uuidv5(`${state.endpointId}\u0000${event.id}`, PAUSE_MAIL_NAMESPACE),
      });
    }
    await this.deps.commands.handle(
      webhookEndpointDecider,
      webhookEndpointStream(state.endpointId),
      { type: 'PauseFailingWebhookEndpoint', reason: WEBHOOK_MESSAGES.pausedByFailures },
      { actor: DISPATCHER_ACTOR, causationId: event.id, idempotencyKey: `paused-${event.id}` },
    );
    return 'paused';
  }

  /** A post's author, from the event that opened its stream (never from a read model that may lag). */
  async #authorOf(templateId: string): Promise<string | null> {
    if (!this.#authors.has(templateId)) {
      const submitted = await openingEvent(this.deps.store, templateStream(templateId));
      const authorId = submitted?.type === 'TemplateSubmitted' ? (submitted.data as { authorId: string }).authorId : null;
      this.#authors.set(templateId, authorId);
    }
    return this.#authors.get(templateId) ?? null;
  }

  async #checkpoint(name: string, initial: bigint | (() => Promise<bigint>)): Promise<bigint> {
    const row = await this.deps.db.selectFrom('reactor_checkpoints').select('position').where('reactor', '=', name).executeTakeFirst();
    if (row) return BigInt(row.position);
    return typeof initial === 'bigint' ? initial : initial();
  }

  async #storeCheckpoint(name: string, position: bigint): Promise<void> {
    await this.deps.db
      .insertInto('reactor_checkpoints')
      .values({ reactor: name, position })
      .onConflict((oc) => oc.column('reactor').doUpdateSet({ position }))
      .execute();
  }

  /** Waits for a new event after `after`, a change of the endpoint, the stop, or the recheck timer. */
  async #idle(signal: AbortSignal, wake: Subject<void>, after: bigint): Promise<void> {
    if (signal.aborted) return;
    const stopped = new Subject<void>();
    const onAbort = () => stopped.next();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await firstValueFrom(
        race(
          stopped,
          wake,
          timer(IDLE_RECHECK_MS).pipe(map(() => undefined)),
          this.deps.store.subscribeToAll({ after }).pipe(
            filter((event) => (WEBHOOK_SOURCE_EVENT_TYPES as readonly string[]).includes(event.type)),
            map(() => undefined),
          ),
        ).pipe(take(1)),
      );
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

const liveCheckpointName = (endpointId: string) => `webhook:${endpointId}`;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
