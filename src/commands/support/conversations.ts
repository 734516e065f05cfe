import { randomUUID } from 'node:crypto';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { normaliseEmail } from '../../domain/accounts/rules.js';
import type { Actor } from '../../domain/shared/events.js';
import { conversationDecider, feedbackDecider } from '../../domain/support/decider.js';
import { conversationStream, feedbackStream, type ChatSource } from '../../domain/support/events.js';
import type { BetaOption } from '../../domain/support/rules.js';
import type { HelpDesk } from './help-desk.js';
import type { CommandBus } from '../bus/handle-command.js';

/** A guest's name and address as typed (a member's come from their account, never from the form). */
export interface GuestDetails {
  userName?: string;
  userEmail?: string;
}

export interface ChatQuestion {
  /** The conversation to go on with; a new one when absent. */
  conversationId?: string;
  message: string;
  /** null for a member. */
  guest: GuestDetails | null;
  /** The random id of the guest's chat cookie, if the browser holds one. */
  guestId: string | null;
  actor: Actor;
}

export interface FeedbackForm {
  betaSelection: BetaOption;
  betaText: string;
  currentPage: string;
  timestamp?: string | null;
  guest: GuestDetails | null;
  actor: Actor;
}

/** The help chatbot's exchanges and beta feedback: what people write is sealed in the vault before it reaches the log. */
export function createSupportDesk(deps: { commands: CommandBus; vault: PersonalDataVault; helpDesk: HelpDesk }) {
  const { commands, vault, helpDesk } = deps;
  const sealed = (subject: string, value: string | undefined) => (value ? vault.encrypt(subject, value) : Promise.resolve(null));
  const guestFields = async (subject: string, guest: GuestDetails | null) => ({
    nameEnc: guest === null ? null : await sealed(subject, guest.userName?.trim()),
    emailEnc: guest === null ? null : await sealed(subject, normaliseEmail(guest.userEmail ?? '')),
  });

  return {
    /** Answers from the help pages and records the exchange. */
    async chat(question: ChatQuestion): Promise<{ reply: string; sources: ChatSource[]; conversationId: string; known: boolean }> {
      const conversationId = question.conversationId ?? randomUUID();
      const answer = await helpDesk.answer(question.message);
      await commands.handle(
        conversationDecider,
        conversationStream(conversationId),
        {
          type: 'RecordChatExchange',
          data: {
            conversationId,
            exchangeId: randomUUID(),
            userId: question.actor.userId,
            guestKey: question.guestId === null ? null : await vault.blindIndex(`chat-guest:${question.guestId}`),
            ...(await guestFields(conversationId, question.guest)),
            questionEnc: await vault.encrypt(conversationId, question.message),
            reply: answer.reply,
            sources: answer.sources,
            answeredBy: answer.answeredBy,
            known: answer.known,
          },
        },
        { actor: question.actor },
      );
      return { reply: answer.reply, sources: answer.sources, conversationId, known: answer.known };
    },

    async sendFeedback(form: FeedbackForm): Promise<{ position: bigint | null }> {
      const feedbackId = randomUUID();
      const result = await commands.handle(
        feedbackDecider,
        feedbackStream(feedbackId),
        {
          type: 'SendFeedback',
          data: {
            feedbackId,
            selection: form.betaSelection,
            textEnc: await vault.encrypt(feedbackId, form.betaText),
            userId: form.actor.userId,
            ...(await guestFields(feedbackId, form.guest)),
            currentPage: form.currentPage,
            clientTimestamp: form.timestamp ?? null,
          },
        },
        { actor: form.actor },
      );
      return { position: result.position };
    },
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
