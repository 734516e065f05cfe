import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { searchWords } from '../../../domain/discovery/search-text.js';
import { z } from '../../../domain/shared/zod.js';
import { resourceViewsByIds } from '../../../projections/read-models/templates/queries.js';
import { resourceSchema } from '../resources.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { paginationFor, paginationSchema, searchQuery, searchUrl, type SearchOrder, type SearchQuery } from './query.js';

export interface SearchResourcesDeps {
  db: ReadModelDb;
  vault: Vault;
  search: AppDeps['search'];
}

/** One page of live resources matching the text and filters: the search route's rule, which the MCP server's search shares. */
export async function searchResources(deps: SearchResourcesDeps, query: SearchQuery): Promise<{ data: ResourceView[]; total: number }> {
  const text = query.q ?? '';
  const order: SearchOrder = query.sort ?? (searchWords(text).length > 0 ? 'relevance' : 'date_desc');
  const hits = await deps.search.search({
    text,
    filters: { topic: query.topic, platform: query.platform, keywords: query.keywords, price: query.price },
    order,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { data: await resourceViewsByIds(deps.db, deps.vault, hits.ids), total: hits.total };
}

/** GET /resources/search: live resources matching text and filters, a page at a time. */
export function searchResourcesRoutes(deps: SearchResourcesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/search',
      {
        config: {
          access: 'anyone',
          publicCache: deps.search.answersFromReadModels ? ['search', 'templates', 'users'] : undefined,
          sameForEveryViewer: true,
        },
        schema: {
          summary: 'Live resources matching text and filters, one page at a time',
          tags: ['search'],
          querystring: searchQuery,
          response: { 200: z.object({ data: z.array(resourceSchema), pagination: paginationSchema }) },
        },
      },
      async (request) => {
        const { data, total } = await searchResources(deps, request.query);
        return { data, pagination: paginationFor(request.query, data.length, total, (page) => searchUrl(request.query, page)) };
      },
    );
  };
}
