import type { ResourceView } from '@domain/catalogue/resource-view.js';
import type { TaxonomyEntry } from '@domain/catalogue/taxonomy.js';
import { KEYWORD_CACHE_MS } from '@domain/discovery/constants.js';
import type { QuickLink, TrendingTool } from '@domain/discovery/curated.js';
import { apiRequest } from '@/lib/api-client.js';

export interface TopicRow {
  topic: TaxonomyEntry;
  resources: ResourceView[];
}

export interface PlatformEntry extends TaxonomyEntry {
  count: number;
}

export interface ExploreCard {
  term: string;
  count: number;
  resources: { _id: string; title: string; titleUrl: string }[];
}

export interface TopContributor {
  _id: string;
  username: string;
  isVerified: boolean;
  postCount: number;
  info: { thumbnail: string | null };
}

export function fetchTopicRows(limit: number, signal?: AbortSignal): Promise<TopicRow[]> {
  return apiRequest<TopicRow[]>(`/topics?withResources=true&limit=${limit}`, { signal });
}

export function fetchPlatformCounts(signal?: AbortSignal): Promise<PlatformEntry[]> {
  return apiRequest<PlatformEntry[]>('/platforms?includeCounts=true', { signal });
}

export function fetchExploreCards(signal?: AbortSignal): Promise<ExploreCard[]> {
  return apiRequest<ExploreCard[]>('/explore', { signal });
}

export function fetchQuickLinks(signal?: AbortSignal): Promise<QuickLink[]> {
  return apiRequest<QuickLink[]>('/collections', { signal });
}

export function fetchTrendingTools(signal?: AbortSignal): Promise<TrendingTool[]> {
  return apiRequest<TrendingTool[]>('/topapps', { signal });
}

export function fetchTopContributors(signal?: AbortSignal): Promise<TopContributor[]> {
  return apiRequest<TopContributor[]>('/users/topcontributors', { signal });
}

const KEYWORD_CACHE_KEY = 'tessera.keywords';

interface CachedKeywords {
  storedAt: number;
  terms: string[];
}

/** Keyword terms for the tags row, kept in localStorage for 24 hours (spec: keyword cache). */
export async function fetchKeywordTerms(now = Date.now(), storage: Storage | undefined = globalThis.localStorage): Promise<string[]> {
  try {
    const cached = JSON.parse(storage?.getItem(KEYWORD_CACHE_KEY) ?? 'null') as CachedKeywords | null;
    if (cached && now - cached.storedAt < KEYWORD_CACHE_MS && Array.isArray(cached.terms)) return cached.terms;
  } catch {
    // A damaged cache entry is refetched.
  }
  const answer = await apiRequest<{ term: string }[]>('/keywords?type=topic');
  const terms = answer.map((keyword) => keyword.term);
  storage?.setItem(KEYWORD_CACHE_KEY, JSON.stringify({ storedAt: now, terms } satisfies CachedKeywords));
  return terms;
}

/** Up to `count` items in random order (Fisher–Yates on a copy). */
export function randomSample<T>(items: readonly T[], count: number, next: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}
