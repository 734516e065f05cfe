import type { UserLevel, VerificationStatus } from '@domain/accounts/events.js';
import { apiRequest } from '@/lib/api-client.js';

export interface ManagedUser {
  _id: string;
  username: string;
  lvl: UserLevel;
  verification: VerificationStatus;
  erased: boolean;
  _dateCreated: string;
}

export interface ManagedUserPage {
  data: ManagedUser[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };
}

export interface UserHistoryEntry {
  type: string;
  occurredAt: string;
  actor: { userId: string | null; username: string | null; role: string; impersonatedBy?: string };
  details: Record<string, unknown>;
}

export function fetchUsers(query: { q: string; page: number }, signal?: AbortSignal): Promise<ManagedUserPage> {
  const parameters = new URLSearchParams({ page: String(query.page) });
  if (query.q.trim() !== '') parameters.set('q', query.q.trim());
  return apiRequest<ManagedUserPage>(`/admin/allusers?${parameters.toString()}`, { signal });
}

export function updateUser(change: {
  user: string;
  lvl?: UserLevel;
  status?: VerificationStatus;
  reason?: string;
}): Promise<{ message: string; user: Pick<ManagedUser, '_id' | 'username' | 'lvl' | 'verification'> }> {
  return apiRequest('/users/private/me1', { method: 'PUT', body: change });
}

export async function fetchUserHistory(userId: string, signal?: AbortSignal): Promise<UserHistoryEntry[]> {
  return (await apiRequest<{ data: UserHistoryEntry[] }>(`/admin/users/${encodeURIComponent(userId)}/history`, { signal })).data;
}
