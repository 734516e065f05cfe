import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import {
  DEFAULT_COLLECTIONS,
  DEFAULT_TOP_APPS,
  type CollectionEntry,
  type CuratedList,
  type TopAppEntry,
} from '../../../domain/discovery/curation.js';

/** The list as an admin last saved it, or null while none has been saved. */
export async function savedCuratedList<L extends CuratedList>(
  db: Kysely<Schema>,
  list: L,
): Promise<(L extends 'collections' ? CollectionEntry : TopAppEntry)[] | null> {
  const row = await db.selectFrom('curated_lists').select('entries').where('list', '=', list).executeTakeFirst();
  return row ? (row.entries as (L extends 'collections' ? CollectionEntry : TopAppEntry)[]) : null;
}

/** The list the home page shows now: as an admin last saved it, else the shipped defaults. */
export async function currentCuratedList(db: Kysely<Schema>, list: CuratedList): Promise<(CollectionEntry | TopAppEntry)[]> {
  return (await savedCuratedList(db, list)) ?? [...(list === 'collections' ? DEFAULT_COLLECTIONS : DEFAULT_TOP_APPS)];
}
