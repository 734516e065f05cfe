import { sql } from 'kysely';
import { defineProjection } from '../../projection.js';
import { createVersionsIndexes, createVersionsTables } from './tables.js';

/**
 * Versions of posts (TemplateVersionPublished), each buyer's entitlement and chosen version, and the
 * savers who asked for update notices. Versions never change once written; the other rows are
 * guarded by the event's position, so a replayed or late event never undoes a newer one.
 */
export const versionsProjection = defineProjection({
  name: 'versions',
  version: 1,
  handles: ['TemplateVersionPublished', 'PurchaseRecorded', 'PurchaseRefunded', 'VersionChosen', 'UpdateNoticesToggled'],
  tables: ['template_versions', 'version_holders', 'update_notice_subscribers'],
  createTables: createVersionsTables,
  createIndexes: createVersionsIndexes,
  async apply(trx, events, t) {
    for (const event of events) {
      const { position } = event;
      switch (event.type) {
        case 'TemplateVersionPublished': {
          const { templateId, version, changeNote, changed, content } = event.data;
          await trx
            .insertInto(t.template_versions)
            .values({
              template_id: templateId,
              version,
              approved_at: new Date(event.metadata.occurredAt),
              change_note: changeNote,
              changed: JSON.stringify(changed),
              content: JSON.stringify(content),
              position,
            })
            .onConflict((oc) => oc.columns(['template_id', 'version']).doNothing())
            .execute();
          break;
        }
        case 'PurchaseRecorded': {
          const { templateId, buyerId, bought } = event.data;
          // Purchases from before versions were recorded hold the version public when they were recorded.
          const version =
            bought.version ??
            (
              await trx
                .selectFrom(t.template_versions)
                .select(sql<number | null>`max(version)`.as('latest'))
                .where('template_id', '=', templateId)
                .where('position', '<', position)
                .executeTakeFirst()
            )?.latest ??
            1;
          const row = { entitled_from: version, held: version, refunded: false, last_position: position };
          await trx
            .insertInto(t.version_holders)
            .values({ template_id: templateId, buyer_id: buyerId, ...row })
            .onConflict((oc) =>
              oc
                .columns(['template_id', 'buyer_id'])
                .doUpdateSet(row)
                .where(sql.ref(`${t.version_holders}.last_position`), '<', position),
            )
            .execute();
          break;
        }
        case 'PurchaseRefunded':
          await trx
            .updateTable(t.version_holders)
            .set({ refunded: true, last_position: position })
            .where('template_id', '=', event.data.templateId)
            .where('buyer_id', '=', event.data.buyerId)
            .where('last_position', '<', position)
            .execute();
          break;
        case 'VersionChosen':
          await trx
            .updateTable(t.version_holders)
            .set({ held: event.data.version, last_position: position })
            .where('template_id', '=', event.data.templateId)
            .where('buyer_id', '=', event.data.buyerId)
            .where('last_position', '<', position)
            .execute();
          break;
        case 'UpdateNoticesToggled': {
          const row = { on: event.data.on, last_position: position };
          await trx
            .insertInto(t.update_notice_subscribers)
            .values({ template_id: event.data.templateId, user_id: event.data.userId, ...row })
            .onConflict((oc) =>
              oc
                .columns(['template_id', 'user_id'])
                .doUpdateSet(row)
                .where(sql.ref(`${t.update_notice_subscribers}.last_position`), '<', position),
            )
            .execute();
          break;
        }
      }
    }
  },
});
