import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchRecording } from '../../../commands/discovery/record-search.js';
import { POPULAR_SEARCH_REMOVED, POPULAR_TERMS_LIMIT, SEARCH_MAX_QUERY_LENGTH } from '../../../domain/discovery/constants.js';
import { normaliseSearchText, searchWords } from '../../../domain/discovery/search-text.js';
import { z } from '../../../domain/shared/zod.js';
import { mostSearchedTerms } from '../../../projections/read-models/search-analytics/queries.js';
import { enforceLimit } from '../../rate-limits.js';
import { actorOf } from '../../actors.js';
import type { ReadModelDb, Settle } from '../route-deps.js';
import { searchText } from './query.js';

/**
 * The most searched terms: all of them for an empty query, otherwise those sharing a word
 * with it or close to it (trigram similarity), most searched first.
 */
export async function popularTerms(db: ReadModelDb, query: string): Promise<string[]> {
  const words = searchWords(query);
  return mostSearchedTerms(db, words, normaliseSearchText(words.join(' ')), POPULAR_TERMS_LIMIT);
}

/** Recording searches, the popular terms computed from them, and an admin's removal of one. */
export function popularSearchRoutes(deps: { db: ReadModelDb; searchRecording: SearchRecording; settle: Settle }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/analytics/search',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Records a search (popular searches are computed from these)',
          tags: ['search'],
          // userId is accepted for the original client but never trusted: the session says who searched.
          body: z.object({
            searchTerm: z.string().max(SEARCH_MAX_QUERY_LENGTH, `searchTerm must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`),
            userId: z.string().nullish(),
          }),
          response: { 201: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await enforceLimit(request, 'searchAnalyticsPerAddress', request.ip);
        await deps.searchRecording.recordSearch(request.body.searchTerm, request.viewer?.userId ?? null, request.ip);
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

    app.post(
      '/admin/popular-searches/remove',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'Take a term out of the popular searches for good',
          tags: ['search', 'admin'],
          body: z.object({ term: z.string().min(1).max(SEARCH_MAX_QUERY_LENGTH) }),
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        await deps.settle(await deps.searchRecording.removePopularSearch(request.body.term, { ...actorOf(viewer), userId: viewer.userId }));
        return { success: true as const, message: POPULAR_SEARCH_REMOVED };
      },
    );
  };
}
