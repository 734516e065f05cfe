import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { ResourcePage } from '@domain/engagement/views.js';
import { apiRequest } from '@/lib/api-client.js';
import type { StatusLabel } from '@domain/templates/lifecycle.js';

/** GET /users/private/me/saved: one page of the saved posts, newest save first. */
export function fetchSavedPage(page: number, signal?: AbortSignal): Promise<ResourcePage> {
  return apiRequest<ResourcePage>(`/users/private/me/saved?page=${page}`, { signal });
}

/** One row of GET /users/me/created-resources: the post in any status, its label and where to edit it. */
export interface CreatedPost extends ResourceView {
  statusLabel: StatusLabel;
  editUrl: string;
}

export interface CreatedPostsPage {
  /** '0 Created Posts', '{n} Created Posts' or '{from}-{to} of {n} Created Posts'. */
  heading: string;
  data: CreatedPost[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };
}

/** GET /users/me/created-resources: one page of the signed-in user's own posts, newest first. */
export function fetchCreatedPage(page: number, signal?: AbortSignal): Promise<CreatedPostsPage> {
  return apiRequest<CreatedPostsPage>(`/users/me/created-resources?page=${page}`, { signal });
}
