import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';

const open = (vault: PersonalDataVault, subject: string, ciphertext: string | null) =>
  ciphertext === null ? Promise.resolve(null) : vault.decrypt(subject, ciphertext);

/** Beta feedback, newest first, each opened with its own vault key (null once erased). */
export async function betaFeedbackPage(db: Kysely<Schema>, vault: PersonalDataVault, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('support_feedback')
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      _id: row.id,
      betaSelection: row.selection,
      betaText: await open(vault, row.id, row.text_enc),
      userId: row.user_id,
      userName: await open(vault, row.id, row.name_enc),
      userEmail: await open(vault, row.id, row.email_enc),
      currentPage: row.current_page,
      receivedAt: row.received_at.toISOString(),
    })),
  );
}

/** Chat exchanges, newest first, grouped by the client per conversation. */
export async function chatExchangesPage(db: Kysely<Schema>, vault: PersonalDataVault, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('support_chat_exchanges')
    .selectAll()
    .orderBy('answered_at', 'desc')
    .orderBy('last_position', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      exchangeId: row.exchange_id,
      conversationId: row.conversation_id,
      userId: row.user_id,
      userName: await open(vault, row.conversation_id, row.name_enc),
      userEmail: await open(vault, row.conversation_id, row.email_enc),
      question: await open(vault, row.conversation_id, row.question_enc),
      reply: row.reply,
      sources: row.sources,
      answeredBy: row.answered_by,
      known: row.known,
      answeredAt: row.answered_at.toISOString(),
    })),
  );
}

/** The vault subjects (feedback and conversation ids) holding what a member typed: erased with the account. */
export async function supportVaultSubjectsOf(db: Kysely<Schema>, userId: string): Promise<string[]> {
  const feedback = await db.selectFrom('support_feedback').select('id').where('user_id', '=', userId).execute();
  const conversations = await db
    .selectFrom('support_chat_exchanges')
    .select('conversation_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return [...feedback.map((row) => row.id), ...conversations.map((row) => row.conversation_id)];
}
