import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Webhooks } from '../../../commands/integrations/webhooks.js';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/integrations/webhook-catalogue.js';
import {
  createWebhookSchema,
  replayWebhookSchema,
  updateWebhookSchema,
  type WebhookDeliveryAttempt,
  type WebhookEndpointSummary,
} from '../../../domain/integrations/webhooks.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import type { Settle } from '../route-deps.js';

const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  pausedReason: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<WebhookEndpointSummary>;

const deliverySchema = z.object({
  eventId: z.string().describe("The event's own id: the body's id, the same in every attempt and replay"),
  type: z.string(),
  attempt: z.number(),
  at: z.string(),
  statusCode: z.number().nullable().describe("The answer's status; null when none came (see error)"),
  error: z.string().nullable(),
  latencyMs: z.number(),
  nextRetryAt: z.string().nullable(),
  outcome: z.enum(['delivered', 'retrying', 'failed', 'gave_up']),
  replayId: z.string().nullable(),
}) satisfies z.ZodType<WebhookDeliveryAttempt>;

/** An attempt as the delivery log shows it, for the OpenAPI description. */
const DELIVERY_EXAMPLE: WebhookDeliveryAttempt = {
  eventId: '02faa105-d691-449e-b53c-f7f67be50bdc',
  type: 'post.reviewed',
  attempt: 2,
  at: '2026-01-31T12:00:21.541Z',
  statusCode: 500,
  error: null,
  latencyMs: 7,
  nextRetryAt: '2026-01-31T12:00:58.000Z',
  outcome: 'retrying',
  replayId: null,
};

const endpointParams = z.object({ id: z.string().uuid() });
const success = z.object({ success: z.literal(true) });

/** A member's webhook endpoints, their delivery log and replays; tokens may call them (read or write scope). */
export function webhookRoutes(deps: { webhooks: Webhooks; settle: Settle }): FastifyPluginAsyncZod {
  const { webhooks } = deps;
  return async (app) => {
    const tags = ['integrations'];

    app.post(
      '/webhooks',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Register an endpoint for your events; its signing secret is answered this once',
          body: createWebhookSchema.describe(
            'For example {"url": "https://example.com/tessera", "events": ["sale.completed", "post.reviewed"]}',
          ),
          response: {
            201: z
              .object({ id: z.string(), secret: z.string().describe('Verifies Tessera-Signature; shown only now') })
              .meta({ examples: [{ id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', secret: 'whsec_9Jf…' }] }),
          },
        },
      },
      async (request, reply) => {
        const { id, secret, position } = await webhooks.register(request.viewer!.userId, request.body, actorOf(request.viewer!));
        await deps.settle(position);
        return reply.status(201).send({ id, secret });
      },
    );

    app.get(
      '/webhooks',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: { tags, summary: 'Your webhook endpoints', response: { 200: z.object({ data: z.array(endpointSchema) }) } },
      },
      async (request) => ({ data: await webhooks.list(request.viewer!.userId) }),
    );

    app.get(
      '/webhooks/:id',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: { tags, summary: 'One of your endpoints', params: endpointParams, response: { 200: endpointSchema } },
      },
      async (request) => webhooks.get(request.viewer!.userId, request.params.id),
    );

    app.patch(
      '/webhooks/:id',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Change the address or events; {"active": false} pauses, {"active": true} resumes from where deliveries stopped',
          params: endpointParams,
          body: updateWebhookSchema.describe('For example {"active": true} or {"events": ["sale.completed"]}'),
          response: { 200: endpointSchema },
        },
      },
      async (request) => {
        const userId = request.viewer!.userId;
        await deps.settle(await webhooks.update(userId, request.params.id, request.body, actorOf(request.viewer!)));
        return webhooks.get(userId, request.params.id);
      },
    );

    app.delete(
      '/webhooks/:id',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: { tags, summary: 'Delete an endpoint and its delivery log', params: endpointParams, response: { 200: success } },
      },
      async (request) => {
        await deps.settle(await webhooks.remove(request.viewer!.userId, request.params.id, actorOf(request.viewer!)));
        return { success: true as const };
      },
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: {
          tags,
          summary: "The endpoint's delivery attempts, newest first (the last 100)",
          params: endpointParams,
          response: {
            200: z.object({ data: z.array(deliverySchema) }).meta({ examples: [{ data: [DELIVERY_EXAMPLE] }] }),
          },
        },
      },
      async (request) => ({ data: await webhooks.deliveries(request.viewer!.userId, request.params.id) }),
    );

    app.post(
      '/webhooks/:id/replay',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Redeliver every subscribed event since a time, in log order, with the same ids',
          params: endpointParams,
          body: replayWebhookSchema.describe('For example {"since": "2026-01-31T00:00:00Z"}'),
          response: { 202: z.object({ replayId: z.string() }) },
        },
      },
      async (request, reply) => {
        const { replayId, position } = await webhooks.replay(
          request.viewer!.userId,
          request.params.id,
          new Date(request.body.since),
          actorOf(request.viewer!),
        );
        await deps.settle(position);
        return reply.status(202).send({ replayId });
      },
    );
  };
}
