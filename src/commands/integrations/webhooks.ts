import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { httpUrl, refuseLiteralPrivateHost } from '../../adapters/security/public-fetch.js';
import { newSecretToken } from '../../adapters/security/tokens.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { WebhookEventType } from '../../domain/integrations/webhook-catalogue.js';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  webhookEndpointDecider,
  webhookEndpointStream,
  type WebhookDeliveryAttempt,
  type WebhookEndpointSummary,
} from '../../domain/integrations/webhooks.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import {
  webhookDeliveries,
  webhookEndpointCount,
  webhookEndpointOf,
  webhookEndpointsOf,
} from '../../projections/read-models/integrations/queries.js';
import type { CommandBus } from '../bus/handle-command.js';

export interface WebhookDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  store: Pick<EventStore, 'headPosition'>;
  vault: PersonalDataVault;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: local development and tests only. */
  allowPrivateTargets: boolean;
}

/** A member's webhook endpoints: registered, changed, deleted, their delivery log, and replays. */
export function createWebhooks(deps: WebhookDeps) {
  const { commands, db } = deps;

  /** Refused at once when the address names a private, loopback or link-local host; resolved names are checked at each delivery. */
  function checkTarget(url: string): void {
    refuseLiteralPrivateHost(httpUrl(url), { allowPrivateAddresses: deps.allowPrivateTargets });
  }

  async function ownEndpoint(userId: string, endpointId: string): Promise<WebhookEndpointSummary> {
    const endpoint = await webhookEndpointOf(db, userId, endpointId);
    if (!endpoint) throw new DomainError('not_found', WEBHOOK_MESSAGES.notFound);
    return endpoint;
  }

  return {
    /** A new endpoint and its signing secret, answered once (kept encrypted under the member's vault key). */
    async register(
      userId: string,
      request: { url: string; events: WebhookEventType[] },
      actor: Actor,
    ): Promise<{ id: string; secret: string; position: bigint | null }> {
      checkTarget(request.url);
      if ((await webhookEndpointCount(db, userId)) >= WEBHOOK_LIMITS.perMember) throw new DomainError('invalid', WEBHOOK_MESSAGES.tooMany);
      const endpointId = randomUUID();
      const secret = `${WEBHOOK_SECRET_PREFIX}${newSecretToken()}`;
      const secretEnc = await deps.vault.encrypt(userId, secret);
      const result = await commands.handle(
        webhookEndpointDecider,
        webhookEndpointStream(endpointId),
        { type: 'RegisterWebhookEndpoint', data: { endpointId, userId, url: request.url, events: request.events, secretEnc } },
        { actor },
      );
      return { id: endpointId, secret, position: result.position };
    },

    list: (userId: string) => webhookEndpointsOf(db, userId),

    get: ownEndpoint,

    async update(
      userId: string,
      endpointId: string,
      change: { url?: string | undefined; events?: WebhookEventType[] | undefined; active?: boolean | undefined },
      actor: Actor,
    ): Promise<bigint | null> {
      if (change.url !== undefined) checkTarget(change.url);
      const result = await commands.handle(
        webhookEndpointDecider,
        webhookEndpointStream(endpointId),
        {
          type: 'ChangeWebhookEndpoint',
          userId,
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(change.events === undefined ? {} : { events: change.events }),
          ...(change.active === undefined ? {} : { active: change.active }),
        },
        { actor },
      );
      return result.position;
    },

    async remove(userId: string, endpointId: string, actor: Actor): Promise<bigint | null> {
      const result = await commands.handle(
        webhookEndpointDecider,
        webhookEndpointStream(endpointId),
        { type: 'DeleteWebhookEndpoint', userId },
        { actor },
      );
      return result.position;
    },

    async deliveries(userId: string, endpointId: string): Promise<WebhookDeliveryAttempt[]> {
      await ownEndpoint(userId, endpointId);
      return webhookDeliveries(db, endpointId, WEBHOOK_LIMITS.listedDeliveries);
    },

    /** Redelivers every subscribed event since `since`, in log order with their ids, up to the log's head now. */
    async replay(userId: string, endpointId: string, since: Date, actor: Actor): Promise<{ replayId: string; position: bigint | null }> {
      if (since.getTime() > Date.now()) throw new DomainError('invalid', WEBHOOK_MESSAGES.sinceInFuture);
      const replayId = randomUUID();
      const through = await deps.store.headPosition();
      const result = await commands.handle(
        webhookEndpointDecider,
        webhookEndpointStream(endpointId),
        { type: 'RequestWebhookReplay', userId, replayId, since: since.toISOString(), through: through.toString() },
        { actor },
      );
      return { replayId, position: result.position };
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
