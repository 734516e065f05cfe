import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../../tests/fixtures/members.js';
import { START_OF_LOG } from '../../adapters/eventstore/port.js';
import { isVaultCiphertext } from '../../adapters/vault/vault.js';
import type { PublicProfile } from '../../domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES, UNSUBSCRIBE_LISTS } from '../../domain/accounts/rules.js';
import type { MemberMessageSent } from '../../domain/outreach/events.js';
import { MEMBER_MESSAGE_TEXTS, OUTREACH_LIMITS, OUTREACH_MESSAGES } from '../../domain/outreach/rules.js';
import { RATE_LIMITS } from '../../domain/shared/rate-limits.js';

describe("members' messages to each other (app.inject on embedded PGlite)", () => {
  let harness: ApiHarness;
  let sender: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 67 });
    sender = await makeMember(harness, { prefix: 'writer' });
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** `token` null: a visitor's request. */
  const send = (username: string, message: unknown, token: string | null = sender.token) =>
    harness.call<{ success?: boolean; message?: string; error?: string }>('POST', `/api/users/public/${username}/message`, { token: token ?? undefined, body: { message } });
  const profile = async (username: string) => (await harness.call<{ user: PublicProfile }>('GET', `/api/users/public/${username}`)).body.user;
  const mailsTo = async (member: Member) =>
    (await harness.infrastructure.outbox!.list({ to: `${member.username}@members.example`, limit: 50 })).filter((mail) => mail.subject.endsWith('sent you a message on Tessera'));
  const mailed = async () => expect(await harness.infrastructure.memberMessages.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
  const errorOf = (answer: { body: Record<string, unknown> }) => answer.body.message ?? answer.body.error;

  it("e-mails the message whole with the sender's address to answer to, keeps its text out of the log in clear, and its link turns such e-mails off", async () => {
    const recipient = await makeMember(harness, { prefix: 'maker' });
    expect((await profile(recipient.username)).acceptsMessages).toBe(true);
    const text = 'Hello! Could your CRM template\nwork for a team of five?';
    const answer = await send(recipient.username, `  ${text}  `);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 201, body: { success: true, message: MEMBER_MESSAGE_TEXTS.sent } });
    await mailed();

    const [mail] = await mailsTo(recipient);
    expect(mail!.subject).toBe(`${sender.username} sent you a message on Tessera`);
    expect(mail!.text).toContain(`\n\n${text}\n\n`);
    expect(mail!.text).toContain(`it goes to ${sender.username} at ${sender.username}@members.example`);
    const events = (await harness.infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 10_000 })).filter((event) => event.type === 'MemberMessageSent');
    const { data } = events.at(-1) as unknown as MemberMessageSent;
    expect(data).toMatchObject({ senderId: sender.userId, recipientId: recipient.userId });
    expect(isVaultCiphertext(data.messageEnc)).toBe(true);
    expect(JSON.stringify(events.map((event) => [event.data, event.metadata]))).not.toContain('team of five');

    const link = new URL(mail!.text.match(/Turn off messages from members: (\S+)/u)![1]!);
    expect(link.searchParams.get('list')).toBe('messages');
    const done = await harness.app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
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
    expect((await harness.call('POST', '/api/users/me/update', { token: recipient.token, body: { privacy: { allowEmailsFromUsers: false } } })).status).toBe(200);
    await harness.catchUp();
    harness.infrastructure.memberMessages.start();
    await mailed();
    expect(await mailsTo(recipient)).toEqual([]);
  });

  it('refuses visitors, oneself, unverified senders, unknown and erased members, and empty or too long messages, each with its reason', async () => {
    const recipient = await makeMember(harness, { prefix: 'reader' });
    const unverified = await makeMember(harness, { prefix: 'newcomer', verification: 'pending' });
    const leaving = await makeMember(harness, { prefix: 'leaving' });
    expect((await harness.call('POST', '/api/users/me/delete', { token: leaving.token, body: { password: 'Member#pass1' } })).status).toBe(200);
    await harness.catchUp();
    const cases = [
      { answer: await send(recipient.username, 'Hi', null), status: 401 },
      { answer: await send(sender.username, 'Hi me'), status: 400, message: MEMBER_MESSAGE_TEXTS.ownProfile },
      { answer: await send(recipient.username, 'Hi', unverified.token), status: 403, message: MEMBER_MESSAGE_TEXTS.verifyFirst },
      { answer: await send('nobody_here_at_all', 'Hi'), status: 404, message: ACCOUNT_MESSAGES.userDoesNotExist },
      { answer: await send(leaving.username, 'Hi'), status: 404, message: ACCOUNT_MESSAGES.userDoesNotExist },
      { answer: await send(recipient.username, '   '), status: 400, message: OUTREACH_MESSAGES.messageRequired },
      { answer: await send(recipient.username, 'x'.repeat(OUTREACH_LIMITS.messageMax + 1)), status: 400, message: `Message must be at most ${OUTREACH_LIMITS.messageMax} characters` },
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
    for (let index = 0; index < RATE_LIMITS.memberMessagesPerUser.max; index += 1) expect((await send(recipient.username, `Message ${index}`, busy.token)).status).toBe(201);
    const refused = await send(recipient.username, 'One too many', busy.token);
    expect({ status: refused.status, message: errorOf(refused) }).toEqual({ status: 429, message: RATE_LIMITS.memberMessagesPerUser.message });
  });
});
