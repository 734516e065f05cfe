import { describe, expect, it } from 'vitest';

import { deciderSpec } from '../shared/decider-spec.js';
import { contactMessageDecider, memberMessageDecider, newsletterDecider, templateRequestDecider } from './decider.js';
import type { ContactMessageReceived, MemberMessageSent, NewsletterSubscribed, TemplateRequested } from './events.js';
import { acceptsMemberMessages } from './rules.js';
import { contactMessageSchema, subscribeSchema, templateRequestSchema } from './schemas.js';

const subscribed: NewsletterSubscribed = { type: 'NewsletterSubscribed', data: { subscriberId: 's1', emailEnc: 'pd1:x', userId: null } };
const received: ContactMessageReceived = {
  type: 'ContactMessageReceived',
  data: { messageId: 'm1', nameEnc: 'pd1:n', emailEnc: 'pd1:e', messageEnc: 'pd1:m', reason: 'marketing', senderUserId: null },
};
const requested: TemplateRequested = {
  type: 'TemplateRequested',
  data: { requestId: 'r1', userId: 'u1', title: null, description: 'A CRM in Notion', platform: 'notion' },
};

describe('newsletter decider', () => {
  const spec = deciderSpec(newsletterDecider);

  it('subscribes a new address', () => {
    spec.given([]).when({ type: 'Subscribe', data: subscribed.data }).then([subscribed]);
  });

  it('records nothing for an address that is already subscribed', () => {
    spec.given([subscribed]).when({ type: 'Subscribe', data: subscribed.data }).then([]);
  });
});

const messaged: MemberMessageSent = {
  type: 'MemberMessageSent',
  data: { messageId: 'mm1', senderId: 'u1', recipientId: 'u2', messageEnc: 'pd1:m' },
};

describe('contact message, member message and template request deciders', () => {
  it('receives a message once', () => {
    const spec = deciderSpec(contactMessageDecider);
    spec.given([]).when({ type: 'SendContactMessage', data: received.data }).then([received]);
    spec.given([received]).when({ type: 'SendContactMessage', data: received.data }).thenThrows('conflict');
  });

  it("sends a member's message once", () => {
    const spec = deciderSpec(memberMessageDecider);
    spec.given([]).when({ type: 'SendMemberMessage', data: messaged.data }).then([messaged]);
    spec.given([messaged]).when({ type: 'SendMemberMessage', data: messaged.data }).thenThrows('conflict');
  });

  it('receives a request once', () => {
    const spec = deciderSpec(templateRequestDecider);
    spec.given([]).when({ type: 'RequestTemplate', data: requested.data }).then([requested]);
    spec.given([requested]).when({ type: 'RequestTemplate', data: requested.data }).thenThrows('conflict');
  });
});

describe('outreach rules', () => {
  it('refuses an address that does not look like one, with the spec message', () => {
    const result = subscribeSchema.safeParse({ email: 'not-an-address' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('This does not resemble a valid email address');
  });

  it('requires name, e-mail and message but not the reason, and only known reasons', () => {
    expect(contactMessageSchema.safeParse({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ name: ' ', email: 'ada@example.com', message: 'Hello' }).error?.issues[0]?.message).toBe(
      'Please enter your name.',
    );
    expect(contactMessageSchema.safeParse({ name: 'Ada', email: 'ada@example.com', message: 'Hi', reason: 'spam' }).success).toBe(false);
  });

  it('takes messages for members who are there, not blocked, and have not turned them off (on unless turned off)', () => {
    const member = { erased: false, verification: 'verified', notifications: {} };
    expect(acceptsMemberMessages(member)).toBe(true);
    expect(acceptsMemberMessages({ ...member, verification: 'pending' })).toBe(true);
    expect(acceptsMemberMessages({ ...member, notifications: { allowEmailsFromUsers: false } })).toBe(false);
    expect(acceptsMemberMessages({ ...member, verification: 'blocked' })).toBe(false);
    expect(acceptsMemberMessages({ ...member, erased: true })).toBe(false);
  });

  it('requires a description for a template request', () => {
    expect(templateRequestSchema.safeParse({ description: '   ' }).success).toBe(false);
  });
});
