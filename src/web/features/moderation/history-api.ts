import type { ResourceHistory } from '@domain/templates/history.js';
import { apiRequest } from '@/lib/api-client.js';

export function fetchResourceHistory(resourceId: string, signal?: AbortSignal): Promise<ResourceHistory> {
  // A 403 here means "not yours to read": the panel says so instead of the app-wide Access Denied.
  return apiRequest<ResourceHistory>(`/resources/${encodeURIComponent(resourceId)}/history`, { signal, authFailures: 'silent' });
}
