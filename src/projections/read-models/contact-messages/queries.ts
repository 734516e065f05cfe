import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';

/** One page of the admins' inbox, newest first, each message opened with its own vault key. */
export async function contactMessagesPage(db: Kysely<Schema>, vault: PersonalDataVault, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      _id: row.id,
      name: await vault.decrypt(row.id, row.name_enc),
      email: await vault.decrypt(row.id, row.email_enc),
      message: await vault.decrypt(row.id, row.message_enc),
      reason: row.reason,
      senderUserId: row.sender_user_id,
      receivedAt: row.received_at.toISOString(),
    })),
  );
}

/** The ids (vault keys) of the messages a member sent. */
export async function contactMessageIdsFrom(db: Kysely<Schema>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('contact_messages').select('id').where('sender_user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}
