import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createContactMessagesIndexes, createContactMessagesTables } from './tables.js';

/** The admins' inbox of contact-form messages, newest first. */
export const contactMessagesProjection = defineProjection({
  name: 'contact_messages',
  version: 1,
  handles: ['ContactMessageReceived'],
  tables: ['contact_messages'],
  createTables: createContactMessagesTables,
  createIndexes: createContactMessagesIndexes,
  async apply(trx, events, t) {
    await writeRows(
      trx,
      t.contact_messages,
      events.map(({ data, metadata, position }) => ({
        id: data.messageId,
        name_enc: data.nameEnc,
        email_enc: data.emailEnc,
        message_enc: data.messageEnc,
        reason: data.reason,
        sender_user_id: data.senderUserId,
        received_at: new Date(metadata.occurredAt),
        last_position: position,
      })),
      // A message never changes: replaying it leaves the row as it is.
      { conflict: ['id'] },
    );
  },
});
