import { DomainError, type Decider } from '../shared/events.js';
import type { ContactMessageReceived, NewsletterSubscribed, TemplateRequested } from './events.js';

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

export type SendContactMessageCommand = { type: 'SendContactMessage'; data: ContactMessageReceived['data'] };

/** Each message has its own stream; a second append under the same id is a client bug. */
export const contactMessageDecider: Decider<ReceivedState, SendContactMessageCommand, ContactMessageReceived> = {
  initialState: () => ({ received: false }),
  evolve: () => ({ received: true }),
  decide: (command, state) => {
    if (state.received) throw new DomainError('conflict', 'This message was already received.');
    return [{ type: 'ContactMessageReceived', data: command.data }];
  },
};

export type RequestTemplateCommand = { type: 'RequestTemplate'; data: TemplateRequested['data'] };

export const templateRequestDecider: Decider<ReceivedState, RequestTemplateCommand, TemplateRequested> = {
  initialState: () => ({ received: false }),
  evolve: () => ({ received: true }),
  decide: (command, state) => {
    if (state.received) throw new DomainError('conflict', 'This request was already received.');
    return [{ type: 'TemplateRequested', data: command.data }];
  },
};
