import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { ResourceView } from '../../domain/catalogue/resource-view.js';
import { toResourceView } from '../routes/resources.js';

/** The resources with these ids, in the order given (search results keep their ranking). */
export async function resourceViewsByIds(db: Kysely<Schema>, vault: PersonalDataVault, ids: readonly string[]): Promise<ResourceView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .selectAll('templates')
    .select(['users.username', 'users.display_name_enc', 'users.picture_url'])
    .where('templates.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Promise.all(ids.flatMap((id) => (byId.has(id) ? [toResourceView(byId.get(id)!, vault)] : [])));
}
