import type { Selectable } from 'kysely';
import type { PriceFilter } from '../../domain/discovery/constants.js';
import type { Schema } from '../db/schema.js';

/** How results are ordered: best match first, newest first, or most engagement in the last 90 days. */
export type SearchOrder = 'relevance' | 'date_desc' | 'most_pop_90';

export interface SearchFilters {
  topic?: string;
  platform?: string;
  /** Templates with any of these keywords (tags). */
  keywords?: readonly string[];
  price?: PriceFilter;
}

export interface SearchRequest {
  /** Free text; only its words count (src/domain/discovery/search-text.ts), so no input is syntax. */
  text: string;
  filters: SearchFilters;
  order: SearchOrder;
  offset: number;
  limit: number;
}

export interface SearchHits {
  /** Template ids of the requested page, best first. */
  ids: string[];
  /** Matches over all pages. */
  total: number;
}

export interface TitleSuggestion {
  id: string;
  title: string;
  titleUrl: string;
}

/**
 * The search index: live templates only, fed from the log. Adapters: postgres.ts (the
 * projection's own tables, on PGlite or a server) and meilisearch.ts (MEILI_URL).
 */
export interface SearchIndex {
  /** Which adapter and where, for logs and /api/health. */
  readonly description: string;
  /** True when searches read only the read models (their answers change only when a projection moves): the public answer cache may keep them. */
  readonly answersFromReadModels: boolean;
  /** Begins following the log (the Postgres index is fed by the projection runner instead). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves true once searches see every event up to `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  search(request: SearchRequest): Promise<SearchHits>;
  /** Titles for the autocomplete: matching as the text is typed (prefixes, typos). */
  suggestTitles(text: string, limit: number): Promise<TitleSuggestion[]>;
}

/** A search document with its popularity; `last_position` is the later of the two changes. */
export type SearchFeedRow = Selectable<Schema['search_documents']> & { popularity_90: number; last_engaged_at: Date | null };

/**
 * What an external index (Meilisearch) is fed from: the search read model's rows. The search
 * read model implements it (projections/read-models/search/feed.ts), so adapters never read
 * read-model tables or know the projection runner.
 */
export interface SearchDocumentFeed {
  /** In one snapshot: how far the search projection got, and up to `limit` rows it changed after `from`, oldest change first. */
  changedSince(from: bigint, limit: number): Promise<{ projected: bigint; rows: SearchFeedRow[] }>;
  /** True once the search projection passed `position`; false after `timeoutMs`. */
  waitForProjection(position: bigint, timeoutMs: number): Promise<boolean>;
}
