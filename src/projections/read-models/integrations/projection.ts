import { defineProjection } from '../../projection.js';
import { createIntegrationsTables } from './tables.js';

/** Members' access tokens and webhook endpoints, and every delivery attempt: the account page's Integrations tab and the Bearer check. */
export const integrationsProjection = defineProjection({
  name: 'integrations',
  version: 1,
  handles: [
    'AccessTokenCreated',
    'AccessTokenUsed',
    'AccessTokenRevoked',
    'WebhookEndpointRegistered',
    'WebhookEndpointChanged',
    'WebhookEndpointPaused',
    'WebhookEndpointResumed',
    'WebhookEndpointDeleted',
    'WebhookDeliveryAttempted',
  ],
  tables: ['access_tokens', 'webhook_endpoints', 'webhook_deliveries'],
  createTables: createIntegrationsTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const revision = Number(event.revision);
      switch (event.type) {
        case 'AccessTokenCreated': {
          const { tokenId, userId, name, scopes, tokenHash } = event.data;
          await trx
            .insertInto(t.access_tokens)
            .values({
              token_id: tokenId,
              user_id: userId,
              name,
              scopes: scopes.join(' '),
              token_hash: tokenHash,
              created_at: at,
              last_used_at: null,
              revoked: false,
            })
            .onConflict((oc) => oc.column('token_id').doNothing())
            .execute();
          break;
        }
        case 'AccessTokenUsed': {
          const usedAt = new Date(event.data.usedAt);
          await trx
            .updateTable(t.access_tokens)
            .set({ last_used_at: usedAt })
            .where('token_id', '=', event.data.tokenId)
            .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', usedAt)]))
            .execute();
          break;
        }
        case 'AccessTokenRevoked':
          await trx.updateTable(t.access_tokens).set({ revoked: true }).where('token_id', '=', event.data.tokenId).execute();
          break;
        case 'WebhookEndpointRegistered': {
          const { endpointId, userId, url, events: types } = event.data;
          await trx
            .insertInto(t.webhook_endpoints)
            .values({
              endpoint_id: endpointId,
              user_id: userId,
              url,
              events: types.join(' '),
              active: true,
              paused_reason: null,
              created_at: at,
              deleted: false,
              revision: Number(event.revision),
            })
            .onConflict((oc) => oc.column('endpoint_id').doNothing())
            .execute();
          break;
        }
        case 'WebhookEndpointChanged': {
          const { url, events: types } = event.data;
          await trx
            .updateTable(t.webhook_endpoints)
            .set({ ...(url === undefined ? {} : { url }), ...(types === undefined ? {} : { events: types.join(' ') }), revision })
            .where('endpoint_id', '=', event.data.endpointId)
            .where('revision', '<', revision)
            .execute();
          break;
        }
        case 'WebhookEndpointPaused':
          await trx
            .updateTable(t.webhook_endpoints)
            .set({ active: false, paused_reason: event.data.reason, revision })
            .where('endpoint_id', '=', event.data.endpointId)
            .where('revision', '<', revision)
            .execute();
          break;
        case 'WebhookEndpointResumed':
          await trx
            .updateTable(t.webhook_endpoints)
            .set({ active: true, paused_reason: null, revision })
            .where('endpoint_id', '=', event.data.endpointId)
            .where('revision', '<', revision)
            .execute();
          break;
        case 'WebhookEndpointDeleted':
          // Its delivery log stays beside it, unread: nothing shows a deleted endpoint's log.
          await trx
            .updateTable(t.webhook_endpoints)
            .set({ deleted: true, active: false, revision })
            .where('endpoint_id', '=', event.data.endpointId)
            .execute();
          break;
        case 'WebhookDeliveryAttempted': {
          const { data } = event;
          await trx
            .insertInto(t.webhook_deliveries)
            .values({
              attempt_id: event.id,
              endpoint_id: data.endpointId,
              event_id: data.eventId,
              event_type: data.type,
              attempt: data.attempt,
              at: new Date(data.at),
              status_code: data.statusCode,
              error: data.error,
              latency_ms: data.latencyMs,
              next_retry_at: data.nextRetryAt === null ? null : new Date(data.nextRetryAt),
              outcome: data.outcome,
              replay_id: data.replayId,
            })
            .onConflict((oc) => oc.column('attempt_id').doNothing())
            .execute();
          break;
        }
      }
    }
  },
});
