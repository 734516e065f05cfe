import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Schema } from '../../adapters/db/schema.js';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { resourceRows, toResourceView } from '../read/resource-views.js';

/** Home lists show this many resources unless the caller asks for fewer. */
export const HOME_LIST_LIMIT = 12;
export const HOME_LIST_MAX_LIMIT = 50;

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

type ListOrder = 'top_rated' | 'newest';

async function liveResources(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  { order, sponsoredOnly, limit }: { order: ListOrder; sponsoredOnly: boolean; limit: number },
): Promise<ResourceView[]> {
  let query = resourceRows(db).where('templates.status', '=', 'live');
  if (sponsoredOnly) query = query.where('templates.sponsored', '=', true);
  query =
    order === 'top_rated'
      ? query.orderBy('templates.likes', 'desc').orderBy('templates.created_at', 'desc')
      : query.orderBy('templates.created_at', 'desc');
  const rows = await query.orderBy(sql`templates.id`).limit(limit).execute();
  return Promise.all(rows.map((row) => toResourceView(row, vault)));
}

/** The home page lists (spec: GET /resources/sponsored, /toprated, /today). */
export function resourceRoutes(deps: { db: Kysely<Schema>; vault: PersonalDataVault }): FastifyPluginAsyncZod {
  return async (app) => {
    const lists: { path: string; summary: string; order: ListOrder; sponsoredOnly: boolean }[] = [
      { path: '/resources/toprated', summary: 'Live resources with the most kudos', order: 'top_rated', sponsoredOnly: false },
      { path: '/resources/today', summary: 'The newest live resources', order: 'newest', sponsoredOnly: false },
      { path: '/resources/sponsored', summary: 'Sponsored live resources', order: 'newest', sponsoredOnly: true },
    ];
    for (const list of lists) {
      app.get(
        list.path,
        { schema: { summary: list.summary, tags: ['resources'], querystring: listQuery, response: { 200: listAnswer } } },
        async (request) => ({ data: await liveResources(deps.db, deps.vault, { ...list, limit: request.query.limit }) }),
      );
    }
  };
}
