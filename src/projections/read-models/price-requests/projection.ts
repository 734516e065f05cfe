import { defineProjection } from '../../projection.js';
import { createPriceRequestsTables } from './tables.js';

/** The admin portal's price-change inbox: each post's latest request, waiting until an admin decides or the post goes. */
export const priceRequestsProjection = defineProjection({
  name: 'price_requests',
  version: 1,
  handles: [
    'TemplatePriceChangeRequested',
    'TemplatePriceChanged',
    'TemplatePriceChangeDeclined',
    'TemplateDeleted',
    'TemplatePermanentlyDeleted',
  ],
  tables: ['price_change_requests'],
  createTables: createPriceRequestsTables,
  async apply(trx, events, t) {
    for (const event of events) {
      if (event.type === 'TemplatePriceChangeRequested') {
        const row = {
          template_id: event.data.templateId,
          requester_id: event.data.requesterId,
          current_price_cents: Math.round(event.data.currentPrice * 100),
          requested_price_cents: Math.round(event.data.newPrice * 100),
          requested_at: new Date(event.metadata.occurredAt),
          pending: true,
          last_position: event.position,
        };
        await trx
          .insertInto(t.price_change_requests)
          .values(row)
          .onConflict((oc) =>
            oc
              .column('template_id')
              .doUpdateSet(row)
              .where(`${t.price_change_requests}.last_position` as 'last_position', '<', event.position),
          )
          .execute();
      } else {
        // Decided, or the post is gone: the request no longer waits.
        await trx
          .updateTable(t.price_change_requests)
          .set({ pending: false, last_position: event.position })
          .where('template_id', '=', event.data.templateId)
          .where('last_position', '<', event.position)
          .execute();
      }
    }
  },
});
