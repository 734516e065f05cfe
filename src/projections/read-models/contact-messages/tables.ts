import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** Messages sent through the contact form; personal fields are vault ciphertext under the message id. */
export interface ContactMessagesView {
  id: string;
  name_enc: string;
  email_enc: string;
  message_enc: string;
  reason: string | null;
  sender_user_id: string | null;
  received_at: Date;
  last_position: bigint;
}

/** The contact-form inbox: its tables by logical name (the runner maps them to the live generation). */
export interface ContactMessagesTables {
  contact_messages: ContactMessagesView;
}

export async function createContactMessagesTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
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
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createContactMessagesIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.contact_messages}_received`).ifNotExists().on(t.contact_messages).column('received_at').execute();
}
