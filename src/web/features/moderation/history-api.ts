import { apiRequest } from '../../lib/api-client.js';

/** One entry of GET /resources/:id/history: what happened, when, by whom, why, and the status it left. */
export interface HistoryEntry {
  id: string;
  type: string;
  title: string;
  _date: string;
  actor: { userId: string | null; username: string | null; role: string; impersonatedBy: string | null };
  reason: string | null;
  /** The resource's status after this event; null for events of other streams (likes, reports). */
  status: string | null;
  details: Record<string, unknown>;
}

export interface ResourceHistory {
  resourceId: string;
  title: string;
  history: HistoryEntry[];
}

export function fetchResourceHistory(resourceId: string, signal?: AbortSignal): Promise<ResourceHistory> {
  // A 403 here means "not yours to read": the panel says so instead of the app-wide Access Denied.
  return apiRequest<ResourceHistory>(`/resources/${encodeURIComponent(resourceId)}/history`, { signal, authFailures: 'silent' });
}
