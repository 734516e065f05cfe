import type { DomainEvent } from '../shared/events.js';
import type { BetaOption } from './rules.js';

/**
 * Beta feedback and help-chat exchanges, for the admins to read. Personal data (a guest's name
 * and address, what people typed) is vault ciphertext; the vault subject is the feedback or
 * conversation id, so one conversation can be erased alone. Bot replies quote public help pages.
 */
export type BetaFeedbackReceived = DomainEvent<
  'BetaFeedbackReceived',
  {
    feedbackId: string;
    selection: BetaOption;
    textEnc: string;
    userId: string | null;
    nameEnc: string | null;
    emailEnc: string | null;
    currentPage: string;
    clientTimestamp: string | null;
  }
>;

export interface ChatSource {
  title: string;
  path: string;
}

export type SupportChatAnswered = DomainEvent<
  'SupportChatAnswered',
  {
    conversationId: string;
    exchangeId: string;
    userId: string | null;
    /**
     * The keyed digest of the writer's chat cookie, which only their browser holds: whose the conversation is when
     * its first exchange has no userId. Null in a member's conversation; in a guest's, also on the exchanges of the
     * guest once signed in (the cookie is what let them write).
     */
    guestKey: string | null;
    nameEnc: string | null;
    emailEnc: string | null;
    questionEnc: string;
    reply: string;
    sources: ChatSource[];
    answeredBy: 'model' | 'retrieval';
    known: boolean;
  }
>;

/**
 * Exchanges stored before a guest's conversation was bound to their cookie (v1): no guest holds
 * its key, so a guest's conversation from then is closed to everyone and the client starts another.
 */
export const withoutGuestKey = (data: unknown): unknown => ({ ...(data as object), guestKey: null });

export type SupportEvent = BetaFeedbackReceived | SupportChatAnswered;

export const feedbackStream = (feedbackId: string) => `beta-feedback-${feedbackId}`;
export const conversationStream = (conversationId: string) => `support-chat-${conversationId}`;
