import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { TaxonomyEntry } from '@domain/catalogue/taxonomy.js';
import { searchTextProblem } from '@domain/discovery/search-text.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import type { SearchFilterState } from './search-state.js';

export interface Pagination {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
  showing: string;
  pageStatus: string;
  pageNumbers: { first: number | null; prev: number | null; next: number | null; last: number | null };
  urls: { next: string | null; last: string | null };
  limit: number;
}

export interface SearchAnswer {
  data: ResourceView[];
  pagination: Pagination;
}

export interface AutocompleteAnswer {
  titles: { title: string; titleUrl: string }[];
  topics: TaxonomyEntry[];
  apps: TaxonomyEntry[];
}

/** GET /resources/search with only the filters that are set. */
export function searchResources(filters: Partial<SearchFilterState>, signal?: AbortSignal): Promise<SearchAnswer> {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== null) parameters.set(name, String(value));
  }
  const query = parameters.toString();
  return apiRequest<SearchAnswer>(`/resources/search${query === '' ? '' : `?${query}`}`, { signal });
}

/** A search that was refused (too long a text, an unknown filter): the message is for the searcher. */
export interface RefusedSearch {
  refused: string;
}

/**
 * The search page's results. The text is checked by the shared rule before asking, and a search
 * the API refuses (400) is the searcher's to fix, with the API's message: not a failure of ours.
 */
export async function searchOrRefusal(filters: Partial<SearchFilterState>, signal?: AbortSignal): Promise<SearchAnswer | RefusedSearch> {
  const problem = searchTextProblem(filters.q ?? '');
  if (problem !== null) return { refused: problem };
  try {
    return await searchResources(filters, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { refused: error.message };
    throw error;
  }
}

export function fetchAutocomplete(text: string, signal?: AbortSignal): Promise<AutocompleteAnswer> {
  return apiRequest<AutocompleteAnswer>(`/autocomplete?q=${encodeURIComponent(text)}`, { signal });
}

/** Search analytics: failures are only logged (spec section 8). */
export function recordSearch(searchTerm: string): void {
  apiRequest('/analytics/search', { method: 'POST', body: { searchTerm } }).catch((error: unknown) =>
    console.error('Could not record the search', error),
  );
}

/** Popular searches related to the text (none for a refused text); numbering and quotes some answers carry are stripped. */
export async function fetchPopularTerms(query: string, signal?: AbortSignal): Promise<string[]> {
  // A text the API refuses has no related terms: not worth a request that can only fail.
  if (searchTextProblem(query) !== null) return [];
  const answer = await apiRequest<{ searchTerms: string[] }>('/generateSimilarTerms', {
    method: 'POST',
    body: { query, flag: true },
    signal,
  });
  return answer.searchTerms.map(cleanPopularTerm).filter((term) => term !== '');
}

export function cleanPopularTerm(term: string): string {
  return term
    .replace(/^\s*\d+[.)]\s*/u, '')
    .replace(/["'“”‘’]/gu, '')
    .trim();
}
