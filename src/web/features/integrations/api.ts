/** The integrations calls of the API: personal access tokens and webhooks (docs/integrations.md). */
import type { AccessTokenSummary, TokenScope } from '@domain/integrations/tokens.js';
import type { WebhookEventType } from '@domain/integrations/webhook-catalogue.js';
import type { WebhookDeliveryAttempt, WebhookEndpointSummary } from '@domain/integrations/webhooks.js';
import { apiRequest } from '@/lib/api-client.js';

export const fetchTokens = (signal?: AbortSignal) => apiRequest<{ data: AccessTokenSummary[] }>('/tokens', { signal }).then((a) => a.data);

export const createToken = (name: string, scopes: TokenScope[]) =>
  apiRequest<{ id: string; token: string }>('/tokens', { method: 'POST', body: { name, scopes } });

export const revokeToken = (id: string) => apiRequest<{ success: true }>(`/tokens/${id}`, { method: 'DELETE' });

export const fetchWebhooks = (signal?: AbortSignal) =>
  apiRequest<{ data: WebhookEndpointSummary[] }>('/webhooks', { signal }).then((a) => a.data);

export const createWebhook = (url: string, events: WebhookEventType[]) =>
  apiRequest<{ id: string; secret: string }>('/webhooks', { method: 'POST', body: { url, events } });

export const setWebhookActive = (id: string, active: boolean) =>
  apiRequest<WebhookEndpointSummary>(`/webhooks/${id}`, { method: 'PATCH', body: { active } });

export const deleteWebhook = (id: string) => apiRequest<{ success: true }>(`/webhooks/${id}`, { method: 'DELETE' });

export const fetchDeliveries = (id: string, signal?: AbortSignal) =>
  apiRequest<{ data: WebhookDeliveryAttempt[] }>(`/webhooks/${id}/deliveries`, { signal }).then((a) => a.data);

export const replayWebhook = (id: string, since: string) =>
  apiRequest<{ replayId: string }>(`/webhooks/${id}/replay`, { method: 'POST', body: { since } });
