import { DomainError, type Decider } from '../shared/events.js';
import type { ContactMessageReceived, MemberMessageSent, NewsletterSubscribed, TemplateRequested } from './events.js';

export interface SubscriptionState {
  subscribed: boolean;
}

export type SubscribeCommand = { type: 'Subscribe'; data: NewsletterSubscribed['data'] };

/** Subscribing an address that is already subscribed changes nothing (the API answers politely). */
export const newsletterDecider: Decider<SubscriptionState, SubscribeCommand, NewsletterSubscribed> = {
  initialState: () => ({ subscribed: false }),
  evolve: () => ({ subscribed: true }),
  decide: (command, state) => (state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: command.data }]),
};

export interface ReceivedState {
  received: boolean;
}

/** A stream of one event, the command's data: each has an id of its own, so a second append under it is a client bug. */
function recordedOnce<E extends { type: string; data: unknown }, C extends { type: string; data: E['data'] }>(
  type: E['type'],
  conflict: string,
): Decider<ReceivedState, C, E> {
  return {
    initialState: () => ({ received: false }),
    evolve: () => ({ received: true }),
    decide: (command, state) => {
      if (state.received) throw new DomainError('conflict', conflict);
      return [{ type, data: command.data } as E];
    },
  };
}

export type SendContactMessageCommand = { type: 'SendContactMessage'; data: ContactMessageReceived['data'] };
export const contactMessageDecider = recordedOnce<ContactMessageReceived, SendContactMessageCommand>(
  'ContactMessageReceived',
  'This message was already received.',
);

export type RequestTemplateCommand = { type: 'RequestTemplate'; data: TemplateRequested['data'] };
export const templateRequestDecider = recordedOnce<TemplateRequested, RequestTemplateCommand>(
  'TemplateRequested',
  'This request was already received.',
);

export type SendMemberMessageCommand = { type: 'SendMemberMessage'; data: MemberMessageSent['data'] };
export const memberMessageDecider = recordedOnce<MemberMessageSent, SendMemberMessageCommand>(
  'MemberMessageSent',
  'This message was already sent.',
);
