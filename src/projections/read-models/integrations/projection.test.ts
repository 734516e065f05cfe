import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { integrationsProjection } from './projection.js';

const userId = 'u1';
const attempt = (endpointId: string, n: number, outcome: string) => ({
  streamId: `webhook-delivery-${endpointId}-e1-live`,
  type: 'WebhookDeliveryAttempted',
  data: {
    endpointId,
    userId,
    eventId: 'e1',
    type: 'sale.completed',
    attempt: n,
    at: `2026-01-01T00:00:0${n}.000Z`,
    statusCode: outcome === 'delivered' ? 200 : 500,
    error: null,
    latencyMs: 5,
    nextRetryAt: outcome === 'retrying' ? '2026-01-01T00:00:30.000Z' : null,
    outcome,
    replayId: null,
  },
});

describe.each(databaseTargets())('integrations projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, integrationsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps live tokens with their last use, endpoints with their state, and each attempt once; applied twice, the same rows', async () => {
    const rows = await spec.given(
      recordedLog([
        {
          streamId: 'access-token-t1',
          type: 'AccessTokenCreated',
          data: { tokenId: 't1', userId, name: 'A', scopes: ['read'], tokenHash: 'h1' },
        },
        { streamId: 'access-token-t1', type: 'AccessTokenUsed', data: { tokenId: 't1', userId, usedAt: '2026-01-01T10:00:00.000Z' } },
        {
          streamId: 'access-token-t2',
          type: 'AccessTokenCreated',
          data: { tokenId: 't2', userId, name: 'B', scopes: ['read', 'write'], tokenHash: 'h2' },
        },
        { streamId: 'access-token-t2', type: 'AccessTokenRevoked', data: { tokenId: 't2', userId } },
        {
          streamId: 'webhook-endpoint-w1',
          type: 'WebhookEndpointRegistered',
          data: { endpointId: 'w1', userId, url: 'https://a.example/hook', events: ['sale.completed'], secretEnc: 'pd1:x' },
        },
        {
          streamId: 'webhook-endpoint-w1',
          type: 'WebhookEndpointChanged',
          data: { endpointId: 'w1', userId, events: ['sale.completed', 'sale.refunded'] },
        },
        attempt('w1', 1, 'retrying'),
        attempt('w1', 2, 'delivered'),
        {
          streamId: 'webhook-endpoint-w1',
          type: 'WebhookEndpointPaused',
          data: { endpointId: 'w1', userId, reason: 'Failing', byOwner: false },
        },
        {
          streamId: 'webhook-endpoint-w2',
          type: 'WebhookEndpointRegistered',
          data: { endpointId: 'w2', userId, url: 'https://b.example/hook', events: ['post.reviewed'], secretEnc: 'pd1:y' },
        },
        attempt('w2', 1, 'delivered'),
        { streamId: 'webhook-endpoint-w2', type: 'WebhookEndpointDeleted', data: { endpointId: 'w2', userId } },
      ]),
      2,
    );
    expect(
      rows.access_tokens!.map((row) => [row.token_id, row.scopes, (row.last_used_at as Date | null)?.toISOString() ?? null, row.revoked]),
    ).toEqual([
      ['t1', 'read', '2026-01-01T10:00:00.000Z', false],
      ['t2', 'read write', null, true],
    ]);
    expect(rows.webhook_endpoints!.map((row) => [row.endpoint_id, row.events, row.active, row.paused_reason, row.deleted])).toEqual([
      ['w1', 'sale.completed sale.refunded', false, 'Failing', false],
      ['w2', 'post.reviewed', false, null, true],
    ]);
    expect(rows.webhook_deliveries!.map((row) => [row.endpoint_id, row.attempt, row.outcome, row.status_code])).toEqual([
      ['w1', 1, 'retrying', 500],
      ['w1', 2, 'delivered', 200],
      ['w2', 1, 'delivered', 200],
    ]);
  });
});
