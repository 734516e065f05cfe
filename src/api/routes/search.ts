import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Schema } from '../../adapters/db/schema.js';
import type { SearchIndex, SearchOrder } from '../../adapters/search/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { APPS, TOPICS, type TaxonomyEntry } from '../../domain/catalogue/taxonomy.js';
import {
  AUTOCOMPLETE_LIMIT,
  POPULAR_TERMS_LIMIT,
  PRICE_FILTERS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_KEYWORD_LENGTH,
  SEARCH_MAX_KEYWORDS,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_TEXT_TOO_LONG,
} from '../../domain/discovery/constants.js';
import { searchDecider } from '../../domain/discovery/decider.js';
import { searchStream } from '../../domain/discovery/events.js';
import { normaliseSearchText, searchWords } from '../../domain/discovery/search-text.js';
import { characterCount } from '../../domain/shared/characters.js';
import { resourceViewsByIds } from '../../projections/read-models/templates/queries.js';
import { mostSearchedTerms } from '../../projections/read-models/search-analytics/queries.js';
import { resourceSchema } from './resources.js';
import { enforceLimit } from '../rate-limits.js';

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

const searchText = z.string().max(SEARCH_MAX_QUERY_LENGTH, SEARCH_TEXT_TOO_LONG);

export const searchQuery = z.object({
  q: searchText.optional(),
  keywords: z
    .string()
    .optional()
    .transform((value, context) => {
      const keywords = (value ?? '').split(',').map((keyword) => keyword.trim().toLowerCase()).filter(Boolean);
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

const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
  itemsPerPage: z.number(),
  showing: z.string(),
  pageStatus: z.string(),
  pageNumbers: z.object({ first: z.number().nullable(), prev: z.number().nullable(), next: z.number().nullable(), last: z.number().nullable() }),
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

function searchUrl(query: SearchQuery, page: number): string {
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

const entrySchema = z.object({ name: z.string(), label: z.string() });

/** Entries whose label or name contains every typed word (the spec's suggestion rule). */
function matchingEntries(entries: readonly TaxonomyEntry[], words: readonly string[]): TaxonomyEntry[] {
  return entries
    .filter((entry) => {
      const haystack = `${entry.label} ${entry.name.replaceAll('_', ' ')}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, AUTOCOMPLETE_LIMIT);
}

export interface SearchRouteDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  search: SearchIndex;
  commands: CommandBus;
}

/** Search, autocomplete, search analytics and popular terms (spec section 7). */
export function searchRoutes(deps: SearchRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/search',
      {
        config: { access: 'anyone', publicCache: deps.search.answersFromReadModels ? ['search', 'templates', 'users'] : undefined, sameForEveryViewer: true },
        schema: {
          summary: 'Live resources matching text and filters, one page at a time',
          tags: ['search'],
          querystring: searchQuery,
          response: { 200: z.object({ data: z.array(resourceSchema), pagination: paginationSchema }) },
        },
      },
      async (request) => {
        const query = request.query;
        const text = query.q ?? '';
        const order: SearchOrder = query.sort ?? (searchWords(text).length > 0 ? 'relevance' : 'date_desc');
        const hits = await deps.search.search({
          text,
          filters: { topic: query.topic, platform: query.platform, keywords: query.keywords, price: query.price },
          order,
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        });
        const data = await resourceViewsByIds(deps.db, deps.vault, hits.ids);
        return { data, pagination: paginationFor(query, data.length, hits.total, (page) => searchUrl(query, page)) };
      },
    );

    app.get(
      '/autocomplete',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Titles, topics and apps for the text being typed',
          tags: ['search'],
          querystring: z.object({ q: searchText.default('') }),
          response: {
            200: z.object({ titles: z.array(z.object({ title: z.string(), titleUrl: z.string() })), topics: z.array(entrySchema), apps: z.array(entrySchema) }),
          },
        },
      },
      async (request) => {
        const words = searchWords(request.query.q);
        if (words.length === 0) return { titles: [], topics: [], apps: [] };
        const titles = await deps.search.suggestTitles(request.query.q, AUTOCOMPLETE_LIMIT);
        return {
          titles: titles.map(({ title, titleUrl }) => ({ title, titleUrl })),
          topics: matchingEntries(TOPICS, words),
          apps: matchingEntries(APPS, words),
        };
      },
    );

    app.post(
      '/analytics/search',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Records a search (popular searches are computed from these)',
          tags: ['search'],
          // userId is accepted for the original client but never trusted: the session says who searched.
          body: z.object({ searchTerm: z.string().max(SEARCH_MAX_QUERY_LENGTH, `searchTerm must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`), userId: z.string().nullish() }),
          response: { 201: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await enforceLimit(request, 'searchAnalyticsPerAddress', request.ip);
        const searchId = randomUUID();
        const userId = request.viewer?.userId ?? null;
        const searcher = userId === null ? await deps.vault.blindIndex(`searcher:${request.ip}`) : null;
        await deps.commands.handle(
          searchDecider,
          searchStream(searchId),
          { type: 'RecordSearch', data: { searchId, searchTerm: request.body.searchTerm, userId, searcher } },
          { actor: { userId, role: userId === null ? 'anonymous' : 'base' } },
        );
        return reply.status(201).send({ success: true as const });
      },
    );

    app.post(
      '/generateSimilarTerms',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Popular search terms related to a query (the most searched, offline)',
          tags: ['search'],
          body: z.object({ query: searchText.default(''), flag: z.union([z.boolean(), z.string()]).optional() }),
          response: { 200: z.object({ searchTerms: z.array(z.string()) }) },
        },
      },
      async (request) => ({ searchTerms: await popularTerms(deps.db, request.body.query) }),
    );
  };
}

/**
 * The most searched terms: all of them for an empty query, otherwise those sharing a word
 * with it or close to it (trigram similarity), most searched first.
 */
export async function popularTerms(db: Kysely<Schema>, query: string): Promise<string[]> {
  const words = searchWords(query);
  return mostSearchedTerms(db, words, normaliseSearchText(words.join(' ')), POPULAR_TERMS_LIMIT);
}
