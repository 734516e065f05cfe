import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { ReportForm } from '@domain/engagement/schemas.js';
import type { CommentPage, CommentView, EngagedResourceView, ResourceDetailAnswer } from '@domain/engagement/views.js';
import { apiRequest } from '@/lib/api-client.js';

interface ResourceListAnswer {
  data: ResourceView[];
}

/** The top-rated resources: the home page's Trending tab, the footer and the not-found page. */
export async function fetchTopRatedResources(signal?: AbortSignal): Promise<ResourceView[]> {
  const answer = await apiRequest<ResourceListAnswer>('/resources/toprated', { signal });
  return answer.data;
}

/** Resources published today: the home page's New tab. */
export async function fetchTodaysResources(signal?: AbortSignal): Promise<ResourceView[]> {
  const answer = await apiRequest<ResourceListAnswer>('/resources/today', { signal });
  return answer.data;
}

/** Sponsored resources: the top of the home page's Trending tab (no See more link). */
export async function fetchSponsoredResources(signal?: AbortSignal): Promise<ResourceView[]> {
  const answer = await apiRequest<ResourceListAnswer>('/resources/sponsored', { signal });
  return answer.data;
}

/**
 * A post with what this viewer may do; rejects with a 404 ApiError for what they may not see. Asked
 * under /resources/view/: the spec's /resources/{titleUrl} also matches /resources/search and the
 * home lists, so an address like /resources/search drew a search answer as a post.
 */
export function fetchResourceDetail(
  titleUrl: string,
  options: { signal?: AbortSignal; authFailures?: 'silent'; asOf?: string } = {},
): Promise<ResourceDetailAnswer> {
  const { asOf, ...request } = options;
  const query = asOf === undefined ? '' : `?asOf=${encodeURIComponent(asOf)}`;
  return apiRequest<ResourceDetailAnswer>(`/resources/view/${encodeURIComponent(titleUrl)}${query}`, request);
}

/** Counts a visit of the detail page; answers the resource with its new view count. */
export async function recordView(resourceId: string): Promise<EngagedResourceView> {
  return (await apiRequest<{ rsc: EngagedResourceView }>(`/resources/view/${encodeURIComponent(resourceId)}`, { method: 'POST' })).rsc;
}

/** Counts a click on the template's link (See it). */
export async function recordClick(resourceId: string): Promise<EngagedResourceView> {
  return (await apiRequest<{ rsc: EngagedResourceView }>(`/resources/clicked/${encodeURIComponent(resourceId)}`, { method: 'POST' })).rsc;
}

/** A page of the post's comments, newest first; `before`: the previous page's nextCursor. */
export function fetchComments(resourceId: string, before: string | null, signal?: AbortSignal): Promise<CommentPage> {
  const query = before === null ? '' : `?before=${encodeURIComponent(before)}`;
  return apiRequest<CommentPage>(`/comments/resource/${encodeURIComponent(resourceId)}${query}`, { signal });
}

export async function postComment(resourceId: string, message: string): Promise<CommentView> {
  return (
    await apiRequest<{ comment: CommentView }>(`/comments/resource/${encodeURIComponent(resourceId)}`, {
      method: 'POST',
      body: { message },
    })
  ).comment;
}

export function reportPost(report: ReportForm): Promise<{ message: string }> {
  return apiRequest('/resources/reportPost', { method: 'POST', body: { ...report, dateReported: new Date().toISOString() } });
}

/** More By The Author (author) or Related Posts (related). */
export async function fetchRelatedResources(resourceId: string, type: 'author' | 'related', signal?: AbortSignal): Promise<ResourceView[]> {
  return (await apiRequest<ResourceListAnswer>(`/related/${encodeURIComponent(resourceId)}?type=${type}`, { signal })).data;
}

/**
 * Turns a like, save or flag on or off (POST /resources/{like|save|flag}/{id} with { on }): the state the
 * user asked for, even when the page they clicked was stale. The answer is the resource as it now stands for the viewer.
 */
export async function toggleEngagement(toggle: 'like' | 'save' | 'flag', resourceId: string, on: boolean): Promise<EngagedResourceView> {
  return (
    await apiRequest<{ rsc: EngagedResourceView }>(`/resources/${toggle}/${encodeURIComponent(resourceId)}`, {
      method: 'POST',
      body: { on },
    })
  ).rsc;
}
