import type { Kpis, SiteCounters, TemplateStats } from '@domain/analytics/reports.js';
import { apiRequest } from '@/lib/api-client.js';

export interface RecentUser {
  _id: string;
  username: string;
  lvl: string;
  verification: string;
  erased: boolean;
  _dateCreated: string;
}

export interface TrendDay {
  day: string;
  totalPosts: number;
  totalUsers: number;
  totalComments: number;
}

export interface DateRange {
  from?: string;
  to?: string;
}

export function fetchSiteCounters(adminId: string, signal?: AbortSignal): Promise<SiteCounters> {
  return apiRequest<SiteCounters>('/admin/analyticsView', { method: 'POST', body: { _id: adminId }, signal });
}

export async function fetchTrend(signal?: AbortSignal): Promise<TrendDay[]> {
  return (await apiRequest<{ data: TrendDay[] }>('/admin/analytics/trend', { signal })).data;
}

export async function fetchRecentUsers(signal?: AbortSignal): Promise<RecentUser[]> {
  return (await apiRequest<{ data: RecentUser[] }>('/admin/recent-users', { signal })).data;
}

export function fetchKpis(range: DateRange, signal?: AbortSignal): Promise<Kpis> {
  return apiRequest<Kpis>('/analytics/kpi', { method: 'POST', body: range, signal });
}

/** Takes a term out of the popular-search chips for good. */
export function removePopularSearch(term: string): Promise<{ success: true; message: string }> {
  return apiRequest('/admin/popular-searches/remove', { method: 'POST', body: { term } });
}

export function fetchTemplateStats(range: DateRange, signal?: AbortSignal): Promise<TemplateStats> {
  const query = new URLSearchParams(
    Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  return apiRequest<TemplateStats>(`/template/stats${query.size > 0 ? `?${query.toString()}` : ''}`, { signal });
}
