import { DomainError, type Decider } from '../shared/events.js';
import type { BetaFeedbackReceived, SupportChatAnswered } from './events.js';

export type SendFeedbackCommand = { type: 'SendFeedback'; data: BetaFeedbackReceived['data'] };

/** Each piece of feedback has its own stream; a second append under its id is a client bug. */
export const feedbackDecider: Decider<{ received: boolean }, SendFeedbackCommand, BetaFeedbackReceived> = {
  initialState: () => ({ received: false }),
  evolve: () => ({ received: true }),
  decide: (command, state) => {
    if (state.received) throw new DomainError('conflict', 'This feedback was already received.');
    return [{ type: 'BetaFeedbackReceived', data: command.data }];
  },
};

export type RecordChatCommand = { type: 'RecordChatExchange'; data: SupportChatAnswered['data'] };

/** Who started a conversation: a member, or a guest known by the digest of their chat cookie. */
type ConversationOwner = Pick<SupportChatAnswered['data'], 'userId' | 'guestKey'>;

export interface ConversationState {
  /** Undefined until the first exchange: a second person may not write into it. */
  owner: ConversationOwner | undefined;
  exchanges: number;
}

/** The answer to a message into someone else's conversation (not in the spec; the web panel starts a new conversation and says why). */
export const NOT_YOUR_CONVERSATION = 'This conversation belongs to someone else.';

/** Bounds a conversation's length (not in the spec: a runaway client fills no stream). */
export const MAX_EXCHANGES_PER_CONVERSATION = 200;

/**
 * The same member, or whoever holds the guest cookie that started it: the guest, or the guest signed
 * in since on that browser. A guest's conversation without a key (stored before keys) is nobody's to go on with.
 */
const isOwner = (owner: ConversationOwner, writer: ConversationOwner) =>
  owner.userId !== null ? owner.userId === writer.userId : owner.guestKey !== null && owner.guestKey === writer.guestKey;

export const conversationDecider: Decider<ConversationState, RecordChatCommand, SupportChatAnswered> = {
  initialState: () => ({ owner: undefined, exchanges: 0 }),
  evolve: (state, event) => ({
    owner: state.owner ?? { userId: event.data.userId, guestKey: event.data.guestKey },
    exchanges: state.exchanges + 1,
  }),
  decide: (command, state) => {
    if (state.owner !== undefined && !isOwner(state.owner, command.data)) throw new DomainError('forbidden', NOT_YOUR_CONVERSATION);
    if (state.exchanges >= MAX_EXCHANGES_PER_CONVERSATION)
      throw new DomainError('conflict', 'This conversation is full. Please start a new one.');
    // A member's guest cookie is recorded only where it is what lets them write: it would tie their account to the browser's guest chats.
    const guestsConversation = command.data.userId === null || state.owner?.userId === null;
    return [{ type: 'SupportChatAnswered', data: guestsConversation ? command.data : { ...command.data, guestKey: null } }];
  },
};
