import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Schema, TemplatesView, UsersView } from '../../adapters/db/schema.js';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { RECOMMENDED_STATUSES } from '../../domain/templates/lifecycle.js';

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
  let query = db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .selectAll('templates')
    .select(['users.username', 'users.display_name_enc'])
    .where('templates.status', 'in', RECOMMENDED_STATUSES);
  if (sponsoredOnly) query = query.where('templates.sponsored', '=', true);
  query =
    order === 'top_rated'
      ? query.orderBy('templates.likes', 'desc').orderBy('templates.created_at', 'desc')
      : query.orderBy('templates.created_at', 'desc');
  const rows = await query.select('users.picture_url').orderBy(sql`templates.id`).limit(limit).execute();
  return Promise.all(rows.map((row) => toResourceView(row, vault)));
}

/** A templates row joined with its author's username, name and picture. */
export type ResourceRow = Selectable<TemplatesView> & Pick<UsersView, 'username' | 'display_name_enc' | 'picture_url'>;

/** The resource as lists and cards show it (spec section 3, Resource); the author's name comes from the vault. */
export async function toResourceView(row: ResourceRow, vault: PersonalDataVault): Promise<ResourceView> {
  return {
    _id: row.id,
    titleUrl: row.title_url,
    title: row.title,
    description: { short: row.description_short, long: row.description_long },
    price: row.price_cents / 100,
    keywords: row.keywords,
    platform: row.platform,
    topic: row.topic,
    sponsored: row.sponsored,
    status: row.status,
    author: {
      _id: row.author_id,
      username: row.username,
      info: { displayName: row.display_name_enc ? await vault.decrypt(row.author_id, row.display_name_enc) : null, thumbnail: row.picture_url },
    },
    ratings: { positive: row.likes, negative: 0, redFlags: row.red_flags, saves: row.saves },
    images: row.image_urls.map((imageUrl) => ({ imageUrl })),
    createdAt: row.created_at.toISOString(),
  };
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
        { config: { access: 'anyone' }, schema: { summary: list.summary, tags: ['resources'], querystring: listQuery, response: { 200: listAnswer } } },
        async (request) => ({ data: await liveResources(deps.db, deps.vault, { ...list, limit: request.query.limit }) }),
      );
    }
  };
}
