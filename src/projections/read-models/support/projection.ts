import { defineProjection } from '../../projection.js';
import { createSupportTables } from './tables.js';

/** The admins' view of beta feedback and help chats; rows never change once written. */
export const supportProjection = defineProjection({
  name: 'support',
  version: 1,
  handles: ['BetaFeedbackReceived', 'SupportChatAnswered'],
  tables: ['support_feedback', 'support_chat_exchanges'],
  createTables: createSupportTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      if (event.type === 'BetaFeedbackReceived') {
        const { data } = event;
        await trx
          .insertInto(t.support_feedback)
          .values({
            id: data.feedbackId,
            selection: data.selection,
            text_enc: data.textEnc,
            user_id: data.userId,
            name_enc: data.nameEnc,
            email_enc: data.emailEnc,
            current_page: data.currentPage,
            received_at: at,
            last_position: event.position,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      } else {
        const { data } = event;
        await trx
          .insertInto(t.support_chat_exchanges)
          .values({
            exchange_id: data.exchangeId,
            conversation_id: data.conversationId,
            user_id: data.userId,
            name_enc: data.nameEnc,
            email_enc: data.emailEnc,
            question_enc: data.questionEnc,
            reply: data.reply,
            sources: JSON.stringify(data.sources) as never,
            answered_by: data.answeredBy,
            known: data.known,
            answered_at: at,
            last_position: event.position,
          })
          .onConflict((oc) => oc.column('exchange_id').doNothing())
          .execute();
      }
    }
  },
});
