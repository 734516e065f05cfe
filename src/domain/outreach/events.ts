import type { DomainEvent } from '../shared/events.js';
import type { ContactReason } from './rules.js';

/**
 * Newsletter, contact messages and template requests: what visitors send the team.
 * Personal data (addresses, names, message texts) is vault ciphertext; the vault subject is the
 * subscriber or message id, so one entry can be erased without touching the others.
 */
export type NewsletterSubscribed = DomainEvent<'NewsletterSubscribed', { subscriberId: string; emailEnc: string; userId: string | null }>;

export type ContactMessageReceived = DomainEvent<
  'ContactMessageReceived',
  { messageId: string; nameEnc: string; emailEnc: string; messageEnc: string; reason: ContactReason | null; senderUserId: string | null }
>;

export type TemplateRequested = DomainEvent<
  'TemplateRequested',
  { requestId: string; userId: string; title: string | null; description: string; platform: string | null }
>;

/**
 * A member's message to another, e-mailed to them with the sender's address to answer to. The text is
 * vault ciphertext under the sender's key: erasing the sender erases what they wrote.
 */
export type MemberMessageSent = DomainEvent<
  'MemberMessageSent',
  { messageId: string; senderId: string; recipientId: string; messageEnc: string }
>;

export type OutreachEvent = NewsletterSubscribed | ContactMessageReceived | TemplateRequested | MemberMessageSent;

/** One stream per subscribed address; `addressKey` is a keyed digest, never the address itself. */
export const newsletterStream = (addressKey: string) => `newsletter-${addressKey}`;
export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;
export const templateRequestStream = (requestId: string) => `template-request-${requestId}`;
export const memberMessageStream = (messageId: string) => `member-message-${messageId}`;
