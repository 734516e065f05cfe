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

export interface ConversationState {
  /** Who the conversation belongs to: a second person may not write into it. */
  userId: string | null | undefined;
  exchanges: number;
}

/** Bounds a conversation's length (not in the spec: a runaway client fills no stream). */
export const MAX_EXCHANGES_PER_CONVERSATION = 200;

export const conversationDecider: Decider<ConversationState, RecordChatCommand, SupportChatAnswered> = {
  initialState: () => ({ userId: undefined, exchanges: 0 }),
  evolve: (state, event) => ({ userId: state.userId === undefined ? event.data.userId : state.userId, exchanges: state.exchanges + 1 }),
  decide: (command, state) => {
    if (state.userId !== undefined && state.userId !== command.data.userId) throw new DomainError('forbidden', 'This conversation belongs to someone else.');
    if (state.exchanges >= MAX_EXCHANGES_PER_CONVERSATION) throw new DomainError('conflict', 'This conversation is full. Please start a new one.');
    return [{ type: 'SupportChatAnswered', data: command.data }];
  },
};
