import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, makeMembers, type Member } from '../fixtures/members.js';
import { MASS_EMAIL_MESSAGES } from '../../src/domain/mass-email/rules.js';
import { UNSUBSCRIBE_LISTS, UNSUBSCRIBE_MESSAGES } from '../../src/domain/accounts/rules.js';
import { computeReport, replayFacts } from '../../src/projections/analytics-replay.js';
import { userById } from '../../src/projections/read-models/users/queries.js';

type Json = Record<string, unknown>;
interface Progress {
  campaignId: string;
  total: number;
  delivered: number;
  failed: number;
  skipped: number;
  finished: boolean;
}

/** Wide: the campaign goes out at the default throttle (10 a second) on a loaded machine. */
const CAMPAIGN_WAIT_MS = 60_000;
const address = (member: Member) => `${member.username}@members.example`;

describe.each(harnessDatabases())('mass e-mail: $name', (database) => {
  let harness: ApiHarness;
  let admin: Member;
  let member: Member;
  let quiet: Member;
  let members: Member[];

  beforeAll(async () => {
    if (database.skipped) return;
    harness = await startApiHarness({ users: 2, templates: 2, seed: 41 }, { database: database.name });
    admin = await makeMember(harness, { prefix: 'mail_admin', lvl: 'admin' });
    member = await makeMember(harness, { prefix: 'mail_member' });
    quiet = await makeMember(harness, { prefix: 'mail_quiet' });
    members = await makeMembers(harness, 4, { prefix: 'mail_many' });
    // `quiet` turned update e-mails off in their settings.
    expect(
      (await harness.call('POST', '/api/users/me/update', { token: quiet.token, body: { privacy: { allowUpdateEmails: false } } })).status,
    ).toBeLessThan(300);
    await harness.catchUp();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const mailsTo = async (member: Member) => harness.infrastructure.outbox!.list({ to: address(member), limit: 200 });
  const send = (token: string, body: Json) => harness.call<Json>('POST', '/api/zapier/sendEmail', { token, body });
  const finished = async (campaignId: string) => {
    await expect
      .poll(
        async () =>
          (await harness.call<Progress>('GET', `/api/admin/emails/campaigns/${campaignId}`, { token: admin.token })).body.finished,
        { timeout: CAMPAIGN_WAIT_MS, interval: 200 },
      )
      .toBe(true);
    return (await harness.call<Progress>('GET', `/api/admin/emails/campaigns/${campaignId}`, { token: admin.token })).body;
  };

  it("counts each group's recipients as the analysts' replay does, and previews a few", async () => {
    if (database.skipped) return;
    const groups = await harness.call<{ data: { group: string; recipients: number }[] }>('GET', '/api/admin/emails/groups', {
      token: admin.token,
    });
    expect(groups.body.data).toHaveLength(14);
    const replay = computeReport('groups', await replayFacts(harness.infrastructure.store), {});
    expect(groups.body.data.map((size) => [size.group, size.recipients])).toEqual(
      replay.rows.map(([group, recipients]) => [group, recipients]),
    );

    const all = await harness.call<{ count: number; recipients: { _id: string; username: string }[] }>(
      'GET',
      '/api/admin/emails/getRecipients?group=all',
      { token: admin.token },
    );
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(groups.body.data.find((size) => size.group === 'all')!.recipients);
    expect(all.body.recipients.length).toBe(5);
    // `all` reaches those who turned update e-mails off; every other group leaves them out.
    const noCreations = await harness.call<{ count: number }>('GET', '/api/admin/emails/getRecipients?group=noCreations', {
      token: admin.token,
    });
    expect(noCreations.body.count).toBe(all.body.count - 1 - 2); // `quiet`, and the two demo authors who posted
  });

  it('refuses an unknown group, a blank subject or body with a 400 and a clear message', async () => {
    if (database.skipped) return;
    const unknown = await harness.call<Json>('GET', '/api/admin/emails/getRecipients?group=everyone', { token: admin.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`group: ${MASS_EMAIL_MESSAGES.unknownGroup}`);
    const valid = { subject: 'News', body: 'Hello', recipientsGroup: 'all', isTest: false };
    expect((await send(admin.token, { ...valid, subject: '  ' })).body).toEqual({
      error: true,
      message: `subject: ${MASS_EMAIL_MESSAGES.subjectBlank}`,
    });
    expect((await send(admin.token, { ...valid, body: '' })).body).toEqual({
      error: true,
      message: `body: ${MASS_EMAIL_MESSAGES.bodyBlank}`,
    });
    const badGroup = await send(admin.token, { ...valid, recipientsGroup: 'nobody' });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.message).toBe(`recipientsGroup: ${MASS_EMAIL_MESSAGES.unknownGroup}`);
    expect((await harness.call<{ data: unknown[] }>('GET', '/api/admin/emails/campaigns', { token: admin.token })).body.data).toEqual([]);
  });

  it('refuses members who are not admins', async () => {
    if (database.skipped) return;
    expect((await harness.call('GET', '/api/admin/emails/getRecipients?group=all', { token: member.token })).status).toBe(403);
    expect((await send(member.token, { subject: 'x', body: 'y', recipientsGroup: 'all', isTest: true })).status).toBe(403);
    expect((await harness.call('GET', '/api/admin/emails/campaigns', {})).status).toBe(401);
  });

  it('sends a test only to the admin, rendered safely, and starts no campaign', async () => {
    if (database.skipped) return;
    const answer = await send(admin.token, {
      subject: 'Spring news',
      body: '**New** templates <script>alert(1)</script>',
      recipientsGroup: 'all',
      isTest: true,
    });
    expect(answer.body).toEqual({ success: true, message: MASS_EMAIL_MESSAGES.testSent });
    const [mail] = await harness.infrastructure.outbox!.list({ to: address(admin), limit: 5 });
    expect(mail).toMatchObject({ subject: '[Test] Spring news' });
    expect(mail!.html).toContain('<strong>New</strong>');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('/api/emails/unsubscribe?token=');
    expect(await mailsTo(member)).toEqual([]);
    expect((await harness.call<{ data: unknown[] }>('GET', '/api/admin/emails/campaigns', { token: admin.token })).body.data).toEqual([]);
  });

  it('delivers a campaign once to each recipient, respecting update-e-mail settings; a repeated request starts nothing new', async () => {
    if (database.skipped) return;
    const idempotencyKey = randomUUID();
    const request = {
      subject: 'Weekly picks',
      body: 'Our [picks](https://tessera.example/picks)',
      recipientsGroup: 'noCreations',
      isTest: false,
      idempotencyKey,
    };
    const started = await send(admin.token, request);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ success: true, campaignId: idempotencyKey });
    expect((await send(admin.token, request)).body).toMatchObject({ campaignId: idempotencyKey, total: started.body.total });
    const progress = await finished(idempotencyKey);
    expect(progress).toMatchObject({ total: started.body.total, delivered: started.body.total, failed: 0, skipped: 0 });

    for (const recipient of [member, admin, ...members]) {
      const mails = (await mailsTo(recipient)).filter((mail) => mail.subject === 'Weekly picks');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain('href="https://tessera.example/picks"');
      expect(mails[0]!.text).toMatch(/Turn off update e-mails: http:\/\/localhost:3000\/api\/emails\/unsubscribe\?token=/u);
    }
    expect(await mailsTo(quiet)).toEqual([]);
    const list = await harness.call<{ data: Progress[] }>('GET', '/api/admin/emails/campaigns', { token: admin.token });
    expect(list.body.data.map((campaign) => campaign.campaignId)).toEqual([idempotencyKey]);
  });

  it('reaches members with update e-mails off when the group is `all`', async () => {
    if (database.skipped) return;
    const started = await send(admin.token, { subject: 'Terms update', body: 'Our terms changed.', recipientsGroup: 'all', isTest: false });
    const progress = await finished(started.body.campaignId as string);
    expect(progress.delivered).toBe(progress.total);
    expect((await mailsTo(quiet)).map((mail) => mail.subject)).toEqual(['Terms update']);
  });

  it('turns update e-mails off through the signed link, and answers a tampered link with a clear 400 page', async () => {
    if (database.skipped) return;
    await send(admin.token, { subject: 'Unsubscribe check', body: 'Hi', recipientsGroup: 'all', isTest: true });
    const link = new URL(
      (await harness.infrastructure.outbox!.list({ to: address(admin), limit: 1 }))[0]!.text.match(/http\S+unsubscribe\?token=\S+/u)![0],
    );
    const path = `${link.pathname}${link.search}`;
    const page = await harness.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(UNSUBSCRIBE_LISTS.updates.button);
    // Opening the link changes nothing (mail scanners open links).
    expect((await userById(harness.infrastructure.database.db, admin.userId))!.notifications.allowUpdateEmails).not.toBe(false);

    const token = link.searchParams.get('token')!;
    const tampered = `${member.userId}${token.slice(token.indexOf('.'))}`;
    for (const url of [
      `/api/emails/unsubscribe?token=${encodeURIComponent(tampered)}`,
      '/api/emails/unsubscribe?token=nonsense',
      '/api/emails/unsubscribe',
    ]) {
      const refused = await harness.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(UNSUBSCRIBE_MESSAGES.invalid);
    }
    expect((await userById(harness.infrastructure.database.db, member.userId))!.notifications.allowUpdateEmails).not.toBe(false);

    // One-click unsubscribe (RFC 8058) from the mail client.
    const done = await harness.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(UNSUBSCRIBE_LISTS.updates.done);
    await harness.catchUp();
    expect((await userById(harness.infrastructure.database.db, admin.userId))!.notifications.allowUpdateEmails).toBe(false);
    const events = await harness.infrastructure.store.readStream(`user-${admin.userId}`);
    expect(events.at(-1)).toMatchObject({ type: 'NotificationSettingsChanged', data: { settings: { allowUpdateEmails: false } } });
    const withoutAdmin = await harness.call<{ recipients: { _id: string }[]; count: number }>(
      'GET',
      '/api/admin/emails/getRecipients?group=noCreations',
      { token: admin.token },
    );
    expect(withoutAdmin.body.count).toBe(members.length + 1);
  });
});
