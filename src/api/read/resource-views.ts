import type { Kysely, Selectable } from 'kysely';
import type { Schema, TemplatesView } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';

type ResourceRow = Selectable<TemplatesView> & { username: string; display_name_enc: string | null };

/** Templates with their authors: the rows every resource list is made of. */
export function resourceRows(db: Kysely<Schema>) {
  return db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .selectAll('templates')
    .select(['users.username', 'users.display_name_enc']);
}

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
      info: { displayName: row.display_name_enc ? await vault.decrypt(row.author_id, row.display_name_enc) : null, thumbnail: null },
    },
    ratings: { positive: row.likes, negative: 0, redFlags: 0, saves: row.saves },
    images: row.image_urls.map((imageUrl) => ({ imageUrl })),
    createdAt: row.created_at.toISOString(),
  };
}

/** The resources with these ids, in the order given (search results keep their ranking). */
export async function resourceViewsByIds(db: Kysely<Schema>, vault: PersonalDataVault, ids: readonly string[]): Promise<ResourceView[]> {
  if (ids.length === 0) return [];
  const rows = await resourceRows(db).where('templates.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Promise.all(ids.flatMap((id) => (byId.has(id) ? [toResourceView(byId.get(id)!, vault)] : [])));
}
