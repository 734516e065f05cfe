import { defineProjection } from '../../projection.js';
import { createContactMessagesTables } from './tables.js';

/** The admins' inbox of contact-form messages, newest first. */
export const contactMessagesProjection = defineProjection({
  name: 'contact_messages',
  version: 1,
  handles: ['ContactMessageReceived'],
  tables: ['contact_messages'],
  createTables: createContactMessagesTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const { data } = event;
      await trx
        .insertInto(t.contact_messages)
        .values({
          id: data.messageId,
          name_enc: data.nameEnc,
          email_enc: data.emailEnc,
          message_enc: data.messageEnc,
          reason: data.reason,
          sender_user_id: data.senderUserId,
          received_at: new Date(event.metadata.occurredAt),
          last_position: event.position,
        })
        // A message never changes: replaying it leaves the row as it is.
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
});
