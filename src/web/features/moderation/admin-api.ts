import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { ReportReason } from '@domain/engagement/rules.js';
import { apiRequest } from '@/lib/api-client.js';
import type { FieldChange, QueueFilter, ReviewAction } from '@domain/templates/lifecycle.js';

/** A row of GET /admin/resources: the card view plus what moderation needs. */
export interface AdminResource extends ResourceView {
  /** The template's address. */
  link: string;
  /** The spec's name for the topic. */
  resourceType: string;
  statusReason: string | null;
  /** The author, then the buyers (the first ADMIN_VIEW_OWNERS_SHOWN); username and e-mail null once an account is erased. */
  owners: { _id: string; username: string | null; email: string | null }[];
  ownersTotal: number;
  analytics: { clicks: number };
  /** When the post was created (the spec's admin view field); not when it last changed. */
  _dateCreated: string;
  /** The content revision listed: the decision names it, so a post edited since is refused (409). */
  revision: number;
  /** The edit waiting beside the approved version, field by field; null when none waits. */
  pendingEdit: FieldChange[] | null;
}

export interface AdminResourcePage {
  data: AdminResource[];
  results: number;
  pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };
}

/** The review queue (`/admin/resources`) and resource management (`/admin/resources/search`) answer alike. */
export function fetchAdminResources(
  list: 'queue' | 'search',
  query: { status: QueueFilter; q: string; page: number },
  signal?: AbortSignal,
): Promise<AdminResourcePage> {
  const parameters = new URLSearchParams({ status: query.status, page: String(query.page) });
  if (query.q.trim() !== '') parameters.set('q', query.q.trim());
  return apiRequest<AdminResourcePage>(`/admin/resources${list === 'search' ? '/search' : ''}?${parameters.toString()}`, { signal });
}

export async function decideOnResource(resource: AdminResource, action: ReviewAction, reason: string): Promise<ResourceView> {
  const body = {
    _id: resource._id,
    status: action.requests,
    revision: resource.revision,
    ...(reason.trim() === '' ? {} : { rejectionReason: reason.trim() }),
  };
  const answer = await apiRequest<{ resource: ResourceView }>('/admin/resources/update', { method: 'PUT', body });
  return answer.resource;
}

export async function setResourceSponsored(resourceId: string, sponsored: boolean): Promise<void> {
  await apiRequest('/admin/resources/update-sponsor-status', { method: 'PUT', body: { _id: resourceId, sponsored } });
}

export async function deleteResourcePermanently(resourceId: string): Promise<string> {
  const answer = await apiRequest<{ message: string }>('/admin/resources/delete', { method: 'POST', body: { _id: resourceId } });
  return answer.message;
}

export interface PostReport {
  _id: string;
  resourceId: string;
  resource: { title: string; titleUrl: string; status: string } | null;
  reporter: { _id: string; username: string };
  name: string | null;
  email: string | null;
  message: string | null;
  reason: ReportReason | string;
  dateReported: string;
}

export interface ReportPage {
  reports: PostReport[];
  total: number;
  page: number;
  pageSize: number;
}

export function fetchReports(page: number, signal?: AbortSignal): Promise<ReportPage> {
  return apiRequest<ReportPage>(`/admin/reports?page=${page}`, { signal });
}

/** PUT /admin/resources/edit/{id}: descriptions and keywords published at once, an optional new price. */
export async function editResourceAsAdmin(
  resourceId: string,
  change: { description: { short: string; long: string }; keywords: string[]; newPrice?: string },
): Promise<string> {
  const answer = await apiRequest<{ message: string }>(`/admin/resources/edit/${encodeURIComponent(resourceId)}`, {
    method: 'PUT',
    body: change,
  });
  return answer.message;
}

/** A price-change request waiting in the inbox (GET /admin/price-requests). */
export interface PriceRequest {
  resourceId: string;
  title: string;
  titleUrl: string;
  requester: { _id: string; username: string | null };
  currentPrice: number;
  requestedPrice: number;
  requestedAt: string;
}

export async function fetchPriceRequests(signal?: AbortSignal): Promise<PriceRequest[]> {
  return (await apiRequest<{ data: PriceRequest[] }>('/admin/price-requests', { signal })).data;
}

export async function decidePriceRequest(request: PriceRequest, approve: boolean, reason: string): Promise<string> {
  const answer = await apiRequest<{ message: string }>(`/admin/price-requests/${encodeURIComponent(request.resourceId)}/decide`, {
    method: 'POST',
    body: { approve, requestedPrice: request.requestedPrice, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) },
  });
  return answer.message;
}
