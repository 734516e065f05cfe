import type { AppDeps } from '../../app.js';
import { APPS, TOPICS, type TaxonomyEntry } from '../../../domain/catalogue/taxonomy.js';
import {
  PRICE_FILTERS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_KEYWORD_LENGTH,
  SEARCH_MAX_KEYWORDS,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_TEXT_TOO_LONG,
} from '../../../domain/discovery/constants.js';
import { characterCount } from '../../../domain/shared/characters.js';
import { z } from '../../../domain/shared/zod.js';

/** The orders the search index knows. */
export type SearchOrder = Parameters<AppDeps['search']['search']>[0]['order'];

/** Sort keys: the spec's two, plus best match (the default while there is search text). */
export const SEARCH_ORDERS = ['relevance', 'date_desc', 'most_pop_90'] as const satisfies readonly SearchOrder[];
/** Deepest page anyone may ask for; deeper pages would only be empty. */
const MAX_PAGE = 100_000;

/** A topic or app by its name or label, case-insensitive ('Content & Files', 'google sheets'). */
export function taxonomyEntry(entries: readonly TaxonomyEntry[], value: string): TaxonomyEntry | undefined {
  const wanted = value.trim().toLowerCase().replaceAll('_', ' ');
  return entries.find((entry) => entry.name.replaceAll('_', ' ') === wanted || entry.label.toLowerCase() === wanted);
}

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const searchText = z.string().max(SEARCH_MAX_QUERY_LENGTH, SEARCH_TEXT_TOO_LONG);

export const searchQuery = z.object({
  q: searchText.optional(),
  keywords: z
    .string()
    .optional()
    .transform((value, context) => {
      const keywords = (value ?? '')
        .split(',')
        .map((keyword) => keyword.trim().toLowerCase())
        .filter(Boolean);
      if (keywords.length > SEARCH_MAX_KEYWORDS) context.addIssue({ code: 'custom', message: `At most ${SEARCH_MAX_KEYWORDS} keywords` });
      if (keywords.some((keyword) => characterCount(keyword) > SEARCH_MAX_KEYWORD_LENGTH)) {
        context.addIssue({ code: 'custom', message: `A keyword must be at most ${SEARCH_MAX_KEYWORD_LENGTH} characters` });
      }
      return keywords;
    }),
  platform: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const app = taxonomyEntry(APPS, value);
      if (!app) context.addIssue({ code: 'custom', message: `Unknown platform "${value.slice(0, 50)}"` });
      return app?.name;
    }),
  topic: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const topic = taxonomyEntry(TOPICS, value);
      if (!topic) context.addIssue({ code: 'custom', message: `Unknown topic "${value.slice(0, 50)}"` });
      return topic?.name;
    }),
  sort: z.enum(SEARCH_ORDERS, `sort must be one of ${SEARCH_ORDERS.join(', ')}`).optional(),
  price: z.enum(PRICE_FILTERS, `price must be one of ${PRICE_FILTERS.join(', ')}`).optional(),
  page: wholeNumber('page', 1, MAX_PAGE).default(1),
  limit: wholeNumber('limit', 1, SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
  itemsPerPage: z.number(),
  showing: z.string(),
  pageStatus: z.string(),
  pageNumbers: z.object({
    first: z.number().nullable(),
    prev: z.number().nullable(),
    next: z.number().nullable(),
    last: z.number().nullable(),
  }),
  urls: z.object({ next: z.string().nullable(), last: z.string().nullable() }),
  limit: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The spec's pagination object; a page past the end is empty, never an error. */
export function paginationFor(query: SearchQuery, shown: number, total: number, urlOf: (page: number) => string): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const page = query.page;
  return {
    currentPage: page,
    totalPages,
    totalItems: total,
    itemsPerPage: query.limit,
    showing: `Showing ${shown} of ${total}`,
    pageStatus: `${page} / ${totalPages}`,
    pageNumbers: {
      first: page > 1 ? 1 : null,
      prev: page > 1 ? Math.min(page - 1, totalPages) : null,
      next: page < totalPages ? page + 1 : null,
      last: page < totalPages ? totalPages : null,
    },
    urls: { next: page < totalPages ? urlOf(page + 1) : null, last: page < totalPages ? urlOf(totalPages) : null },
    limit: query.limit,
  };
}

export function searchUrl(query: SearchQuery, page: number): string {
  const parameters = new URLSearchParams();
  if (query.q) parameters.set('q', query.q);
  if (query.keywords.length > 0) parameters.set('keywords', query.keywords.join(','));
  if (query.platform) parameters.set('platform', query.platform);
  if (query.topic) parameters.set('topic', query.topic);
  if (query.sort) parameters.set('sort', query.sort);
  if (query.price) parameters.set('price', query.price);
  parameters.set('page', String(page));
  parameters.set('limit', String(query.limit));
  return `/api/resources/search?${parameters.toString()}`;
}
