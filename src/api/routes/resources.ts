import { z } from '../../domain/shared/zod.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';
import type { AppDeps } from '../app.js';
import { recommendedResources, type FeedOrder } from '../../projections/read-models/templates/queries.js';
import { toResourceView } from '../../projections/read-models/templates/views.js';
import { HOME_LIST_LIMIT, HOME_LIST_MAX_LIMIT } from '../../domain/discovery/constants.js';

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(HOME_LIST_MAX_LIMIT).default(HOME_LIST_LIMIT) });
export const resourceSchema = z.object({
  _id: z.string(),
  titleUrl: z.string(),
  title: z.string(),
  description: z.object({ short: z.string(), long: z.string() }),
  price: z.number(),
  keywords: z.array(z.string()),
  platform: z.string(),
  topic: z.string(),
  sponsored: z.boolean(),
  status: z.string(),
  author: z.object({
    _id: z.string(),
    username: z.string(),
    info: z.object({ displayName: z.string().nullable(), thumbnail: z.string().nullable() }),
  }),
  ratings: z.object({ positive: z.number(), negative: z.number(), redFlags: z.number(), saves: z.number() }),
  images: z.array(z.object({ imageUrl: z.string() })),
  createdAt: z.string(),
}) satisfies z.ZodType<ResourceView>;
const listAnswer = z.object({ data: z.array(resourceSchema) });

/** The home page lists (spec: GET /resources/sponsored, /toprated, /today). */
export function resourceRoutes(deps: { db: AppDeps['database']['db']; vault: AppDeps['vault'] }): FastifyPluginAsyncZod {
  return async (app) => {
    const lists: { path: string; summary: string; order: FeedOrder; sponsoredOnly: boolean }[] = [
      { path: '/resources/toprated', summary: 'Live resources with the most kudos', order: 'top_rated', sponsoredOnly: false },
      { path: '/resources/today', summary: 'The newest live resources', order: 'newest', sponsoredOnly: false },
      { path: '/resources/sponsored', summary: 'Sponsored live resources', order: 'newest', sponsoredOnly: true },
    ];
    for (const list of lists) {
      app.get(
        list.path,
        {
          config: { access: 'anyone', publicCache: ['templates', 'users'], sameForEveryViewer: true },
          schema: { summary: list.summary, tags: ['resources'], querystring: listQuery, response: { 200: listAnswer } },
        },
        async (request) => ({
          data: await Promise.all(
            (await recommendedResources(deps.db, { ...list, limit: request.query.limit })).map((row) => toResourceView(row, deps.vault)),
          ),
        }),
      );
    }
  };
}
