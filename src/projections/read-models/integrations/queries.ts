import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { AccessTokenSummary, TokenScope } from '../../../domain/integrations/tokens.js';
import type { WebhookEventType } from '../../../domain/integrations/webhook-catalogue.js';
import type { WebhookDeliveryAttempt, WebhookDeliveryOutcome, WebhookEndpointSummary } from '../../../domain/integrations/webhooks.js';
import type { AccessTokensView, WebhookEndpointsView } from './tables.js';

function toTokenSummary(row: AccessTokensView): AccessTokenSummary {
  return {
    id: row.token_id,
    name: row.name,
    scopes: row.scopes.split(' ') as TokenScope[],
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** A member's tokens, newest first. */
export async function accessTokensOf(db: Kysely<Schema>, userId: string): Promise<AccessTokenSummary[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toTokenSummary);
}

export async function accessTokenCount(db: Kysely<Schema>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The token a hash belongs to (not revoked), with its member's standing. */
export async function accessTokenByHash(db: Kysely<Schema>, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.token_id', 't.user_id', 't.scopes', 't.last_used_at', 'u.username', 'u.verification', 'u.erased'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked', '=', false)
    .executeTakeFirst();
}

function toEndpointSummary(row: WebhookEndpointsView): WebhookEndpointSummary {
  return {
    id: row.endpoint_id,
    url: row.url,
    events: row.events.split(' ') as WebhookEventType[],
    active: row.active,
    pausedReason: row.paused_reason,
    createdAt: row.created_at.toISOString(),
  };
}

export async function webhookEndpointsOf(db: Kysely<Schema>, userId: string): Promise<WebhookEndpointSummary[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .execute();
  return rows.map(toEndpointSummary);
}

export async function webhookEndpointCount(db: Kysely<Schema>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A member's endpoint; null when it is someone else's or gone. */
export async function webhookEndpointOf(db: Kysely<Schema>, userId: string, endpointId: string): Promise<WebhookEndpointSummary | null> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? toEndpointSummary(row) : null;
}

/** Every endpoint that takes deliveries now (the dispatcher's start). */
export async function activeWebhookEndpointIds(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db.selectFrom('webhook_endpoints').select('endpoint_id').where('active', '=', true).execute();
  return rows.map((row) => row.endpoint_id);
}

/** An endpoint's delivery attempts, newest first. */
export async function webhookDeliveries(db: Kysely<Schema>, endpointId: string, limit: number): Promise<WebhookDeliveryAttempt[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('at', 'desc')
    .orderBy('attempt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    type: row.event_type,
    attempt: row.attempt,
    at: row.at.toISOString(),
    statusCode: row.status_code,
    error: row.error,
    latencyMs: row.latency_ms,
    nextRetryAt: row.next_retry_at?.toISOString() ?? null,
    outcome: row.outcome as WebhookDeliveryOutcome,
    replayId: row.replay_id,
  }));
}
