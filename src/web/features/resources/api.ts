import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { apiRequest } from '../../lib/api-client.js';

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
