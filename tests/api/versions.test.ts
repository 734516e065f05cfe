import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, harnessDatabases, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../src/adapters/payments/sandbox.js';
import { AS_OF_MESSAGES } from '../../src/domain/shared/as-of.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { CHANGE_NOTE_MAX, VERSION_MESSAGES, versionNoticeStream, versionNoticeSubject } from '../../src/domain/templates/versions.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLOW_TIMEOUT_MS = 180_000;

const post = {
  type: 'productivity',
  platform: 'notion',
  description: 'Track invoices in Notion.',
  url: 'https://example.com/invoice-tracker',
  instructions: 'Duplicate it.',
  tags: ['Invoices'],
  images: [] as unknown[],
};

describe.each(harnessDatabases())('versions that reach buyers: $name', (database) => {
  let harness: ApiHarness;
  let sandbox: SandboxPaymentProvider;
  let admin: Member;
  let seller: Member;

  beforeAll(async () => {
    if (database.skipped) return;
    harness = await startApiHarness({ users: 2, templates: 2, seed: 57 }, { database: database.name });
    const provider = harness.infrastructure.payments;
    if (!isSandboxProvider(provider)) throw new Error('The harness runs the sandbox provider');
    sandbox = provider;
    admin = await makeMember(harness, { prefix: 'veradmin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'verseller' });
    await onboardSandboxSeller(harness, seller, 'complete');
  }, FLOW_TIMEOUT_MS);
  afterAll(async () => {
    await harness?.close();
  });

  const approve = async (id: string) =>
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: id, status: 'live' } })).status,
    ).toBe(200);
  const edit = (id: string, body: Json, token = seller.token) => harness.call<Json>('PUT', `/api/resources/${id}`, { token, body });

  async function buy(buyer: Member, id: string) {
    const session = await harness.call<Json>('POST', '/api/create-checkout-session', { token: buyer.token, body: { data: { _id: id } } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(sandbox.openSession(session.body.id)).toBeTruthy();
    const paid = await harness.app.inject({
      method: 'POST',
      url: session.body.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    await harness.call<Json>('POST', '/api/update-resource', { token: buyer.token, body: { id, sessionId: session.body.id } });
    await expect
      .poll(
        async () => (await harness.infrastructure.store.readStream(templateStream(id))).some((event) => event.type === 'TemplatePurchased'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await harness.catchUp();
  }

  it(
    'numbers approved edits as versions with notes, diffs them, and lets a buyer keep or switch; bad input is a clear 4xx',
    async () => {
      if (database.skipped) return;
      const created = await harness.call<Json>('POST', '/api/resources', {
        token: seller.token,
        body: { ...post, title: `Tracker ${randomUUID().slice(0, 8)}`, price: 9 },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.resource._id as string;
      const titleUrl = created.body.resource.titleUrl as string;
      // Not approved yet: no version.
      expect((await harness.call<Json>('GET', `/api/resources/${id}/versions`, { token: seller.token })).body.versions).toEqual([]);
      await approve(id);
      const buyer = await makeMember(harness, { prefix: 'verbuyer' });
      await buy(buyer, id);

      const beforeEdits = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      // A member who saved the post asks to be told about its updates.
      const saver = await makeMember(harness, { prefix: 'versaver' });
      expect((await harness.call<Json>('POST', `/api/resources/save/${id}`, { token: saver.token, body: {} })).status).toBe(200);
      await harness.catchUp();
      expect(
        await harness.call<Json>('POST', `/api/resources/${id}/update-notices`, { token: saver.token, body: { on: true } }),
      ).toMatchObject({ status: 200, body: { on: true, message: VERSION_MESSAGES.noticesOn } });
      expect((await harness.call<Json>('GET', `/api/resources/${id}/versions`, { token: saver.token })).body.viewer.updateNotices).toBe(
        true,
      );

      // A note over the limit is refused, with the rule's message; nothing is saved.
      const tooLong = await edit(id, {
        instructions: 'Duplicate it, then fill in the month.',
        changeNote: 'x'.repeat(CHANGE_NOTE_MAX + 1),
      });
      expect(tooLong).toMatchObject({ status: 400, body: { error: true, message: VERSION_MESSAGES.changeNoteTooLong } });
      expect((await edit(id, { instructions: 'Duplicate it, then fill in the month.', changeNote: ' Clearer steps ' })).status).toBe(200);
      // The edit waits: v2 is not approved yet.
      expect(await harness.call<Json>('GET', `/api/resources/${id}/versions/2`)).toMatchObject({
        status: 404,
        body: { message: VERSION_MESSAGES.notYetApproved },
      });
      await approve(id);
      expect(
        (await edit(id, { link: 'https://example.com/invoice-tracker-2', title: 'Invoice Tracker Pro', changeNote: 'New link' })).status,
      ).toBe(200);
      await approve(id);

      // The buyer and the saver are e-mailed about v3, once each (the reactor's replay sends nothing more).
      const title = 'Invoice Tracker Pro';
      for (const member of [buyer, saver]) {
        await expect
          .poll(async () => (await harness.lastMailTo(`${member.username}@members.example`).catch(() => null))?.subject, {
            timeout: 30_000,
          })
          .toBe(versionNoticeSubject(title, 3));
      }
      const mail = await harness.lastMailTo(`${buyer.username}@members.example`);
      expect(mail.text).toContain('“New link”');
      expect(mail.text).toContain(`/resources/${encodeURIComponent(titleUrl)}?diff=2-3`);
      expect(mail.text).toContain('/api/emails/unsubscribe?list=post-updates&token=');
      const notices = harness.infrastructure.versionNotices;
      expect(await notices.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
      const sentBefore = await harness.infrastructure.database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      const v3 = (await harness.infrastructure.store.readStream(templateStream(id)))
        .filter((event) => event.type === 'TemplateVersionPublished')
        .at(-1)!;
      await notices.reactor.react(v3);
      const sentAfter = await harness.infrastructure.database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      expect(sentAfter?.n).toBe(sentBefore?.n);
      expect((await harness.infrastructure.store.readStream(versionNoticeStream(id, buyer.userId, 3))).map((event) => event.type)).toEqual([
        'VersionNoticeSent',
      ]);

      const listed = await harness.call<Json>('GET', `/api/resources/${id}/versions`, { token: buyer.token });
      expect(listed.body.versions.map((version: Json) => [version.version, version.changeNote, version.changed])).toEqual([
        [3, 'New link', ['title', 'link']],
        [2, 'Clearer steps', ['instructions']],
        [1, null, []],
      ]);
      expect(listed.body.viewer).toEqual({ versionHeld: 1, entitledFrom: 1, latestVersion: 3, updateAvailable: true, updateNotices: null });
      // Public for a live post; the link only for those entitled.
      const anonymous = await harness.call<Json>('GET', `/api/resources/${id}/versions/3`);
      expect(anonymous.body.content).not.toHaveProperty('link');
      expect(anonymous.body.content.title).toBe('Invoice Tracker Pro');
      expect((await harness.call<Json>('GET', `/api/resources/${id}/versions/3`, { token: buyer.token })).body.content.link).toBe(
        'https://example.com/invoice-tracker-2',
      );
      expect(await harness.call<Json>('GET', `/api/resources/${id}/versions/9`)).toMatchObject({
        status: 404,
        body: { message: VERSION_MESSAGES.unknownVersion },
      });

      const diff = await harness.call<Json>('GET', `/api/resources/${id}/versions/1/diff/3`, { token: buyer.token });
      expect(diff.body).toMatchObject({ from: 1, to: 3, changed: ['title', 'instructions', 'link'], linkChanged: true });
      expect(diff.body.instructions.map((change: Json) => [change.op, change.text.trim()])).toEqual([
        ['same', 'Duplicate'],
        ['removed', 'it.'],
        ['added', 'it, then fill in the month.'],
      ]);
      expect(diff.body.links).toEqual({ from: post.url, to: 'https://example.com/invoice-tracker-2' });
      expect((await harness.call<Json>('GET', `/api/resources/${id}/versions/1/diff/3`)).body).not.toHaveProperty('links');

      // "See it" opens the version held (v1), until the buyer switches; the purchased list says "Updated".
      expect((await harness.call<Json>('GET', `/api/decode-link/${id}`, { token: buyer.token })).body).toMatchObject({
        link: post.url,
        version: 1,
      });
      const purchased = await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: buyer.token });
      expect(purchased.body.updated).toBe(1);
      expect(purchased.body.resources[0]).toMatchObject({ versionHeld: 1, latestVersion: 3, updateAvailable: true });
      const choose = (member: Member, version: unknown) =>
        harness.call<Json>('POST', `/api/resources/${id}/version-choice`, { token: member.token, body: { version } });
      expect(await choose(buyer, 3)).toMatchObject({ status: 200, body: { versionHeld: 3 } });
      expect((await harness.call<Json>('GET', `/api/decode-link/${id}`, { token: buyer.token })).body).toMatchObject({
        link: 'https://example.com/invoice-tracker-2',
        version: 3,
      });
      expect((await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: buyer.token })).body.updated).toBe(0);
      // Back to the one bought is allowed; a version not published, or by a non-buyer, is refused.
      expect((await choose(buyer, 1)).status).toBe(200);
      expect(await choose(buyer, 4)).toMatchObject({ status: 404, body: { message: VERSION_MESSAGES.unknownVersion } });
      expect(await choose(buyer, 'two')).toMatchObject({ status: 400, body: { error: true } });
      const stranger = await makeMember(harness, { prefix: 'verstranger' });
      expect(await choose(stranger, 2)).toMatchObject({ status: 403, body: { message: VERSION_MESSAGES.notABuyer } });
      // Update notices are for members who saved the post.
      expect(
        await harness.call<Json>('POST', `/api/resources/${id}/update-notices`, { token: stranger.token, body: { on: true } }),
      ).toMatchObject({ status: 403, body: { message: VERSION_MESSAGES.notSaved } });
      // As of a moment: the author and admins see the post as it was then; others are refused.
      const asOf = (moment: string, token?: string) =>
        harness.call<Json>('GET', `/api/resources/view/${titleUrl}?asOf=${encodeURIComponent(moment)}`, token ? { token } : {});
      const then = await asOf(beforeEdits, seller.token);
      expect(then.status, JSON.stringify(then.body)).toBe(200);
      expect(then.body.asOf).toMatchObject({
        status: 'live',
        version: 1,
        sponsored: false,
        content: { instructions: 'Duplicate it.', url: post.url },
        counts: { buyers: 1, saves: 0 },
      });
      expect(then.body.data.title).toBe('Invoice Tracker Pro');
      expect((await asOf(new Date().toISOString(), admin.token)).body.asOf).toMatchObject({
        version: 3,
        content: { title: 'Invoice Tracker Pro' },
        counts: { saves: 1 },
      });
      expect(await asOf(beforeEdits, buyer.token)).toMatchObject({ status: 403, body: { message: VERSION_MESSAGES.asOfForbidden } });
      expect((await asOf(beforeEdits)).status).toBe(403);
      expect(await asOf('2000-01-01T00:00:00Z', seller.token)).toMatchObject({
        status: 404,
        body: { message: AS_OF_MESSAGES.beforePost },
      });
      expect(await asOf('yesterday', seller.token)).toMatchObject({ status: 400, body: { message: AS_OF_MESSAGES.malformed } });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      expect(await asOf(tomorrow, seller.token)).toMatchObject({ status: 400, body: { message: AS_OF_MESSAGES.inFuture } });
      expect((await harness.call<Json>('GET', `/api/resources/${titleUrl}`, { token: buyer.token })).status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );
});
