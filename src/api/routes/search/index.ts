import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchRecording } from '../../../commands/discovery/record-search.js';
import type { AppDeps } from '../../app.js';
import type { ReadModelDb, Settle, Vault } from '../route-deps.js';
import { autocompleteRoutes } from './autocomplete.js';
import { popularSearchRoutes } from './popular-searches.js';
import { searchResourcesRoutes } from './search-resources.js';

export type { Pagination } from './query.js';

export interface SearchRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  search: AppDeps['search'];
  searchRecording: SearchRecording;
  settle: Settle;
}

/** Search, autocomplete, search analytics and popular terms (spec section 7). */
export function searchRoutes(deps: SearchRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(searchResourcesRoutes(deps));
    await app.register(autocompleteRoutes(deps));
    await app.register(popularSearchRoutes(deps));
  };
}
