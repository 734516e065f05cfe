import type { ColumnType } from 'kysely';
import type { CuratedList } from '../../../domain/discovery/curation.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** The home page's hand-picked lists as an admin last saved them. */
export interface CuratedListsView {
  list: CuratedList;
  entries: ColumnType<unknown[], string, string>;
  last_position: bigint;
}

export interface CurationTables {
  curated_lists: CuratedListsView;
}

export async function createCurationTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.curated_lists)
    .addColumn('list', 'text', (c) => c.primaryKey())
    .addColumn('entries', 'jsonb', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
}
