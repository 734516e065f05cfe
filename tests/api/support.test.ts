import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import { isVaultCiphertext } from '../../src/adapters/vault/vault.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/accounts/rules.js';
import { NOT_YOUR_CONVERSATION } from '../../src/domain/support/decider.js';
import { conversationStream, type BetaFeedbackReceived, type SupportChatAnswered } from '../../src/domain/support/events.js';
import { SUPPORT_MESSAGES } from '../../src/domain/support/rules.js';
import { CHAT_GUEST_COOKIE } from '../../src/api/routes/support/index.js';

type ChatAnswer = { reply: string; sources: { title: string; path: string }[]; conversationId: string; known: boolean; message?: string };
const guest = { userName: 'Grace Guest', userEmail: 'grace@guest.example' };

describe('support chatbot and beta feedback routes, offline (app.inject on embedded PGlite)', () => {
  let harness: ApiHarness;
  let adminToken: string;
  let memberToken: string;
  let otherMemberToken: string;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 81 });
    const { accounts } = harness.infrastructure;
    const tokenFor = async (username: string, lvl: 'admin' | 'base') => {
      const { userId } = await accounts.register({
        username,
        email: `${username}@support.example`,
        password: null,
        lvl,
        verification: 'verified',
      });
      const session = await accounts.startSession(userId, 'password', null, { userId, role: 'base' });
      await harness.catchUp(session.position);
      return session.token;
    };
    adminToken = await tokenFor('support_admin', 'admin');
    memberToken = await tokenFor('support_member', 'base');
    otherMemberToken = await tokenFor('support_other_member', 'base');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const chat = (body: unknown, token?: string) =>
    harness.call<ChatAnswer>('POST', '/api/chatbot/chat', { body, token, remoteAddress: '10.3.0.1' });

  it('answers how to delete an account with the self-service path of /account, not "ask us"', async () => {
    const answer = await chat({ message: 'how do I delete my account', ...guest });
    expect(answer.status).toBe(200);
    expect(answer.body.reply).toContain('To delete your account, choose Delete account and type DELETE to confirm');
    expect(answer.body.sources[0]!.path).toBe('/account');
    expect(answer.body.reply).not.toMatch(/ask us to delete|contact us/u);
  });

  it.each([
    ['Who handles refunds?', '/sellers', 'You and the buyer, first'],
    ['How old do I have to be to use Tessera?', '/terms-of-service', 'You must be at least 13 years old to use Tessera.'],
    ['How long is my cookie choice remembered?', '/cookie-policy', 'Your cookie choice is remembered for 150 days.'],
  ])('answers %j offline from the help pages, citing its source', async (message, path, quoted) => {
    const answer = await chat({ message, ...guest });
    expect(answer.status).toBe(200);
    expect(answer.body.known).toBe(true);
    expect(answer.body.reply).toContain(quoted);
    expect(answer.body.reply.startsWith(SUPPORT_MESSAGES.offlineIntro)).toBe(true);
    expect(answer.body.sources.map((source) => source.path)).toContain(path);
  });

  it('says when the help pages do not know, and when it did not understand', async () => {
    const unknown = await chat({ message: 'What is the weather in Paris tomorrow?' }, memberToken);
    expect(unknown.body).toMatchObject({ reply: SUPPORT_MESSAGES.dontKnow, sources: [], known: false });
    const noWords = await chat({ message: '???' }, memberToken);
    expect(noWords.body).toMatchObject({ reply: SUPPORT_MESSAGES.notUnderstood, known: false });
  });

  it('asks guests for a name and an e-mail address, and refuses an empty message', async () => {
    for (const body of [{ message: 'Who handles refunds?' }, { message: 'Who handles refunds?', userName: 'Grace' }]) {
      const answer = await chat(body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message: expect.stringContaining(SUPPORT_MESSAGES.nameAndEmailRequired),
      });
    }
    // A guest who gave both is told what is wrong with the address, not asked to provide it.
    const badAddress = await chat({ message: 'Hi', userName: 'Grace', userEmail: 'grace@example' });
    expect({ status: badAddress.status, message: badAddress.body.message }).toEqual({
      status: 400,
      message: expect.stringContaining(ACCOUNT_MESSAGES.emailInvalid),
    });
    expect((await chat({ message: '   ' }, memberToken)).status).toBe(400);
  });

  it('takes feedback with a selection only ("Please select an option."), from guests with their details', async () => {
    const post = (body: unknown, token?: string) =>
      harness.call<{ message: string }>('POST', '/api/chatbot/feedback', { body, token, remoteAddress: '10.3.0.2' });
    const noSelection = await post({ betaText: 'Broken button', currentPage: '/search' }, memberToken);
    expect({ status: noSelection.status, message: noSelection.body.message }).toEqual({
      status: 400,
      message: expect.stringContaining(SUPPORT_MESSAGES.selectOption),
    });
    const guestWithout = await post({ betaSelection: 'Idea', betaText: 'Dark mode' });
    expect(guestWithout.body.message).toBe(SUPPORT_MESSAGES.nameAndEmailRequired);
    const sent = await post({
      betaSelection: 'Issue',
      betaText: 'The search box loses my text',
      isLoggedIn: false,
      currentPage: '/search',
      timestamp: new Date().toISOString(),
      ...guest,
    });
    expect({ status: sent.status, message: sent.body.message }).toEqual({ status: 201, message: SUPPORT_MESSAGES.feedbackThanks });
  });

  it('keeps the guest’s name, address and words encrypted in the events, and shows them to admins only', async () => {
    await chat({ message: 'Who handles refunds for my order 4471?', ...guest });
    const events = await harness.infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 10_000 });
    const support = events.filter((event) => event.type === 'BetaFeedbackReceived' || event.type === 'SupportChatAnswered');
    expect(support.length).toBeGreaterThan(3);
    const text = JSON.stringify(support.map((event) => event.data));
    for (const personal of ['Grace Guest', 'grace@guest.example', 'The search box loses my text', 'order 4471'])
      expect(text).not.toContain(personal);
    const feedback = support.find((event) => event.type === 'BetaFeedbackReceived')!.data as BetaFeedbackReceived['data'];
    expect([feedback.nameEnc, feedback.emailEnc, feedback.textEnc].every(isVaultCiphertext)).toBe(true);
    const exchange = support.find((event) => event.type === 'SupportChatAnswered')!.data as SupportChatAnswered['data'];
    expect(isVaultCiphertext(exchange.questionEnc)).toBe(true);

    await harness.catchUp();
    const feedbackList = await harness.call<{ data: { betaSelection: string; betaText: string; userEmail: string }[] }>(
      'GET',
      '/api/admin/support/feedback',
      { token: adminToken },
    );
    expect(feedbackList.body.data[0]).toMatchObject({
      betaSelection: 'Issue',
      betaText: 'The search box loses my text',
      userEmail: 'grace@guest.example',
    });
    const chats = await harness.call<{ data: { question: string; userName: string; sources: { path: string }[] }[] }>(
      'GET',
      '/api/admin/support/chats',
      { token: adminToken },
    );
    expect(chats.body.data[0]).toMatchObject({ question: 'Who handles refunds for my order 4471?', userName: 'Grace Guest' });
    expect(chats.body.data[0]!.sources[0]!.path).toBe('/sellers');
    expect((await harness.call('GET', '/api/admin/support/chats', { token: memberToken })).status).toBe(403);
  });

  describe('a conversation is written to only by whoever started it', () => {
    /** Sends with the guest cookie `guestCookie` (none for a fresh guest) and returns the answer and the guest cookie the browser holds after it. */
    async function chatAs(body: Record<string, unknown>, who: { token?: string; guestCookie?: string }) {
      const answer = await harness.call<ChatAnswer>('POST', '/api/chatbot/chat', {
        body,
        token: who.token,
        headers: who.guestCookie ? { cookie: `${CHAT_GUEST_COOKIE}=${who.guestCookie}` } : {},
        remoteAddress: '10.3.0.4',
      });
      const setCookie = [answer.headers['set-cookie'] ?? []].flat().join('\n');
      const guestCookie = new RegExp(`${CHAT_GUEST_COOKIE}=([^;]+)`, 'u').exec(setCookie)?.[1] ?? who.guestCookie;
      return { answer, guestCookie };
    }
    const exchangesIn = async (conversationId: string) =>
      (await harness.infrastructure.store.readStream(conversationStream(conversationId))).length;

    it('refuses another member, and records nothing; the member who started it goes on', async () => {
      const conversationId = crypto.randomUUID();
      expect((await chatAs({ message: 'Who handles refunds?', conversationId }, { token: memberToken })).answer.status).toBe(200);
      const intruder = await chatAs({ message: 'Injected by another member', conversationId }, { token: otherMemberToken });
      expect({ status: intruder.answer.status, message: intruder.answer.body.message }).toEqual({
        status: 403,
        message: NOT_YOUR_CONVERSATION,
      });
      expect(await exchangesIn(conversationId)).toBe(1);
      expect((await chatAs({ message: 'How do I reset my password?', conversationId }, { token: memberToken })).answer.status).toBe(200);
      expect(await exchangesIn(conversationId)).toBe(2);
    });

    it('refuses another guest, and a guest in a member’s conversation; the guest who started it goes on', async () => {
      const conversationId = crypto.randomUUID();
      const owner = await chatAs({ message: 'Who handles refunds?', conversationId, ...guest }, {});
      expect(owner.answer.status).toBe(200);
      expect(owner.guestCookie).toMatch(/^[A-Za-z0-9_-]{32,}$/u);
      const otherGuest = { userName: 'Mallory', userEmail: 'mallory@guest.example' };
      for (const guestCookie of [undefined, 'A'.repeat(32)]) {
        const intruder = await chatAs({ message: 'Injected by another guest', conversationId, ...otherGuest }, { guestCookie });
        expect({ status: intruder.answer.status, message: intruder.answer.body.message }).toEqual({
          status: 403,
          message: NOT_YOUR_CONVERSATION,
        });
      }
      expect((await chatAs({ message: 'Injected by a member', conversationId }, { token: memberToken })).answer.status).toBe(403);
      expect(await exchangesIn(conversationId)).toBe(1);
      expect(
        (await chatAs({ message: 'How do I reset my password?', conversationId, ...guest }, { guestCookie: owner.guestCookie })).answer
          .status,
      ).toBe(200);
      expect(await exchangesIn(conversationId)).toBe(2);

      const membersConversation = crypto.randomUUID();
      await chatAs({ message: 'Who handles refunds?', conversationId: membersConversation }, { token: memberToken });
      expect(
        (
          await chatAs(
            { message: 'Injected by a guest', conversationId: membersConversation, ...guest },
            { guestCookie: owner.guestCookie },
          )
        ).answer.status,
      ).toBe(403);
      expect(await exchangesIn(membersConversation)).toBe(1);
    });

    it('lets a guest who signs in on the same browser go on (their chat cookie goes with them), and nobody else', async () => {
      const conversationId = crypto.randomUUID();
      const asGuest = await chatAs({ message: 'Who handles refunds?', conversationId, ...guest }, {});
      expect(asGuest.answer.status).toBe(200);
      const signedIn = await chatAs(
        { message: 'How do I reset my password?', conversationId },
        { token: memberToken, guestCookie: asGuest.guestCookie },
      );
      expect(signedIn.answer.status).toBe(200);
      // A member is given no chat cookie: the one they hold stays theirs.
      expect(signedIn.answer.headers['set-cookie']).toBeUndefined();
      for (const intruder of [{ token: otherMemberToken }, { token: otherMemberToken, guestCookie: 'B'.repeat(32) }]) {
        const refused = await chatAs({ message: 'Injected by another member', conversationId }, intruder);
        expect({ status: refused.answer.status, message: refused.answer.body.message }).toEqual({
          status: 403,
          message: NOT_YOUR_CONVERSATION,
        });
      }
      // Signed out again on that browser, they are the guest who started it.
      expect(
        (await chatAs({ message: 'Who handles refunds?', conversationId, ...guest }, { guestCookie: asGuest.guestCookie })).answer.status,
      ).toBe(200);
      expect(await exchangesIn(conversationId)).toBe(3);
    });

    it('keeps a member’s conversation closed to the browser’s guest cookie once they sign out', async () => {
      const conversationId = crypto.randomUUID();
      const { guestCookie } = await chatAs({ message: 'Who handles refunds?', conversationId: crypto.randomUUID(), ...guest }, {});
      expect((await chatAs({ message: 'Who handles refunds?', conversationId }, { token: memberToken, guestCookie })).answer.status).toBe(
        200,
      );
      const signedOut = await chatAs({ message: 'How do I reset my password?', conversationId, ...guest }, { guestCookie });
      expect({ status: signedOut.answer.status, message: signedOut.answer.body.message }).toEqual({
        status: 403,
        message: NOT_YOUR_CONVERSATION,
      });
      // The member's exchange does not tie their account to the browser's guest conversations.
      const [exchange] = await harness.infrastructure.store.readStream(conversationStream(conversationId));
      expect((exchange!.data as SupportChatAnswered['data']).guestKey).toBeNull();
    });
  });

  it('erases what a member typed when the member deletes the account (crypto-shredding)', async () => {
    const { accounts } = harness.infrastructure;
    const { userId } = await accounts.register({
      username: 'support_leaver',
      email: 'leaver@support.example',
      password: null,
      lvl: 'base',
      verification: 'verified',
    });
    const session = await accounts.startSession(userId, 'password', null, { userId, role: 'base' });
    await harness.catchUp(session.position);
    await harness.call('POST', '/api/chatbot/feedback', {
      body: { betaSelection: 'Other', betaText: 'Leaver feedback 9911' },
      token: session.token,
      remoteAddress: '10.3.0.9',
    });
    await chat({ message: 'Leaver question 9911 about refunds' }, session.token);
    await harness.catchUp();
    await accounts.deleteAccount(userId, { userId, role: 'base' });
    const feedback = await harness.call<{ data: { userId: string | null; betaText: string | null }[] }>(
      'GET',
      '/api/admin/support/feedback',
      { token: adminToken },
    );
    expect(feedback.body.data.find((row) => row.userId === userId)).toMatchObject({ betaText: null });
    const chats = await harness.call<{ data: { userId: string | null; question: string | null }[] }>('GET', '/api/admin/support/chats', {
      token: adminToken,
    });
    expect(chats.body.data.find((row) => row.userId === userId)).toMatchObject({ question: null });
  });
});
