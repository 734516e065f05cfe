import { defineProjection } from '../../projection.js';
import { createCurationTables } from './tables.js';

/** The home page's collections and top apps: each list as last saved. */
export const curationProjection = defineProjection({
  name: 'curation',
  version: 1,
  handles: ['HomeListSet'],
  tables: ['curated_lists'],
  createTables: createCurationTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const row = { list: event.data.list, entries: JSON.stringify(event.data.entries), last_position: event.position };
      await trx
        .insertInto(t.curated_lists)
        .values(row)
        .onConflict((oc) =>
          oc
            .column('list')
            .doUpdateSet(row)
            .where(`${t.curated_lists}.last_position` as 'last_position', '<', event.position),
        )
        .execute();
    }
  },
});
