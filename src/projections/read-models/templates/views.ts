import type { Selectable } from 'kysely';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import type { ResourceDetailAnswer } from '../../../domain/engagement/views.js';
import type { EditableContent } from '../../../domain/templates/events.js';
import type { UsersView } from '../users/tables.js';
import type { TemplatesView } from './tables.js';

/** A templates row joined with its author's username, name and picture. */
export type ResourceRow = Selectable<TemplatesView> & Pick<UsersView, 'username' | 'display_name_enc' | 'picture_url'>;

/** The approved content of a templates row: what visitors see. */
export function approvedContentOf(
  row: Pick<Selectable<TemplatesView>, 'title' | 'description_short' | 'description_long' | 'url' | 'keywords' | 'image_urls'>,
): EditableContent {
  return {
    title: row.title,
    description: row.description_short,
    instructions: row.description_long,
    url: row.url,
    keywords: row.keywords,
    imageUrls: row.image_urls,
  };
}

/** The row as its author and moderators see it: a waiting edit laid over the approved content. */
export function withPendingEdit<Row extends Selectable<TemplatesView>>(row: Row): Row {
  const pending = row.pending_changes;
  if (pending === null) return row;
  return {
    ...row,
    title: pending.title ?? row.title,
    description_short: pending.description ?? row.description_short,
    description_long: pending.instructions ?? row.description_long,
    url: pending.url ?? row.url,
    keywords: pending.keywords ?? row.keywords,
    image_urls: pending.imageUrls ?? row.image_urls,
  };
}

/** The resource as lists and cards show it (spec section 3, Resource); the author's name comes from the vault. */
export async function toResourceView(row: ResourceRow, vault: PersonalDataVault): Promise<ResourceView> {
  return resourceViewOf(row, row.display_name_enc ? await vault.decrypt(row.author_id, row.display_name_enc) : null);
}

/** A page of resources, their authors' names decrypted together: one vault read for the keys it lacks, not one per author. */
export async function toResourceViews(rows: readonly ResourceRow[], vault: PersonalDataVault): Promise<ResourceView[]> {
  const named = rows.flatMap((row) => (row.display_name_enc ? [{ userId: row.author_id, ciphertext: row.display_name_enc }] : []));
  const names = await vault.decryptEach(named);
  let next = 0;
  return rows.map((row) => resourceViewOf(row, row.display_name_enc ? names[next++]! : null));
}

function resourceViewOf(row: ResourceRow, displayName: string | null): ResourceView {
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
      info: {
        displayName,
        thumbnail: row.picture_url,
      },
    },
    ratings: { positive: row.likes, negative: 0, redFlags: row.red_flags, saves: row.saves },
    images: row.image_urls.map((imageUrl) => ({ imageUrl })),
    createdAt: row.created_at.toISOString(),
  };
}

/** A post's page metadata: the detail answer's `meta` and the HTML served at its address say the same. */
export function templatePageMeta(
  row: Pick<Selectable<TemplatesView>, 'title' | 'description_short' | 'image_urls' | 'title_url'>,
): ResourceDetailAnswer['meta'] {
  return {
    title: `${row.title} | Tessera`,
    description: row.description_short,
    image: row.image_urls[0] ?? null,
    url: `/resources/${row.title_url}`,
  };
}
