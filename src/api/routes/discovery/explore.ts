import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HIDDEN_KEYWORDS } from '../../../domain/catalogue/presentation.js';
import { EXPLORE_MAX_RESOURCES_PER_TAG, EXPLORE_TAG_COUNT, TOP_CONTRIBUTORS_LIMIT } from '../../../domain/discovery/constants.js';
import { z } from '../../../domain/shared/zod.js';
import { documentTitlesByIds, keywordUsage, newestPerGroup, topContributors } from '../../../projections/read-models/search/queries.js';
import type { ReadModelDb } from '../route-deps.js';

/** What the browsing lists are read from: the search documents, and the resources' cards. */
export const BROWSING_READ_MODELS = ['search', 'templates', 'users'];

/** The explore page's tags and the top contributors. */
export function exploreRoutes(deps: { db: ReadModelDb }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;

    app.get(
      '/explore',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'The most used tags, each with its count and newest resources',
          tags: ['browse'],
          response: {
            200: z.array(
              z.object({
                term: z.string(),
                count: z.number(),
                resources: z.array(z.object({ _id: z.string(), title: z.string(), titleUrl: z.string() })),
              }),
            ),
          },
        },
      },
      async () => {
        const tags = await keywordUsage(db, HIDDEN_KEYWORDS, EXPLORE_TAG_COUNT);
        const ids = await newestPerGroup(
          db,
          'keyword',
          tags.map((tag) => tag.term),
          EXPLORE_MAX_RESOURCES_PER_TAG,
        );
        const allIds = [...ids.values()].flat();
        const rows = await documentTitlesByIds(db, allIds);
        const titles = new Map(rows.map((row) => [row.id, row]));
        return tags.map((tag) => ({
          term: tag.term,
          count: tag.count,
          resources: (ids.get(tag.term) ?? []).flatMap((id) => {
            const row = titles.get(id);
            return row ? [{ _id: id, title: row.title, titleUrl: row.title_url }] : [];
          }),
        }));
      },
    );

    app.get(
      '/users/topcontributors',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Creators with the most live resources',
          tags: ['browse'],
          response: {
            200: z.array(
              z.object({
                _id: z.string(),
                username: z.string(),
                isVerified: z.boolean(),
                postCount: z.number(),
                info: z.object({ thumbnail: z.string().nullable() }),
              }),
            ),
          },
        },
      },
      async () => {
        const rows = await topContributors(db, TOP_CONTRIBUTORS_LIMIT);
        // Verification and pictures are not in the users read model yet (accounts work): shown as unverified, no picture.
        return rows.map((row) => ({
          _id: row.id,
          username: row.username,
          isVerified: false,
          postCount: row.post_count,
          info: { thumbnail: null },
        }));
      },
    );
  };
}
