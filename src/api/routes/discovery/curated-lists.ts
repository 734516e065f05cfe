import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CollectionEntry, TopAppEntry } from '../../../domain/discovery/curation.js';
import { z } from '../../../domain/shared/zod.js';
import { currentCuratedList } from '../../../projections/read-models/curation/queries.js';
import type { ReadModelDb } from '../route-deps.js';

const quickLinkSchema = z.object({ _id: z.string(), link: z.string(), img: z.string().nullable(), name: z.string() });

/** The home sidebar's curated lists (the admins' editors set them). */
export function curatedListRoutes(deps: { db: ReadModelDb }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/collections',
      {
        config: { access: 'anyone', publicCache: ['curation'] },
        schema: {
          summary: 'Quick links of the home sidebar (the collections editor sets them)',
          tags: ['browse'],
          response: { 200: z.array(quickLinkSchema.extend({ type: z.string() })) },
        },
      },
      async () => (await currentCuratedList(deps.db, 'collections')) as CollectionEntry[],
    );

    app.get(
      '/topapps',
      {
        config: { access: 'anyone', publicCache: ['curation'] },
        schema: {
          summary: 'Trending web tools of the home sidebar (the top apps editor sets them)',
          tags: ['browse'],
          response: { 200: z.array(quickLinkSchema.extend({ description: z.string() })) },
        },
      },
      async () => (await currentCuratedList(deps.db, 'topapps')) as TopAppEntry[],
    );
  };
}
