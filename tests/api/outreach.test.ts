import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import type { PublicProfile } from '../../src/domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES, UNSUBSCRIBE_LISTS } from '../../src/domain/accounts/rules.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import { isVaultCiphertext } from '../../src/adapters/vault/vault.js';
import type { UserLevel } from '../../src/domain/accounts/events.js';
import type {
  ContactMessageReceived,
  MemberMessageSent,
  NewsletterSubscribed,
  TemplateRequested,
} from '../../src/domain/outreach/events.js';
import { MEMBER_MESSAGE_TEXTS, OUTREACH_LIMITS, OUTREACH_MESSAGES } from '../../src/domain/outreach/rules.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import type { RecordedEvent } from '../../src/domain/shared/events.js';

describe('newsletter, contact, member message, request and blog routes (app.inject on embedded PGlite)', () => {
  let harness: ApiHarness;
  const tokens = {} as Record<'admin' | 'member', string>;

  async function eventsOfType(type: string): Promise<RecordedEvent[]> {
    const events = await harness.infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 5000 });
    return events.filter((event) => event.type === type);
  }

  /** Event data and metadata as text, to check no personal data went in clear. */
  const textOf = (event: RecordedEvent) => JSON.stringify({ data: event.data, metadata: event.metadata });

  const post = (url: string, body: unknown, remoteAddress = '10.0.0.1', token?: string) =>
    harness.call('POST', url, { body, remoteAddress, ...(token === undefined ? {} : { token }) });

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 61 });
    const { accounts } = harness.infrastructure;
    const signedIn = async (name: keyof typeof tokens, lvl: UserLevel) => {
      const { userId } = await accounts.register({
        username: `outreach_${name}`,
        email: `${name}@outreach.example`,
        password: null,
        lvl,
        verification: 'verified',
      });
      const session = await accounts.startSession(userId, 'password', null, { userId, role: 'base' });
      await harness.catchUp(session.position);
      tokens[name] = session.token;
    };
    await signedIn('admin', 'admin');
    await signedIn('member', 'base');
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('POST /api/email/subscribe', () => {
    it('records one encrypted subscription event and answers the spec text; a repeat is answered politely', async () => {
      const first = await post('/api/email/subscribe', { email: 'Ada@Example.com', user: null });
      expect({ status: first.status, body: first.body }).toEqual({
        status: 200,
        body: { success: true, alreadySubscribed: false, message: 'You are successfully subscribed' },
      });

      const again = await post('/api/email/subscribe', { email: 'ada@example.com' });
      expect({ status: again.status, body: again.body }).toEqual({
        status: 200,
        body: { success: true, alreadySubscribed: true, message: OUTREACH_MESSAGES.alreadySubscribed },
      });

      const events = await eventsOfType('NewsletterSubscribed');
      expect(events).toHaveLength(1);
      const event = events[0]!;
      expect(textOf(event)).not.toMatch(/ada@example\.com/iu);
      expect(event.streamId).not.toContain('ada');
      const { subscriberId, emailEnc } = (event as unknown as NewsletterSubscribed).data;
      expect(isVaultCiphertext(emailEnc)).toBe(true);
      expect(await harness.infrastructure.vault.decrypt(subscriberId, emailEnc)).toBe('ada@example.com');
    });

    it('refuses an address that is not one with 400 and the spec message', async () => {
      const answer = await post('/api/email/subscribe', { email: 'ada-at-example' });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { error: true, message: 'email: This does not resemble a valid email address' },
      });
      expect((await post('/api/email/subscribe', {})).status).toBe(400);
    });

    it('answers 429 once one address has used up its attempts', async () => {
      const { max: limit } = RATE_LIMITS.subscribePerEmail;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= limit; attempt += 1) {
        // Different network addresses: the per-address limit is the one that trips.
        statuses.push((await post('/api/email/subscribe', { email: 'grace@example.com' }, `10.1.0.${attempt}`)).status);
      }
      expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
      expect((await post('/api/email/subscribe', { email: 'grace@example.com' }, '10.1.1.1')).body).toEqual({
        error: true,
        message: 'Too many requests. Please try again later.',
      });
    });
  });

  describe('POST /api/contact-us and the admins inbox', () => {
    it('records each message as an event with name, address and text encrypted, and shows it to admins only', async () => {
      const answer = await post(
        '/api/contact-us',
        { name: 'Linus', email: 'linus@example.com', reason: 'reserved-account', message: 'Please release the name linus.' },
        '10.2.0.1',
      );
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: { success: true, message: 'Message sent successfully!' },
      });

      const events = await eventsOfType('ContactMessageReceived');
      expect(events).toHaveLength(1);
      expect(textOf(events[0]!)).not.toMatch(/linus@example|Please release|Linus/u);
      const { data } = events[0] as unknown as ContactMessageReceived;
      expect(data.reason).toBe('reserved-account');
      expect(await harness.infrastructure.runner.waitFor(events[0]!.position, 5_000)).toBe(true);

      const inbox = await harness.call<{ data: Record<string, unknown>[] }>('GET', '/api/admin/contact-messages', { token: tokens.admin });
      expect(inbox.status).toBe(200);
      expect(inbox.body.data).toEqual([
        {
          _id: data.messageId,
          name: 'Linus',
          email: 'linus@example.com',
          message: 'Please release the name linus.',
          reason: 'reserved-account',
          senderUserId: null,
          receivedAt: events[0]!.metadata.occurredAt,
        },
      ]);
    });

    it('refuses the inbox to anonymous callers (401) and to members (403)', async () => {
      expect(await harness.call('GET', '/api/admin/contact-messages')).toMatchObject({
        status: 401,
        body: { error: true, message: ACCESS_MESSAGES.signInRequired },
      });
      expect(await harness.call('GET', '/api/admin/contact-messages', { token: tokens.member })).toMatchObject({
        status: 403,
        body: { error: true, message: 'You do not have permission to access this resource.' },
      });
    });

    it('refuses a bad address, a missing message and an unknown reason with 400', async () => {
      const good = { name: 'Ada', email: 'ada@example.com', message: 'Hi' };
      expect((await post('/api/contact-us', { ...good, email: 'nope' }, '10.2.1.1')).body).toEqual({
        error: true,
        message: 'email: This does not resemble a valid email address',
      });
      const blank = await post('/api/contact-us', { ...good, message: '  ' }, '10.2.1.1');
      expect({ status: blank.status, body: blank.body }).toEqual({
        status: 400,
        body: { error: true, message: 'message: Please enter a message.' },
      });
      expect(await post('/api/contact-us', { ...good, reason: 'spam' }, '10.2.1.1')).toMatchObject({
        status: 400,
        body: { error: true, message: expect.stringMatching(/^reason: must be one of: '/u) },
      });
    });

    it('answers 429 with the spec text once one address has sent its allowance', async () => {
      const { max: limit } = RATE_LIMITS.contactPerEmail;
      const message = { name: 'Mallory', email: 'mallory@example.com', message: 'Hello again' };
      for (let attempt = 0; attempt < limit; attempt += 1)
        expect((await post('/api/contact-us', message, `10.3.0.${attempt}`)).status).toBe(200);
      const refused = await post('/api/contact-us', message, '10.3.1.1');
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 429,
        body: { error: true, message: 'Too many requests. Please try again later.' },
      });
    });
  });

  describe('POST /api/requests', () => {
    it('refuses anonymous callers and records a signed-in member’s request as an event', async () => {
      expect((await post('/api/requests', { description: 'A habit tracker for Notion' })).status).toBe(401);
      expect(await eventsOfType('TemplateRequested')).toEqual([]);

      const answer = await post(
        '/api/requests',
        { description: 'A habit tracker for Notion', platform: 'notion' },
        '10.4.0.1',
        tokens.member,
      );
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 201,
        body: { success: true, message: OUTREACH_MESSAGES.requestSent },
      });
      const [event] = await eventsOfType('TemplateRequested');
      expect((event as unknown as TemplateRequested).data).toMatchObject({
        description: 'A habit tracker for Notion',
        platform: 'notion',
        title: null,
      });
      expect((await post('/api/requests', { description: ' ' }, '10.4.0.1', tokens.member)).status).toBe(400);
    });
  });

  describe("POST /api/users/public/{username}/message: members' messages to each other", () => {
    let sender: Member;
    beforeAll(async () => {
      sender = await makeMember(harness, { prefix: 'writer' });
    });

    const send = (username: string, message: unknown, token: string | null = sender.token) =>
      harness.call<{ success?: boolean; message?: string; error?: string }>('POST', `/api/users/public/${username}/message`, {
        token: token ?? undefined,
        body: { message },
      });
    const profile = async (username: string) =>
      (await harness.call<{ user: PublicProfile }>('GET', `/api/users/public/${username}`)).body.user;
    const mailsTo = async (member: Member) =>
      (await harness.infrastructure.outbox!.list({ to: `${member.username}@members.example`, limit: 50 })).filter((mail) =>
        mail.subject.endsWith('sent you a message on Tessera'),
      );
    const mailed = async () =>
      expect(await harness.infrastructure.memberMessages.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
    const errorOf = (answer: { body: Record<string, unknown> }) => answer.body.message ?? answer.body.error;

    it("e-mails the message whole with the sender's address to answer to, keeps its text out of the log in clear, and its link turns such e-mails off", async () => {
      const recipient = await makeMember(harness, { prefix: 'maker' });
      expect((await profile(recipient.username)).acceptsMessages).toBe(true);
      const text = 'Hello! Could your CRM template\nwork for a team of five?';
      const answer = await send(recipient.username, `  ${text}  `);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 201,
        body: { success: true, message: MEMBER_MESSAGE_TEXTS.sent },
      });
      await mailed();

      const [mail] = await mailsTo(recipient);
      expect(mail!.subject).toBe(`${sender.username} sent you a message on Tessera`);
      expect(mail!.text).toContain(`\n\n${text}\n\n`);
      expect(mail!.text).toContain(`it goes to ${sender.username} at ${sender.username}@members.example`);
      const events = (await harness.infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 10_000 })).filter(
        (event) => event.type === 'MemberMessageSent',
      );
      const { data } = events.at(-1) as unknown as MemberMessageSent;
      expect(data).toMatchObject({ senderId: sender.userId, recipientId: recipient.userId });
      expect(isVaultCiphertext(data.messageEnc)).toBe(true);
      expect(JSON.stringify(events.map((event) => [event.data, event.metadata]))).not.toContain('team of five');

      const link = new URL(mail!.text.match(/Turn off messages from members: (\S+)/u)![1]!);
      expect(link.searchParams.get('list')).toBe('messages');
      const done = await harness.app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain(UNSUBSCRIBE_LISTS.messages.done);
      await harness.catchUp();
      expect((await profile(recipient.username)).acceptsMessages).toBe(false);
      const refused = await send(recipient.username, 'One more?');
      expect({ status: refused.status, message: errorOf(refused) }).toEqual({ status: 403, message: MEMBER_MESSAGE_TEXTS.notAccepting });
    });

    it('does not e-mail a message sent just before the recipient turned messages off', async () => {
      const recipient = await makeMember(harness, { prefix: 'quiet' });
      await harness.infrastructure.memberMessages.stop();
      expect((await send(recipient.username, 'Are you there?')).status).toBe(201);
      expect(
        (await harness.call('POST', '/api/users/me/update', { token: recipient.token, body: { privacy: { allowEmailsFromUsers: false } } }))
          .status,
      ).toBe(200);
      await harness.catchUp();
      harness.infrastructure.memberMessages.start();
      await mailed();
      expect(await mailsTo(recipient)).toEqual([]);
    });

    it('refuses visitors, oneself, unverified senders, unknown and erased members, and empty or too long messages, each with its reason', async () => {
      const recipient = await makeMember(harness, { prefix: 'reader' });
      const unverified = await makeMember(harness, { prefix: 'newcomer', verification: 'pending' });
      const leaving = await makeMember(harness, { prefix: 'leaving' });
      expect(
        (await harness.call('POST', '/api/users/me/delete', { token: leaving.token, body: { password: 'Member#pass1' } })).status,
      ).toBe(200);
      await harness.catchUp();
      const cases = [
        { answer: await send(recipient.username, 'Hi', null), status: 401 },
        { answer: await send(sender.username, 'Hi me'), status: 400, message: MEMBER_MESSAGE_TEXTS.ownProfile },
        { answer: await send(recipient.username, 'Hi', unverified.token), status: 403, message: MEMBER_MESSAGE_TEXTS.verifyFirst },
        { answer: await send('nobody_here_at_all', 'Hi'), status: 404, message: ACCOUNT_MESSAGES.userDoesNotExist },
        { answer: await send(leaving.username, 'Hi'), status: 404, message: ACCOUNT_MESSAGES.userDoesNotExist },
        { answer: await send(recipient.username, '   '), status: 400, message: OUTREACH_MESSAGES.messageRequired },
        {
          answer: await send(recipient.username, 'x'.repeat(OUTREACH_LIMITS.messageMax + 1)),
          status: 400,
          message: `Message must be at most ${OUTREACH_LIMITS.messageMax} characters`,
        },
      ];
      for (const { answer, status, message } of cases) {
        expect(answer.status).toBe(status);
        if (message !== undefined) expect(errorOf(answer)).toContain(message);
      }
      await mailed();
      expect(await mailsTo(recipient)).toEqual([]);
    });

    it(`answers 429 once a member has sent ${RATE_LIMITS.memberMessagesPerUser.max} messages within the hour`, async () => {
      const busy = await makeMember(harness, { prefix: 'busy' });
      const recipient = await makeMember(harness, { prefix: 'popular' });
      for (let index = 0; index < RATE_LIMITS.memberMessagesPerUser.max; index += 1)
        expect((await send(recipient.username, `Message ${index}`, busy.token)).status).toBe(201);
      const refused = await send(recipient.username, 'One too many', busy.token);
      expect({ status: refused.status, message: errorOf(refused) }).toEqual({
        status: 429,
        message: RATE_LIMITS.memberMessagesPerUser.message,
      });
    });
  });

  it('GET /api/blog/posts serves the repository posts when no feed is configured', async () => {
    const answer = await harness.call<{ source: string; posts: { title: string; contentHtml: string }[] }>('GET', '/api/blog/posts');
    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('repository');
    expect(answer.body.posts.length).toBeGreaterThanOrEqual(3);
    for (const blogPost of answer.body.posts) expect(blogPost.contentHtml).not.toMatch(/<script/iu);
  });
});
