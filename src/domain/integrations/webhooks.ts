import type { Decider, DomainEvent } from '../shared/events.js';
import { DomainError } from '../shared/events.js';
import { z } from '../shared/zod.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-catalogue.js';

/*
 * A member's webhook endpoints. Each endpoint is a subscription of its own to the log (its own
 * checkpoint), delivered by the webhook dispatcher: signed, at least once, in log order.
 */

export const WEBHOOK_LIMITS = {
  url: 2_000,
  /** Endpoints one member may register. */
  perMember: 10,
  /** Delivery attempts the log answers at once (newest first). */
  listedDeliveries: 100,
} as const;

/** The header a receiver checks: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Tessera-Signature';
/** What tells a webhook signing secret apart in a member's notes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * When and how often a delivery is tried. A connection error, a time-out, 408, 429 and 5xx are
 * retried with exponential backoff and full jitter over [delay/2, delay] (the first retry 10–20 s
 * after the first attempt), for up to 24 hours; then the endpoint is paused and its owner e-mailed.
 */
export interface WebhookRetryPolicy {
  /** An attempt without a whole answer within this is a time-out. */
  timeoutMs: number;
  /** The first retry's delay before jitter; each next one doubles. */
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
  /** No retry is scheduled later than this after the first attempt. */
  giveUpAfterMs: number;
}

export const DEFAULT_WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = {
  timeoutMs: 10_000,
  firstRetryDelayMs: 20_000,
  maxRetryDelayMs: 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
};

/** Whether an attempt's outcome is worth trying again: no answer, or 408, 429, 5xx. */
export function isRetryable(outcome: { statusCode: number | null }): boolean {
  const { statusCode } = outcome;
  return statusCode === null || statusCode === 408 || statusCode === 429 || statusCode >= 500;
}

/**
 * The pause before retry number `retry` (1 for the first), jittered by `random` in [0, 1); null when
 * it would fall after the give-up time (counted from the first attempt, `elapsedMs` ago).
 */
export function retryDelayMs(policy: WebhookRetryPolicy, retry: number, elapsedMs: number, random: number): number | null {
  const ceiling = Math.min(policy.maxRetryDelayMs, policy.firstRetryDelayMs * 2 ** (retry - 1));
  const delay = Math.round(ceiling / 2 + (ceiling / 2) * random);
  return elapsedMs + delay > policy.giveUpAfterMs ? null : delay;
}

export const WEBHOOK_MESSAGES = {
  notHttp: 'Please enter a valid URL starting with http:// or https://',
  noEvents: `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  tooMany: `You can register at most ${WEBHOOK_LIMITS.perMember} endpoints: delete one first`,
  notFound: 'This webhook endpoint does not exist',
  sinceInvalid: 'since must be a date and time in ISO 8601, such as 2026-01-31T12:00:00Z',
  sinceInFuture: 'since must not be in the future',
  pausedByFailures: 'Paused after the last retry of a delivery failed',
} as const;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.notHttp);
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]]))
  .min(1, WEBHOOK_MESSAGES.noEvents)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookSchema = z.object({ url: webhookUrl, events: webhookEvents });
/** `active: false` pauses deliveries; `active: true` resumes them from the event where they stopped. */
export const updateWebhookSchema = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional(), active: z.boolean().optional() })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.active !== undefined, {
    message: 'Give url, events or active',
  });
export const replayWebhookSchema = z.object({
  since: z.string().datetime({ offset: true, message: WEBHOOK_MESSAGES.sinceInvalid }),
});

/** An endpoint as its owner sees it: never the secret (shown once, at registration). */
export interface WebhookEndpointSummary {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  pausedReason: string | null;
  createdAt: string;
}

/** One delivery attempt as the log shows it. */
export interface WebhookDeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** When it is tried again; null when it was delivered, failed for good or given up. */
  nextRetryAt: string | null;
  outcome: WebhookDeliveryOutcome;
  /** The replay that sent it; null for the live delivery. */
  replayId: string | null;
}
export type WebhookDeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'gave_up';

// ── Events ──

export type WebhookEndpointRegistered = DomainEvent<
  'WebhookEndpointRegistered',
  { endpointId: string; userId: string; url: string; events: WebhookEventType[]; secretEnc: string }
>;
export type WebhookEndpointChanged = DomainEvent<
  'WebhookEndpointChanged',
  { endpointId: string; userId: string; url?: string; events?: WebhookEventType[] }
>;
/** `byOwner`: paused through PATCH; otherwise after a delivery's last retry failed. */
export type WebhookEndpointPaused = DomainEvent<
  'WebhookEndpointPaused',
  { endpointId: string; userId: string; reason: string; byOwner: boolean }
>;
export type WebhookEndpointResumed = DomainEvent<'WebhookEndpointResumed', { endpointId: string; userId: string }>;
export type WebhookEndpointDeleted = DomainEvent<'WebhookEndpointDeleted', { endpointId: string; userId: string }>;
/** `through`: the log's head when it was asked (as a decimal string): the replay ends there, live deliveries go on after it. */
export type WebhookReplayRequested = DomainEvent<
  'WebhookReplayRequested',
  { endpointId: string; userId: string; replayId: string; since: string; through: string }
>;
export type WebhookReplayFinished = DomainEvent<'WebhookReplayFinished', { endpointId: string; userId: string; replayId: string }>;

export type WebhookEndpointEvent =
  | WebhookEndpointRegistered
  | WebhookEndpointChanged
  | WebhookEndpointPaused
  | WebhookEndpointResumed
  | WebhookEndpointDeleted
  | WebhookReplayRequested
  | WebhookReplayFinished;

/** One attempt to deliver one event to one endpoint; on the stream of that event's delivery. */
export type WebhookDeliveryAttempted = DomainEvent<
  'WebhookDeliveryAttempted',
  { endpointId: string; userId: string } & WebhookDeliveryAttempt
>;

export type WebhookEvent = WebhookEndpointEvent | WebhookDeliveryAttempted;

export const WEBHOOK_ENDPOINT_EVENT_TYPES = [
  'WebhookEndpointRegistered',
  'WebhookEndpointChanged',
  'WebhookEndpointPaused',
  'WebhookEndpointResumed',
  'WebhookEndpointDeleted',
  'WebhookReplayRequested',
  'WebhookReplayFinished',
] as const satisfies readonly WebhookEndpointEvent['type'][];

export const webhookEndpointStream = (endpointId: string) => `webhook-endpoint-${endpointId}`;
/** The attempts at one event for one endpoint (live, or within one replay). */
export const webhookDeliveryStream = (endpointId: string, eventId: string, replayId: string | null) =>
  `webhook-delivery-${endpointId}-${eventId}-${replayId ?? 'live'}`;

// ── Deciders ──

export interface WebhookEndpointState {
  endpointId: string;
  userId: string | null;
  url: string;
  events: WebhookEventType[];
  secretEnc: string;
  paused: boolean;
  deleted: boolean;
  /** Replays asked for and not finished, oldest first. */
  replays: { replayId: string; since: string; through: string }[];
}

export type WebhookEndpointCommand =
  | { type: 'RegisterWebhookEndpoint'; data: WebhookEndpointRegistered['data'] }
  | { type: 'ChangeWebhookEndpoint'; userId: string; url?: string; events?: WebhookEventType[]; active?: boolean }
  | { type: 'PauseFailingWebhookEndpoint'; reason: string }
  | { type: 'DeleteWebhookEndpoint'; userId: string }
  | { type: 'RequestWebhookReplay'; userId: string; replayId: string; since: string; through: string }
  | { type: 'FinishWebhookReplay'; replayId: string };

function owned(state: WebhookEndpointState, userId: string): string {
  if (state.userId === null || state.deleted || state.userId !== userId) throw new DomainError('not_found', WEBHOOK_MESSAGES.notFound);
  return state.userId;
}

export const webhookEndpointDecider: Decider<WebhookEndpointState, WebhookEndpointCommand, WebhookEndpointEvent> = {
  initialState: () => ({ endpointId: '', userId: null, url: '', events: [], secretEnc: '', paused: false, deleted: false, replays: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'WebhookEndpointRegistered': {
        const { endpointId, userId, url, events, secretEnc } = event.data;
        return { ...state, endpointId, userId, url, events, secretEnc };
      }
      case 'WebhookEndpointChanged':
        return { ...state, url: event.data.url ?? state.url, events: event.data.events ?? state.events };
      case 'WebhookEndpointPaused':
        return { ...state, paused: true };
      case 'WebhookEndpointResumed':
        return { ...state, paused: false };
      case 'WebhookEndpointDeleted':
        return { ...state, deleted: true };
      case 'WebhookReplayRequested': {
        const { replayId, since, through } = event.data;
        return { ...state, replays: [...state.replays, { replayId, since, through }] };
      }
      case 'WebhookReplayFinished':
        return { ...state, replays: state.replays.filter((replay) => replay.replayId !== event.data.replayId) };
    }
  },
  decide: (command, state) => {
    const endpointId = state.endpointId;
    switch (command.type) {
      case 'RegisterWebhookEndpoint':
        return state.userId === null ? [{ type: 'WebhookEndpointRegistered', data: command.data }] : [];
      case 'ChangeWebhookEndpoint': {
        const userId = owned(state, command.userId);
        const decided: WebhookEndpointEvent[] = [];
        const url = command.url !== undefined && command.url !== state.url ? command.url : undefined;
        const events = command.events !== undefined && command.events.join() !== state.events.join() ? command.events : undefined;
        if (url !== undefined || events !== undefined)
          decided.push({
            type: 'WebhookEndpointChanged',
            data: { endpointId, userId, ...(url === undefined ? {} : { url }), ...(events === undefined ? {} : { events }) },
          });
        if (command.active === false && !state.paused)
          decided.push({ type: 'WebhookEndpointPaused', data: { endpointId, userId, reason: 'Paused by its owner', byOwner: true } });
        if (command.active === true && state.paused) decided.push({ type: 'WebhookEndpointResumed', data: { endpointId, userId } });
        return decided;
      }
      case 'PauseFailingWebhookEndpoint':
        if (state.userId === null || state.deleted || state.paused) return [];
        return [{ type: 'WebhookEndpointPaused', data: { endpointId, userId: state.userId, reason: command.reason, byOwner: false } }];
      case 'DeleteWebhookEndpoint': {
        const userId = owned(state, command.userId);
        return [{ type: 'WebhookEndpointDeleted', data: { endpointId, userId } }];
      }
      case 'RequestWebhookReplay': {
        const userId = owned(state, command.userId);
        const { replayId, since, through } = command;
        return [{ type: 'WebhookReplayRequested', data: { endpointId, userId, replayId, since, through } }];
      }
      case 'FinishWebhookReplay':
        if (state.userId === null || !state.replays.some((replay) => replay.replayId === command.replayId)) return [];
        return [{ type: 'WebhookReplayFinished', data: { endpointId, userId: state.userId, replayId: command.replayId } }];
    }
  },
};

/**
 * A delivery's attempts so far. The retries' 24 hours count from the first attempt of its current
 * run of retries (`windowStartedAt`, attempt `windowFirstAttempt`); one given up and resumed starts a new run.
 */
export interface WebhookDeliveryState {
  attempts: number;
  windowStartedAt: string | null;
  windowFirstAttempt: number;
  lastOutcome: WebhookDeliveryOutcome | null;
}

export const webhookDeliveryDecider: Decider<
  WebhookDeliveryState,
  { type: 'RecordWebhookAttempt'; data: WebhookDeliveryAttempted['data'] },
  WebhookDeliveryAttempted
> = {
  initialState: () => ({ attempts: 0, windowStartedAt: null, windowFirstAttempt: 1, lastOutcome: null }),
  evolve: (state, event) => {
    const newWindow = state.lastOutcome !== 'retrying';
    return {
      attempts: Math.max(state.attempts, event.data.attempt),
      windowStartedAt: newWindow ? event.data.at : state.windowStartedAt,
      windowFirstAttempt: newWindow ? event.data.attempt : state.windowFirstAttempt,
      lastOutcome: event.data.outcome,
    };
  },
  // An attempt number recorded already (a repeat after a crash) appends nothing.
  decide: (command, state) => (command.data.attempt <= state.attempts ? [] : [{ type: 'WebhookDeliveryAttempted', data: command.data }]),
};
