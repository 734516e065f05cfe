import type { ContactMessageReceived } from '../../../domain/outreach/events.js';
import type { Projection } from '../../projection.js';

/** The admins' inbox of contact-form messages, newest first. */
export const contactMessagesProjection: Projection = {
  name: 'contact_messages',
  version: 1,
  handles: ['ContactMessageReceived'],
  tables: ['contact_messages'],
  async createTables(trx, t) {
    await trx.schema
      .createTable(t.contact_messages)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name_enc', 'text', (c) => c.notNull())
      .addColumn('email_enc', 'text', (c) => c.notNull())
      .addColumn('message_enc', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('sender_user_id', 'text')
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.contact_messages}_received`).on(t.contact_messages).column('received_at').execute();
  },
  async apply(trx, events, t) {
    for (const event of events) {
      const { data } = event as unknown as ContactMessageReceived;
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
};
