import { defineProjection } from '../../projection.js';
import { createMassEmailsTables } from './tables.js';

const OUTCOMES = { MassEmailDelivered: 'delivered', MassEmailFailed: 'failed', MassEmailSkipped: 'skipped' } as const;

/** Mass e-mail campaigns and each recipient's outcome: the portal's progress and list of past campaigns. */
export const massEmailsProjection = defineProjection({
  name: 'mass_emails',
  version: 1,
  handles: ['MassEmailRequested', 'MassEmailDelivered', 'MassEmailFailed', 'MassEmailSkipped'],
  tables: ['mass_email_campaigns', 'mass_email_outcomes'],
  createTables: createMassEmailsTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      if (event.type === 'MassEmailRequested') {
        const { campaignId, subject, body, group, requestedBy, recipientIds } = event.data;
        await trx
          .insertInto(t.mass_email_campaigns)
          .values({
            campaign_id: campaignId,
            subject,
            body,
            audience_group: group,
            requested_by: requestedBy,
            requested_at: at,
            total: recipientIds.length,
          })
          .onConflict((oc) => oc.column('campaign_id').doNothing())
          .execute();
        continue;
      }
      // A recipient's stream holds one outcome (its decider), so the first row stands.
      await trx
        .insertInto(t.mass_email_outcomes)
        .values({
          campaign_id: event.data.campaignId,
          recipient_id: event.data.recipientId,
          outcome: OUTCOMES[event.type],
          reason: event.type === 'MassEmailDelivered' ? null : event.data.reason,
          at,
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'recipient_id']).doNothing())
        .execute();
    }
  },
});
