import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { curatedListRoutes } from './curated-lists.js';
import { exploreRoutes } from './explore.js';
import { taxonomyRoutes } from './taxonomy.js';

/** Browsing lists: topics, apps, keywords, explore, top contributors and the curated sidebar lists. */
export function discoveryRoutes(deps: { db: ReadModelDb; vault: Vault }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(taxonomyRoutes(deps));
    await app.register(exploreRoutes(deps));
    await app.register(curatedListRoutes(deps));
  };
}
