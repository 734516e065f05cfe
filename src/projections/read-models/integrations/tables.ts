import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** A member's personal access token: only its hash is kept. Revoked ones stay, marked, so a late replay cannot bring one back. */
export interface AccessTokensView {
  token_id: string;
  user_id: string;
  name: string;
  /** Space-separated TokenScope values. */
  scopes: string;
  token_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked: boolean;
}

/** A member's webhook endpoint; deleted ones stay, marked. `revision`: its stream's last event applied (a late replay changes nothing). */
export interface WebhookEndpointsView {
  endpoint_id: string;
  user_id: string;
  url: string;
  /** Space-separated WebhookEventType values. */
  events: string;
  active: boolean;
  paused_reason: string | null;
  created_at: Date;
  deleted: boolean;
  revision: number;
}

/** One delivery attempt of one event to one endpoint. */
export interface WebhookDeliveriesView {
  attempt_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  at: Date;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  next_retry_at: Date | null;
  outcome: string;
  replay_id: string | null;
}

/** Integrations: tokens and webhooks, by logical name (the runner maps them to the live generation). */
export interface IntegrationsTables {
  access_tokens: AccessTokensView;
  webhook_endpoints: WebhookEndpointsView;
  webhook_deliveries: WebhookDeliveriesView;
}

export async function createIntegrationsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.access_tokens)
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked', 'boolean', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.access_tokens}_user`).on(t.access_tokens).column('user_id').execute();
  await trx.schema
    .createTable(t.webhook_endpoints)
    .addColumn('endpoint_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.webhook_endpoints}_user`).on(t.webhook_endpoints).column('user_id').execute();
  await trx.schema
    .createTable(t.webhook_deliveries)
    .addColumn('attempt_id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('next_retry_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('replay_id', 'text')
    .execute();
  await trx.schema.createIndex(`${t.webhook_deliveries}_endpoint`).on(t.webhook_deliveries).columns(['endpoint_id', 'at']).execute();
}
