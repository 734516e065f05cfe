import { cutText, SEARCH_SORT } from '@domain/catalogue/presentation.js';
import { APPS, deriveLabel, entryNamed, TOPICS } from '@domain/catalogue/taxonomy.js';
import {
  PRICE_FILTERS,
  SEARCH_MANY_WORDS_HEADING,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_PAGE_TITLE,
  type PriceFilter,
} from '@domain/discovery/constants.js';
import { clipToCharacters } from '@domain/shared/characters.js';

/** Sorts the search page offers: the spec's two, and best match while there is search text. */
export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Best match' },
  { value: SEARCH_SORT.newest, label: 'Newest' },
  { value: SEARCH_SORT.mostPopularLast90Days, label: 'Most popular' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

/** The search page's filters (spec: q, keywords, platform, topic, limit, page, sort, price). */
export interface SearchFilterState {
  q: string;
  keywords: string;
  platform: string;
  topic: string;
  sort: SortOption | '';
  price: PriceFilter | '';
  page: number;
  limit: number | '';
}

/** Which kind of search path the page is on: /search, /search/tag/:term, /search/query/:term, /search/popular/:term. */
export type SearchPathKind = 'tag' | 'query' | 'popular';

/**
 * The filters of a search address. A path term naming a topic or an app becomes that filter;
 * any other tag term becomes a keyword filter, and a query or popular term the search text.
 */
export function filtersFromLocation(params: URLSearchParams, path?: { kind: SearchPathKind; term: string }): SearchFilterState {
  const sort = params.get('sort') ?? '';
  const price = params.get('price') ?? '';
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const filters: SearchFilterState = {
    q: params.get('q') ?? '',
    keywords: params.get('keywords') ?? '',
    platform: params.get('platform') ?? '',
    topic: params.get('topic') ?? '',
    sort: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as SortOption) : '',
    price: (PRICE_FILTERS as readonly string[]).includes(price) ? (price as PriceFilter) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: Number.isInteger(limit) && limit > 0 ? limit : '',
  };
  if (path === undefined || path.term.trim() === '') return filters;
  const topic = entryNamed(TOPICS, path.term);
  const app = entryNamed(APPS, path.term);
  if (topic) return { ...filters, topic: topic.name };
  if (app) return { ...filters, platform: app.name };
  if (path.kind === 'tag') return { ...filters, keywords: path.term.toLowerCase() };
  return { ...filters, q: path.term };
}

/** The longest word the heading shows whole (the longest English words are about this long). */
const SEARCH_HEADING_WORD_MAX = 40;

/** The page heading: '{Term} Templates' for one word (human_resources: 'Human Resources Templates'), a general one for several. */
export function searchHeading(text: string): string {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return SEARCH_PAGE_TITLE;
  if (words.length > 1) return SEARCH_MANY_WORDS_HEADING;
  const word = words[0]!;
  // A very long word (the address can hold any text) is cut, so the heading never buries the page.
  const shown = cutText(word, SEARCH_HEADING_WORD_MAX);
  return `${deriveLabel(shown)} Templates`;
}

/** The search page address for these filters, leaving out what is unset or default. */
export function searchLocation(filters: Partial<SearchFilterState>): string {
  const parameters = new URLSearchParams();
  const { q, keywords, platform, topic, sort, price, page, limit } = filters;
  if (q) parameters.set('q', q);
  if (keywords) parameters.set('keywords', keywords);
  if (platform) parameters.set('platform', platform);
  if (topic) parameters.set('topic', topic);
  if (sort) parameters.set('sort', sort);
  if (price) parameters.set('price', price);
  if (page !== undefined && page > 1) parameters.set('page', String(page));
  if (limit) parameters.set('limit', String(limit));
  const query = parameters.toString();
  return query === '' ? '/search' : `/search?${query}`;
}

/** The page to show instead of the one asked for: the last one when it is past it (a typed or stale address); null for a real page. */
export function lastPageInstead(pagination: { currentPage: number; totalPages: number }): number | null {
  return pagination.currentPage > pagination.totalPages ? pagination.totalPages : null;
}

/** The same search page address (path and parameters) at another page; page 1 has no page parameter. */
export function searchPageAddress(location: { pathname: string; search: string }, page: number): string {
  const parameters = new URLSearchParams(location.search);
  if (page > 1) parameters.set('page', String(page));
  else parameters.delete('page');
  const query = parameters.toString();
  return query === '' ? location.pathname : `${location.pathname}?${query}`;
}

/**
 * Typing in a search box: lower case, single spaces, a lone space ignored (spec section 5), and no
 * more characters than a search accepts (longer text got a 400 from autocomplete and search). Counted
 * as the rules count them: the native maxlength counts UTF-16 units and stopped the box at 100 emoji.
 */
export function normaliseTyping(value: string): string {
  if (value === ' ') return '';
  return withinSearchLimit(value.toLowerCase().replace(/\s+/gu, ' '));
}

/** The text cut to what a search takes, in characters as the rules count them. */
export function withinSearchLimit(text: string): string {
  return clipToCharacters(text, SEARCH_MAX_QUERY_LENGTH);
}
