import type { ChatSource } from '../../../domain/support/events.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/** Beta feedback for the admins; personal fields are vault ciphertext under the feedback id. */
export interface SupportFeedbackView {
  id: string;
  selection: string;
  text_enc: string;
  user_id: string | null;
  name_enc: string | null;
  email_enc: string | null;
  current_page: string;
  received_at: Date;
  last_position: bigint;
}

/** One row per question and reply; personal fields are vault ciphertext under the conversation id. */
export interface SupportChatExchangesView {
  exchange_id: string;
  conversation_id: string;
  user_id: string | null;
  name_enc: string | null;
  email_enc: string | null;
  question_enc: string;
  reply: string;
  sources: ChatSource[];
  answered_by: string;
  known: boolean;
  answered_at: Date;
  last_position: bigint;
}

export interface SupportTables {
  support_feedback: SupportFeedbackView;
  support_chat_exchanges: SupportChatExchangesView;
}

export async function createSupportTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.support_feedback)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('selection', 'text', (c) => c.notNull())
    .addColumn('text_enc', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('name_enc', 'text')
    .addColumn('email_enc', 'text')
    .addColumn('current_page', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.support_chat_exchanges)
    .addColumn('exchange_id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('name_enc', 'text')
    .addColumn('email_enc', 'text')
    .addColumn('question_enc', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('sources', 'jsonb', (c) => c.notNull())
    .addColumn('answered_by', 'text', (c) => c.notNull())
    .addColumn('known', 'boolean', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createIndex(`${t.support_chat_exchanges}_conversation`)
    .on(t.support_chat_exchanges)
    .columns(['conversation_id', 'answered_at'])
    .execute();
}
