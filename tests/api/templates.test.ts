import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_MS, harnessDatabases, startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { publishTemplate } from '../fixtures/templates.js';
import { createPageMetadataSuggester, SUGGESTION_MESSAGES } from '../../src/adapters/ai/template-suggester.js';
import type { UserLevel, VerificationStatus } from '../../src/domain/accounts/events.js';
import { likeDecider } from '../../src/domain/engagement/decider.js';
import { FLAGS_FOR_REVIEW } from '../../src/domain/engagement/rules.js';
import { likeStream } from '../../src/domain/engagement/events.js';
import { IMAGE_EXTENSIONS, IMAGE_MESSAGES } from '../../src/domain/shared/images.js';
import { templateDecider, type TemplateCommand } from '../../src/domain/templates/decider.js';
import { templateFormStream, templateStream } from '../../src/domain/templates/events.js';
import { ADMIN_VIEW_OWNERS_SHOWN, TEMPLATE_LIMITS, TEMPLATE_MESSAGES, TEMPLATE_SPONSOR_LIMIT } from '../../src/domain/templates/rules.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { buildApp } from '../../src/api/app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let harness: ApiHarness;
const users = {} as Record<'author' | 'other' | 'unverified' | 'admin' | 'owner', { userId: string; token: string; username: string }>;

async function makeUser(name: keyof typeof users, lvl: UserLevel, verification: VerificationStatus) {
  const { accounts } = harness.infrastructure;
  const username = `life_${name}`;
  const { userId } = await accounts.register({
    username,
    email: `${name}@life.example`,
    password: null,
    passwordHash: 'unused',
    lvl,
    verification,
  });
  const session = await accounts.startSession(userId, 'password', null, { userId, role: lvl });
  await harness.catchUp(session.position);
  users[name] = { userId, token: session.token, username };
}

const validPost = {
  type: 'productivity',
  platform: 'notion',
  title: 'Weekly Planner',
  description: 'Plan the week in Notion.',
  url: 'https://example.com/weekly-planner',
  instructions: 'Duplicate it.\nFill in your tasks.',
  tags: ['Planner'],
  images: [] as unknown[],
  price: 0,
};

async function create(token: string, overrides: Json = {}) {
  return harness.call<Json>('POST', '/api/resources', { token, body: { ...validPost, ...overrides } });
}

async function createdId(overrides: Json = {}, token = users.author.token): Promise<{ id: string; titleUrl: string }> {
  const answer = await create(token, overrides);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.resource._id, titleUrl: answer.body.resource.titleUrl };
}

const decide = (id: string, status: string, token = users.admin.token, extra: Json = {}) =>
  harness.call<Json>('PUT', '/api/admin/resources/update', { token, body: { _id: id, status, ...extra } });

async function approved(overrides: Json = {}) {
  const post = await createdId(overrides);
  expect((await decide(post.id, 'live')).status).toBe(200);
  return post;
}

/** Runs a template command directly, as other areas will (flags reactor, commerce). */
async function command(id: string, cmd: TemplateCommand) {
  const result = await harness.infrastructure.commands.handle(templateDecider, templateStream(id), cmd, {
    actor: { userId: null, role: 'system' },
  });
  await harness.catchUp(result.position);
}

const head = () => harness.infrastructure.store.headPosition();
const row = (id: string) => harness.infrastructure.database.db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();

function multipart(fileName: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = '----tessera-life';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

beforeAll(async () => {
  harness = await startApiHarness({ users: 2, templates: 2, seed: 41 });
  await makeUser('author', 'base', 'verified');
  await makeUser('other', 'base', 'verified');
  await makeUser('unverified', 'base', 'pending');
  await makeUser('admin', 'admin', 'verified');
  await makeUser('owner', 'owner', 'verified');
});
afterAll(async () => {
  await harness?.close();
});

describe('create', () => {
  it('creates a post under review with normalised keywords, type and platform tags first', async () => {
    const answer = await create(users.author.token, { tags: ['Planner', ' planner', 'NOTION', 'productivity'] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      error: false,
      message: TEMPLATE_MESSAGES.created,
      redirect: `/resources/${answer.body.resource.titleUrl}`,
    });
    expect(answer.body.resource).toMatchObject({
      status: 'under review',
      statusLabel: 'Under Review',
      keywords: ['productivity', 'notion', 'planner'],
      topic: 'productivity',
      platform: 'notion',
    });
    const [submitted] = await harness.infrastructure.store.readStream(templateStream(answer.body.resource._id));
    expect(submitted).toMatchObject({ type: 'TemplateSubmitted', metadata: { actor: { userId: users.author.userId, role: 'base' } } });
  });

  it('is for verified users only', async () => {
    const before = await head();
    expect(await create(users.unverified.token)).toMatchObject({ status: 403, body: { message: ACCESS_MESSAGES.verifiedOnly } });
    expect((await harness.call('POST', '/api/resources', { body: validPost })).status).toBe(401);
    expect(await head()).toBe(before);
  });

  it('refuses one past every limit, 4 tags, javascript: URLs and prices, writing nothing', async () => {
    const cases: [Json, string][] = [
      [{ url: `https://example.com/${'a'.repeat(301 - 'https://example.com/'.length)}` }, 'URL must be at most 300 characters'],
      [{ title: 't'.repeat(51) }, 'Title must be at most 50 characters'],
      [{ description: 'd'.repeat(151) }, 'Description must be at most 150 characters'],
      [{ instructions: 'i'.repeat(1501) }, 'Instructions must be at most 1500 characters'],
      [{ tags: ['one', 'two', 'three', 'four'] }, 'At most 3 keywords'],
      [{ url: 'javascript:alert(document.cookie)' }, 'Please enter a valid URL starting with http:// or https://'],
      [{ url: 'https://bit.ly/abc' }, 'Please use a direct domain to your template.'],
      // What the form marks 'URL is not valid' (it puts https:// before 'nonsense').
      [{ url: 'https://nonsense' }, 'URL is not valid'],
      [{ title: '   ' }, 'Title is required'],
      [{ price: 250 }, 'Price should not exceed $249'],
      // Checked before the payout account: such a price would be rounded (0.001 became a free post).
      [{ price: 0.001 }, TEMPLATE_MESSAGES.priceBelowMinimum],
      [{ price: '4.999' }, TEMPLATE_MESSAGES.priceNotWholeCents],
      [{ price: 'abc' }, TEMPLATE_MESSAGES.invalidPrice],
      [{ price: 5 }, 'Selling needs a connected payout account'],
      [{ images: ['https://evil.example/track.gif'] }, 'Please upload screenshots with the upload button.'],
      [{ images: ['/api/images/00000000-0000-4000-8000-000000000000.webp'] }, 'Please upload screenshots with the upload button.'],
    ];
    const before = await head();
    for (const [overrides, message] of cases) {
      const answer = await create(users.author.token, overrides);
      expect(answer.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    // 4 tags that are 3 once deduplicated are fine.
    expect(await head()).toBe(before);
    expect((await create(users.author.token, { tags: ['a', 'A', 'b', 'c'] })).body.resource.keywords).toEqual(['a', 'b', 'c']);
  });

  it('counts an emoji as one character: a title of 50 emoji is taken, 51 refused with the title message', async () => {
    const atLimit = await create(users.author.token, { title: '😀'.repeat(TEMPLATE_LIMITS.title) });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(atLimit.body.resource.title).toBe('😀'.repeat(TEMPLATE_LIMITS.title));
    const before = await head();
    const past = await create(users.author.token, { title: '😀'.repeat(TEMPLATE_LIMITS.title + 1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain(`Title must be at most ${TEMPLATE_LIMITS.title} characters`);
    expect(await head()).toBe(before);
  });

  it("refuses a file whose name has no image extension with the spec's 'Invalid Format!' and the list of extensions", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const before = await head();
    const answer = await harness.call<Json>('POST', '/api/images?imagePostUpload=true', {
      token: users.author.token,
      ...multipart('notes.txt', png),
    });
    expect(answer.status).toBe(400);
    // browse-search-accounts.md sections 5 and 8, word for word.
    expect(answer.body.message).toBe(`Invalid Format! Please use one of the following extensions: ${IMAGE_EXTENSIONS.join(', ')}.`);
    expect(await head()).toBe(before);
  });

  it('uploads screenshots as WebP of at most 1 MB; refuses 10 MB, HTML named .png and SVG', async () => {
    const noise = Buffer.from(Array.from({ length: 1200 * 800 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 1200, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const upload = (name: string, bytes: Buffer, type?: string) =>
      harness.call<Json>('POST', '/api/images?imagePostUpload=true', { token: users.author.token, ...multipart(name, bytes, type) });
    const stored = await upload('shot.png', png);
    expect(stored.status).toBe(200);
    const image = await harness.app.inject({ method: 'GET', url: stored.body.Location });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);

    expect(await upload('huge.png', Buffer.alloc(10 * 1024 * 1024 + 10, 1))).toMatchObject({
      status: 413,
      body: { message: IMAGE_MESSAGES.tooLarge },
    });
    // A body cut off before its closing boundary is not a large file (it was answered as one: 413).
    const { body: whole, headers } = multipart('cut.png', png);
    const cut = await harness.call<Json>('POST', '/api/images', { token: users.author.token, body: whole.subarray(0, 4096), headers });
    expect(cut).toMatchObject({ status: 400, body: { message: IMAGE_MESSAGES.uploadIncomplete } });
    expect(await upload('cat.png', Buffer.from('<html><script>alert(1)</script></html>'))).toMatchObject({
      status: 400,
      body: { message: IMAGE_MESSAGES.notAnImage },
    });
    expect(await upload('x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).toMatchObject({
      status: 400,
      body: { message: IMAGE_MESSAGES.svgRefused },
    });
    expect((await harness.call('POST', '/api/images', { token: users.unverified.token, ...multipart('shot.png', png) })).status).toBe(403);

    const post = await create(users.author.token, { images: [{ imageUrl: stored.body.Location, order: 0 }] });
    expect(post.status).toBe(201);
    expect(post.body.resource.images).toEqual([{ imageUrl: stored.body.Location }]);
    expect(post.body.resource.thumbnail).toBe(stored.body.Location);

    // Screenshots change through the edit (re-ordered by `order`) and the image clear.
    const second = await upload(
      'second.png',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer(),
    );
    const id = post.body.resource._id;
    const reordered = await harness.call<Json>('PUT', `/api/resources/${id}`, {
      token: users.author.token,
      body: {
        images: [
          { imageUrl: stored.body.Location, order: 2 },
          { imageUrl: second.body.Location, order: 1 },
        ],
      },
    });
    expect(reordered.body.resource.images).toEqual([{ imageUrl: second.body.Location }, { imageUrl: stored.body.Location }]);
    expect((await harness.call('PUT', `/api/resources/images/clear/${id}`, { token: users.other.token })).status).toBe(404);
    expect((await harness.call('PUT', `/api/resources/images/clear/${id}`, { token: users.author.token })).status).toBe(200);
    expect((await row(id))!.image_urls).toEqual([]);
  });

  it('records the form progress touched flags, once per change', async () => {
    const track = (formProgress: Json) =>
      harness.call('POST', '/api/analytics/track-progress', {
        token: users.other.token,
        body: { username: users.other.username, formProgress },
      });
    expect((await track({ url: true, title: true })).status).toBe(200);
    expect((await track({ url: true, title: true })).status).toBe(200);
    expect((await track({ url: true, title: true, tags: true })).status).toBe(200);
    expect((await track({ password: true })).status).toBe(400);
    const events = await harness.infrastructure.store.readStream(templateFormStream(users.other.userId));
    expect(events.map((event) => event.data)).toEqual([
      { userId: users.other.userId, formProgress: { url: true, title: true } },
      { userId: users.other.userId, formProgress: { url: true, title: true, tags: true } },
    ]);
  });
});

describe('detail, related and created posts', () => {
  it('shows a post under review only to its author, admins and site owners', async () => {
    const post = await createdId();
    const view = (token?: string) => harness.call<Json>('GET', `/api/resources/view/${post.titleUrl}`, { token });
    for (const token of [undefined, users.other.token])
      expect(await view(token)).toMatchObject({ status: 404, body: { message: 'This post does not exist' } });
    for (const token of [users.author.token, users.admin.token, users.owner.token]) {
      const answer = await view(token);
      expect(answer.status).toBe(200);
      expect(answer.body.permissions).toMatchObject({ canEdit: true, canSeeHistory: true });
    }
    expect((await view(users.author.token)).body.permissions).toMatchObject({ isAuthor: true, canSponsor: false, canReport: false });
    expect((await view(users.admin.token)).body.permissions).toMatchObject({
      isAuthor: false,
      canSponsor: true,
      canDeletePermanently: true,
    });

    await decide(post.id, 'live');
    const live = await harness.call<Json>('GET', `/api/resources/${post.titleUrl}?flag=true`);
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({
      _id: post.id,
      status: 'live',
      link: validPost.url,
      owners: [],
      statusReason: null,
      prevActions: { has_liked: false },
    });
    expect(live.body.data.description.long).toBe(validPost.instructions);
    expect(live.body.meta).toMatchObject({ title: 'Weekly Planner | Tessera', url: `/resources/${post.titleUrl}` });
    expect(live.body.permissions).toMatchObject({ canEdit: false, canReport: false });
    expect((await harness.call<Json>('GET', `/api/resources/viewById/${post.id}`)).body.data.titleUrl).toBe(post.titleUrl);
    expect((await harness.call('GET', '/api/resources/view/no-such-post-000000000000')).status).toBe(404);
  });

  it('lists More By The Author and Related Posts from live posts only', async () => {
    const first = await approved({ title: 'Focus Timer Log' });
    const second = await approved({ title: 'Habit Tracker' });
    const pending = await createdId({ title: 'Pending Planner' });
    const byAuthor = await harness.call<Json>('GET', `/api/related/${first.id}?type=author`);
    const ids = byAuthor.body.data.map((resource: Json) => resource._id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(pending.id);
    const otherAuthors = await harness.call<Json>('GET', `/api/related/${first.id}?type=related`);
    expect(otherAuthors.status).toBe(200);
    expect(
      otherAuthors.body.data.every((resource: Json) => resource.author._id !== users.author.userId && resource.status === 'live'),
    ).toBe(true);
    expect((await harness.call('GET', `/api/related/${pending.id}?type=author`)).status).toBe(404);
  });

  it("lists the author's created posts in every status with labels and the heading", async () => {
    for (let i = 0; i < 5; i += 1) await createdId({ title: `Filler ${i}` });
    const mine = await harness.call<Json>('GET', '/api/users/me/created-resources', { token: users.author.token });
    const total = mine.body.pagination.totalItems;
    expect(total).toBeGreaterThan(10);
    expect(mine.body.heading).toBe(`1-10 of ${total} Created Posts`);
    expect(mine.body.data).toHaveLength(10);
    const labels = new Set(mine.body.data.map((post: Json) => post.statusLabel));
    expect(labels.has('Live') && labels.has('Under Review')).toBe(true);
    expect([...labels].every((label) => ['Live', 'Under Review', 'Under Review - Edited'].includes(label as string))).toBe(true);
    expect(mine.body.data[0].editUrl).toBe(`/editor/resources/${mine.body.data[0].titleUrl}`);
    expect((await harness.call<Json>('GET', '/api/users/me/created-resources', { token: users.owner.token })).body.heading).toBe(
      '0 Created Posts',
    );
  });
});

describe('edit and delete', () => {
  it("refuses to edit someone else's post (403) and changes nothing", async () => {
    const post = await approved();
    const before = await head();
    const answer = await harness.call<Json>('PUT', `/api/resources/${post.id}`, { token: users.other.token, body: { title: 'Stolen' } });
    expect(answer).toMatchObject({ status: 403, body: { message: 'Unauthorized: You should be admin/author to do this action.' } });
    expect(await head()).toBe(before);
    expect((await row(post.id))!.title).toBe(validPost.title);
  });

  it('sends the edit for re-approval, keeps the address, and an admin approves it live again', async () => {
    const post = await approved();
    const edited = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: {
        title: 'Weekly Planner Pro',
        link: 'https://example.com/pro',
        description: validPost.description,
        keywords: [{ value: 'Pro' }, { label: '' }],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: TEMPLATE_MESSAGES.sentForReapproval, redirect: `/resources/${post.titleUrl}` });
    // The author sees the waiting edit.
    expect(edited.body.resource).toMatchObject({
      status: 'under review edit',
      statusLabel: 'Under Review - Edited',
      title: 'Weekly Planner Pro',
      link: 'https://example.com/pro',
      keywords: ['pro'],
    });
    // Submitted, approved, v1 published, then the edit.
    const [, , , editEvent] = await harness.infrastructure.store.readStream(templateStream(post.id));
    expect(editEvent!.data).toMatchObject({
      changes: { title: 'Weekly Planner Pro', url: 'https://example.com/pro', keywords: ['pro'] },
      previousStatus: 'live',
    });
    // Visitors keep seeing the approved version until a moderator approves the edit.
    expect((await harness.call<Json>('GET', `/api/resources/${post.titleUrl}`)).body.data).toMatchObject({
      title: 'Weekly Planner',
      link: validPost.url,
      pendingEdit: null,
    });
    expect((await decide(post.id, 'live')).body.resource).toMatchObject({ status: 'live', title: 'Weekly Planner Pro' });
    expect((await harness.call<Json>('GET', `/api/resources/${post.titleUrl}`)).body.data).toMatchObject({
      title: 'Weekly Planner Pro',
      link: 'https://example.com/pro',
    });
  });

  it('an edit of a live post keeps the approved version in search, feeds and the public profile; a denial keeps it live and tells the author why', async () => {
    const title = 'Edit Kept Live Atlas';
    const post = await approved({ title });
    const searchTitles = async (q: string) => {
      await harness.infrastructure.search.waitFor(await head(), 5_000);
      return ((await harness.call<Json>('GET', `/api/resources/search?q=${encodeURIComponent(q)}`)).body.data as Json[]).map(
        (hit) => hit.title,
      );
    };
    const todayTitles = async () =>
      ((await harness.call<Json>('GET', '/api/resources/today?limit=50')).body.data as Json[]).map((item) => item.title);
    expect(await searchTitles('Atlas')).toContain(title);

    await harness.call<Json>('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'Edit Kept Live Zephyr' } });
    expect(await searchTitles('Atlas')).toContain(title);
    expect(await searchTitles('Zephyr')).not.toContain('Edit Kept Live Zephyr');
    expect(await todayTitles()).toContain(title);
    // The author's list shows the waiting edit with the spec's label; the moderator sees it field by field.
    const mine = (await harness.call<Json>('GET', '/api/users/me/created-resources', { token: users.author.token })).body.data as Json[];
    expect(mine.find((item) => item._id === post.id)).toMatchObject({
      title: 'Edit Kept Live Zephyr',
      statusLabel: 'Under Review - Edited',
    });
    const queue = (
      await harness.call<Json>('GET', '/api/admin/resources?status=under%20review%20edit&q=Edit%20Kept', { token: users.admin.token })
    ).body.data as Json[];
    expect(queue.find((item) => item._id === post.id)).toMatchObject({
      title,
      pendingEdit: [{ field: 'title', before: title, after: 'Edit Kept Live Zephyr' }],
      revision: 2,
    });

    const denied = await decide(post.id, 'not approved', users.admin.token, { rejectionReason: 'The new title is misleading.' });
    expect(denied.status).toBe(200);
    expect((await row(post.id))!).toMatchObject({
      status: 'live',
      status_reason: 'The new title is misleading.',
      title,
      pending_changes: null,
    });
    const forAuthor = (await harness.call<Json>('GET', `/api/resources/${post.titleUrl}`, { token: users.author.token })).body.data;
    expect(forAuthor).toMatchObject({ title, statusLabel: 'Live', statusReason: 'The new title is misleading.', pendingEdit: null });
    expect(await searchTitles('Atlas')).toContain(title);
  });

  it('an edit of a post nobody sees yet replaces its content and stays under review', async () => {
    const post = await createdId({ title: 'Not Yet Seen' });
    const edited = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { title: 'Not Yet Seen Either' },
    });
    expect(edited.body).toMatchObject({
      message: TEMPLATE_MESSAGES.sentForReview,
      resource: { status: 'under review', statusLabel: 'Under Review', pendingEdit: null },
    });
    expect((await row(post.id))!).toMatchObject({ title: 'Not Yet Seen Either', pending_changes: null, content_revision: 2 });
  });

  it('refuses a decision on a revision the moderator did not see (409), by body or If-Match, and takes the current one', async () => {
    const post = await approved();
    await harness.call<Json>('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'Seen By Moderator' } });
    // The moderator opens revision 2; the author then changes the link.
    await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { link: 'https://example.com/swapped' },
    });
    const before = await head();
    const stale = await decide(post.id, 'live', users.admin.token, { revision: 2 });
    expect(stale).toMatchObject({ status: 409, body: { error: true, message: TEMPLATE_MESSAGES.changedSinceOpened } });
    const staleHeader = await harness.call<Json>('PUT', '/api/admin/resources/update', {
      token: users.admin.token,
      body: { _id: post.id, status: 'live' },
      headers: { 'if-match': '"2"' },
    });
    expect(staleHeader).toMatchObject({ status: 409, body: { message: TEMPLATE_MESSAGES.changedSinceOpened } });
    expect(await head()).toBe(before);
    expect((await row(post.id))!.title).toBe('Weekly Planner');
    expect(
      (
        await harness.call<Json>('PUT', '/api/admin/resources/update', {
          token: users.admin.token,
          body: { _id: post.id, status: 'live' },
          headers: { 'if-match': 'nonsense' },
        })
      ).status,
    ).toBe(400);
    const current = await decide(post.id, 'live', users.admin.token, { revision: 3 });
    expect(current.status).toBe(200);
    expect((await row(post.id))!).toMatchObject({ status: 'live', title: 'Seen By Moderator', url: 'https://example.com/swapped' });
  });

  it('refuses an edit from an editor opened before another save (409), by body or If-Match, so a second tab cannot undo the first', async () => {
    const post = await approved();
    const opened = (await harness.call<Json>('GET', `/api/resources/${post.titleUrl}`, { token: users.author.token })).body.data;
    const form = {
      title: opened.title,
      link: opened.link,
      description: opened.description.short,
      instructions: opened.description.long,
      keywords: opened.keywords,
      images: [],
    };
    // Both tabs opened the same revision; the first saves a new title.
    const first = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { ...form, title: 'Saved In Tab One', revision: opened.revision },
    });
    expect(first.status).toBe(200);
    const before = await head();
    const second = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { ...form, description: 'Saved in tab two', revision: opened.revision },
    });
    expect(second).toMatchObject({ status: 409, body: { error: true, message: TEMPLATE_MESSAGES.editedElsewhere } });
    const byHeader = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: form,
      headers: { 'if-match': `"${opened.revision}"` },
    });
    expect(byHeader.status).toBe(409);
    expect(await head()).toBe(before);
    expect((await row(post.id))!.pending_changes).toEqual({ title: 'Saved In Tab One' });
    // The answer names the revision saved: the same tab saves again with it.
    const again = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { ...form, title: 'Saved In Tab One', description: 'Then this', revision: first.body.resource.revision },
    });
    expect(again.status).toBe(200);
    expect((await row(post.id))!.pending_changes).toEqual({ title: 'Saved In Tab One', description: 'Then this' });
  });

  it('lets admins edit any post; refuses an over-long title with nothing written', async () => {
    const post = await approved();
    expect(
      (
        await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
          token: users.admin.token,
          body: { description: 'Tidied by a moderator.' },
        })
      ).body.resource.status,
    ).toBe('under review edit');
    const before = await head();
    const tooLong = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { title: 'x'.repeat(51) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual([{ field: 'title', message: 'Title must be at most 50 characters' }]);
    expect(await head()).toBe(before);
  });

  it("refuses an edit to a URL the form calls 'URL is not valid', with nothing written", async () => {
    const post = await approved();
    const before = await head();
    const answer = await harness.call<Json>('PUT', `/api/resources/${post.id}`, {
      token: users.author.token,
      body: { link: 'https://nonsense' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([{ field: 'url', message: 'URL is not valid' }]);
    expect(await head()).toBe(before);
    expect((await row(post.id))!.url).toBe(validPost.url);
  });

  it('records a price change request (a number above 0) from its author, with or without a payout account', async () => {
    const post = await approved();
    const request = (newPrice: unknown, token = users.author.token) =>
      harness.call<Json>('POST', '/api/zapier', {
        token,
        body: { newPrice, resourceId: post.id, resourceTitle: 'x', userEmail: 'x@example.com', userName: 'x' },
      });
    // Asked before the author can be paid: the request reaches the admins (spec 2.2), who approve it once the author can be paid.
    expect(await request('12')).toMatchObject({ status: 200, body: { message: TEMPLATE_MESSAGES.priceChangeRequested } });
    await onboardSandboxSeller(harness, users.author);
    expect(await request(0)).toMatchObject({ status: 400, body: { message: 'Please enter a valid price.' } });
    expect(await request('abc')).toMatchObject({ status: 400, body: { message: 'Please enter a valid price.' } });
    expect(await request('1e2')).toMatchObject({ status: 400, body: { message: 'Please enter a valid price.' } });
    expect(await request(0.005)).toMatchObject({ status: 400, body: { message: TEMPLATE_MESSAGES.priceBelowMinimum } });
    expect(await request(undefined)).toMatchObject({ status: 400, body: { message: 'Please enter a valid price.' } });
    expect((await request(20, users.other.token)).status).toBe(403);
    expect(await request('19.5')).toMatchObject({ status: 200, body: { message: 'Price Change Request Submitted' } });
    const events = await harness.infrastructure.store.readStream(templateStream(post.id));
    expect(events.at(-1)).toMatchObject({ type: 'TemplatePriceChangeRequested', data: { currentPrice: 0, newPrice: 19.5 } });
    expect((await row(post.id))!.status).toBe('live');
  });

  it("refuses deleting someone else's post (403) and a purchased one (2 owners), then the author deletes their own", async () => {
    const post = await approved();
    const remove = (token: string) => harness.call<Json>('PUT', `/api/resources/delete/${post.id}`, { token });
    expect(await remove(users.other.token)).toMatchObject({
      status: 403,
      body: { message: 'Unauthorized: You should be admin/author to do this action.' },
    });

    const sold = await approved();
    await command(sold.id, { type: 'RecordPurchase', data: { templateId: sold.id, buyerId: users.other.userId, priceCents: 0 } });
    const refused = await harness.call<Json>('PUT', `/api/resources/delete/${sold.id}`, { token: users.author.token });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Post have been purchased, delete is not allowed.' } });
    expect((await row(sold.id))!.status).toBe('live');
    expect((await row(sold.id))!.owners).toEqual([users.author.userId, users.other.userId]);
    // The buyer sees it as purchased.
    expect((await harness.call<Json>('GET', `/api/resources/${sold.titleUrl}`, { token: users.other.token })).body.data.purchased).toBe(
      true,
    );

    expect(await remove(users.author.token)).toMatchObject({
      status: 200,
      body: { message: 'The post is successfully deleted.', redirect: '/shared-posts' },
    });
    expect((await row(post.id))!.status).toBe('deleted');
    const profile = await harness.call<Json>('GET', `/api/users/public/${users.author.username}`, { token: users.author.token });
    expect(profile.body.posts.map((resource: Json) => resource._id)).not.toContain(post.id);
    expect(profile.body.pagination.totalItems).toBe(
      (await harness.call<Json>('GET', '/api/users/me/created-resources', { token: users.author.token })).body.pagination.totalItems,
    );
    // The session's created count (the side menu's) follows the list on /shared-posts.
    const created = (await harness.call<Json>('GET', '/api/users/me/created-resources', { token: users.author.token })).body.pagination
      .totalItems;
    const session = (await harness.call<Json>('GET', '/api/auth/session', { token: users.author.token })).body.user;
    expect(session.actions.posts).not.toContain(post.id);
    expect(session.actions.posts).toHaveLength(created);
    expect((await harness.call('GET', `/api/resources/${post.titleUrl}`, { token: users.author.token })).status).toBe(404);
    expect((await remove(users.author.token)).status).toBe(404);
  });
});

describe('moderation', () => {
  it('refuses decisions to base users (403) and writes nothing', async () => {
    const post = await createdId();
    const before = await head();
    for (const token of [users.author.token, users.other.token]) {
      expect(await decide(post.id, 'live', token)).toMatchObject({
        status: 403,
        body: { message: 'You do not have permission to access this resource.' },
      });
      expect(
        (await harness.call('PUT', '/api/admin/resources/update-sponsor-status', { token, body: { _id: post.id, sponsored: true } }))
          .status,
      ).toBe(403);
      expect((await harness.call('POST', '/api/admin/resources/delete', { token, body: { _id: post.id } })).status).toBe(403);
      expect((await harness.call('POST', '/api/admin/resources/fetchHistory', { token, body: { resourceId: post.id } })).status).toBe(403);
    }
    expect(await head()).toBe(before);
    expect((await row(post.id))!.status).toBe('under review');
  });

  it('answers an illegal transition with 409 and a blank denial with 400, changing nothing', async () => {
    const live = await approved();
    const before = await head();
    expect(await decide(live.id, 'live')).toMatchObject({ status: 409, body: { message: 'A template that is live cannot be approved.' } });
    expect(await decide(live.id, 'hidden')).toMatchObject({ status: 409, body: { message: 'A template that is live cannot be hidden.' } });
    expect(await decide(live.id, 'not approved', users.admin.token, { rejectionReason: 'x' })).toMatchObject({
      status: 409,
      body: { message: 'A template that is live cannot be denied.' },
    });
    expect((await decide(live.id, 'under review')).status).toBe(400);
    const pending = await createdId();
    const afterCreate = await head();
    expect(await decide(pending.id, 'not approved', users.admin.token, { rejectionReason: '   ' })).toMatchObject({
      status: 400,
      body: { message: 'Denial message cannot be blank' },
    });
    expect(await decide(pending.id, 'Not Approved')).toMatchObject({ status: 400, body: { message: 'Denial message cannot be blank' } });
    expect(await head()).toBe(afterCreate);
    expect(afterCreate).toBeGreaterThan(before);
    expect((await row(pending.id))!.status).toBe('under review');
    expect((await row(live.id))!.status).toBe('live');
  });

  it("shows resource management the spec's admin view: link, type, price, clicks, saves and every owner with username and e-mail", async () => {
    const post = await approved({ title: 'Admin View Candidate', url: 'https://example.com/admin-view', type: 'marketing' });
    await command(post.id, { type: 'RecordPurchase', data: { templateId: post.id, buyerId: users.other.userId, priceCents: 0 } });
    const click = await harness.call<Json>('POST', `/api/resources/clicked/${post.id}`, { token: users.other.token });
    expect(click.status).toBe(200);
    await harness.catchUp(await head());
    const listed = await harness.call<Json>('GET', '/api/admin/resources/search?status=all&q=admin%20view%20candidate', {
      token: users.admin.token,
    });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      _id: post.id,
      link: 'https://example.com/admin-view',
      resourceType: 'marketing',
      price: 0,
      analytics: { clicks: 1 },
      ratings: { saves: 0 },
      ownersTotal: 2,
      owners: [
        { _id: users.author.userId, username: users.author.username, email: 'author@life.example' },
        { _id: users.other.userId, username: users.other.username, email: 'other@life.example' },
      ],
    });

    // A best seller's row names its first owners and counts the rest.
    for (let buyer = 0; buyer < ADMIN_VIEW_OWNERS_SHOWN; buyer++) {
      await command(post.id, { type: 'RecordPurchase', data: { templateId: post.id, buyerId: randomUUID(), priceCents: 0 } });
    }
    const bestSeller = (
      await harness.call<Json>('GET', '/api/admin/resources/search?status=all&q=admin%20view%20candidate', { token: users.admin.token })
    ).body.data[0];
    expect(bestSeller.ownersTotal).toBe(ADMIN_VIEW_OWNERS_SHOWN + 2);
    expect(bestSeller.owners).toHaveLength(ADMIN_VIEW_OWNERS_SHOWN);
    expect(bestSeller.owners[0]).toMatchObject({ _id: users.author.userId, email: 'author@life.example' });
  });

  it('denies with a reason the author then sees; the queue lists what awaits a decision', async () => {
    const post = await createdId({ title: 'Queue Candidate' });
    const queue = await harness.call<Json>('GET', '/api/admin/resources?q=queue%20candidate', { token: users.admin.token });
    expect(queue.body.data.map((resource: Json) => resource._id)).toEqual([post.id]);
    expect(queue.body).toMatchObject({ results: 1, lim: 25 });
    expect((await decide(post.id, 'not approved', users.admin.token, { rejectionReason: 'The link is broken.' })).status).toBe(200);
    expect((await harness.call<Json>('GET', '/api/admin/resources?q=queue%20candidate', { token: users.admin.token })).body.data).toEqual(
      [],
    );
    const denied = await harness.call<Json>('GET', '/api/admin/resources?status=not%20approved&q=queue%20candidate', {
      token: users.admin.token,
    });
    expect(denied.body.data[0]).toMatchObject({ _id: post.id, statusReason: 'The link is broken.' });
    // The spec's admin view dates a post by its creation (_dateCreated), not by its last change (the denial).
    const created = (await row(post.id))!;
    expect(created.updated_at.getTime()).toBeGreaterThan(created.created_at.getTime());
    expect(denied.body.data[0]._dateCreated).toBe(created.created_at.toISOString());
    expect((await harness.call<Json>('GET', `/api/resources/${post.titleUrl}`, { token: users.author.token })).body.data).toMatchObject({
      statusLabel: 'Rejected',
      statusReason: 'The link is broken.',
    });
    expect((await harness.call('GET', '/api/admin/resources?status=bogus', { token: users.admin.token })).status).toBe(400);
  });

  it('takes a flagged post back live ("Not Flagged") or hides it ("Hide It")', async () => {
    const post = await approved();
    await command(post.id, { type: 'FlagTemplateForReview', data: { templateId: post.id, reason: '3 users flagged it' } });
    const queue = await harness.call<Json>('GET', '/api/admin/resources?status=live%20flagged', { token: users.admin.token });
    expect(queue.body.data.map((resource: Json) => resource._id)).toContain(post.id);
    expect((await decide(post.id, 'live')).body.resource.status).toBe('live');
    await command(post.id, { type: 'FlagTemplateForReview', data: { templateId: post.id, reason: 'flagged again' } });
    expect((await decide(post.id, 'hidden', users.admin.token, { reason: 'Misleading' })).body.resource.status).toBe('hidden');
    expect((await harness.call('GET', `/api/resources/${post.titleUrl}`)).status).toBe(404);
    expect((await harness.call('GET', `/api/resources/${post.titleUrl}`, { token: users.author.token })).status).toBe(200);
  });

  it(`sends a live post to the queue after ${FLAGS_FOR_REVIEW} members' red flags, and at once when reported`, async () => {
    const { moderation } = harness.infrastructure;
    // The moderation reactor has read the log, and the projections what it appended.
    const settled = async () => {
      expect(await moderation.waitFor(await head(), CATCH_UP_MS)).toBe(true);
      await harness.catchUp();
    };
    const flagged = await approved({ title: 'Flag tally candidate' });
    const flaggers = [users.other, users.unverified, users.owner];
    expect(flaggers).toHaveLength(FLAGS_FOR_REVIEW);
    for (const flagger of flaggers.slice(0, -1))
      expect((await harness.call('POST', `/api/resources/flag/${flagged.id}`, { token: flagger.token })).status).toBe(200);
    await settled();
    expect((await row(flagged.id))?.status).toBe('live');
    expect((await harness.call('POST', `/api/resources/flag/${flagged.id}`, { token: flaggers.at(-1)!.token })).status).toBe(200);
    await settled();
    expect((await row(flagged.id))?.status).toBe('live flagged');
    const history = await harness.call<Json>('GET', `/api/resources/${flagged.id}/history`, { token: users.admin.token });
    expect(history.body.history.at(-1)).toMatchObject({
      type: 'TemplateFlaggedForReview',
      reason: `${FLAGS_FOR_REVIEW} members raised a red flag`,
      status: 'live flagged',
      actor: { role: 'system' },
    });
    expect((await decide(flagged.id, 'live')).body.resource.status).toBe('live');
    // The moderator judged those flags: one flagger lowering and raising theirs again does not send it back.
    for (let toggle = 0; toggle < 2; toggle += 1)
      expect((await harness.call('POST', `/api/resources/flag/${flagged.id}`, { token: flaggers[0]!.token })).status).toBe(200);
    await settled();
    expect((await row(flagged.id))?.status).toBe('live');

    const reported = await approved({ title: 'Report candidate' });
    const report = { resourceId: reported.id, name: 'Ann', reason: 'spam', message: 'Sells something else.', email: 'ann@life.example' };
    expect((await harness.call('POST', '/api/resources/reportPost', { token: users.other.token, body: report })).status).toBe(200);
    await settled();
    expect((await row(reported.id))?.status).toBe('live flagged');
    const queue = await harness.call<Json>('GET', '/api/admin/resources?status=live%20flagged', { token: users.admin.token });
    expect(queue.body.data.find((resource: Json) => resource._id === reported.id)).toMatchObject({
      statusReason: 'Reported: Spam or Misleading',
    });
    // A second report of a post already waiting appends nothing.
    const before = await head();
    expect((await harness.call('POST', '/api/resources/reportPost', { token: users.owner.token, body: report })).status).toBe(200);
    await settled();
    const after = (await harness.infrastructure.store.readStream(templateStream(reported.id))).filter((event) => event.position > before);
    expect(after).toEqual([]);
  });

  it('holds a report on a post whose edit waits: out of the feeds meanwhile, and back to the flag review once the edit is decided', async () => {
    const { moderation } = harness.infrastructure;
    const settled = async () => {
      expect(await moderation.waitFor(await head(), CATCH_UP_MS)).toBe(true);
      await harness.catchUp();
    };
    const inFeeds = async (id: string) => {
      const newest = await harness.call<Json>('GET', '/api/resources/today?limit=50');
      return newest.body.data.some((resource: Json) => resource._id === id);
    };
    const post = await approved({ title: 'Edited Then Reported' });
    expect(await inFeeds(post.id)).toBe(true);
    expect(
      (await harness.call('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'Edited Then Reported Again' } }))
        .status,
    ).toBe(200);
    await harness.catchUp();
    expect(await inFeeds(post.id)).toBe(true);
    const report = { resourceId: post.id, name: 'Ann', reason: 'spam', message: 'Sells something else.', email: 'ann@life.example' };
    expect((await harness.call('POST', '/api/resources/reportPost', { token: users.other.token, body: report })).status).toBe(200);
    await settled();
    // Still public with its approved version while the edit waits, but no feed recommends it.
    expect((await row(post.id))?.status).toBe('under review edit');
    expect(await inFeeds(post.id)).toBe(false);
    expect((await harness.call('GET', `/api/resources/${post.titleUrl}`)).status).toBe(200);
    const history = await harness.call<Json>('GET', `/api/resources/${post.id}/history`, { token: users.admin.token });
    expect(history.body.history.at(-1)).toMatchObject({
      type: 'TemplateFlaggedForReview',
      reason: 'Reported: Spam or Misleading',
      status: 'under review edit',
    });
    expect((await decide(post.id, 'live')).body.resource.status).toBe('live flagged');
    const queue = await harness.call<Json>('GET', '/api/admin/resources?status=live%20flagged', { token: users.admin.token });
    expect(queue.body.data.find((resource: Json) => resource._id === post.id)).toMatchObject({
      statusReason: 'Reported: Spam or Misleading',
    });
    expect(await inFeeds(post.id)).toBe(false);
    expect((await decide(post.id, 'live')).body.resource.status).toBe('live');
    expect(await inFeeds(post.id)).toBe(true);
  });

  it('keeps a flagged post out of the feeds while its edit waits', async () => {
    const post = await approved({ title: 'Flagged Then Edited' });
    await command(post.id, { type: 'FlagTemplateForReview', data: { templateId: post.id, reason: '3 users flagged it' } });
    expect(
      (await harness.call('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'Flagged Then Edited Clean' } }))
        .status,
    ).toBe(200);
    await harness.catchUp();
    expect((await row(post.id))?.status).toBe('under review edit');
    const newest = await harness.call<Json>('GET', '/api/resources/today?limit=50');
    expect(newest.body.data.map((resource: Json) => resource._id)).not.toContain(post.id);
  });

  it(`sponsors up to ${TEMPLATE_SPONSOR_LIMIT} posts, then answers 400 'Maximum sponsor request reached'`, async () => {
    const sponsor = (id: string, sponsored: boolean) =>
      harness.call<Json>('PUT', '/api/admin/resources/update-sponsor-status', { token: users.admin.token, body: { _id: id, sponsored } });
    const { n } = await harness.infrastructure.database.db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sponsored', '=', true)
      .executeTakeFirstOrThrow();
    const posts = [];
    for (let i = Number(n); i <= TEMPLATE_SPONSOR_LIMIT; i += 1) posts.push(await approved({ title: `Sponsor ${i}` }));
    const results = await Promise.all(posts.map((post) => sponsor(post.id, true)));
    expect(results.map((answer) => answer.status).sort()).toEqual([...Array(posts.length - 1).fill(200), 400]);
    expect(results.find((answer) => answer.status === 400)!.body.message).toBe('Maximum sponsor request reached');
    const { sponsoredNow } = await harness.infrastructure.database.db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll<number>().as('sponsoredNow'))
      .where('sponsored', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(sponsoredNow)).toBe(TEMPLATE_SPONSOR_LIMIT);
    // Unsponsoring frees a slot.
    const sponsoredPost = posts[results.findIndex((answer) => answer.status === 200)]!;
    const waiting = posts[results.findIndex((answer) => answer.status === 400)]!;
    expect((await sponsor(sponsoredPost.id, false)).status).toBe(200);
    expect((await sponsor(waiting.id, true)).status).toBe(200);
    expect(
      (await harness.call<Json>('GET', '/api/resources/sponsored?limit=50')).body.data.map((resource: Json) => resource._id),
    ).toContain(waiting.id);
    // Leave the slots free for the tests after this one.
    for (const post of posts) expect((await sponsor(post.id, false)).status).toBe(200);
  });

  it('fetchHistory lists every decision with its actor, events of other streams, and survives a permanent delete', async () => {
    const post = await createdId({ title: 'History Subject' });
    await decide(post.id, 'live');
    await harness.call('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'History Subject 2' } });
    await decide(post.id, 'not approved', users.admin.token, { rejectionReason: 'Needs screenshots' });
    expect(
      (
        await harness.call('PUT', '/api/admin/resources/update-sponsor-status', {
          token: users.owner.token,
          body: { _id: post.id, sponsored: true, reason: 'Launch week' },
        })
      ).status,
    ).toBe(200);
    const liked = await harness.infrastructure.commands.handle(
      likeDecider,
      likeStream(post.id, users.other.userId),
      { type: 'ToggleLike', data: { templateId: post.id, userId: users.other.userId } },
      {
        actor: { userId: users.other.userId, role: 'base' },
      },
    );
    await harness.catchUp(liked.position);

    const fetched = await harness.call<Json>('POST', '/api/admin/resources/fetchHistory', {
      token: users.admin.token,
      body: { resourceIds: [post.id] },
    });
    expect(fetched.status).toBe(200);
    const [entry] = fetched.body.data;
    // The denied edit was dropped: the approved title stays.
    expect(entry).toMatchObject({ resourceId: post.id, title: 'History Subject' });
    const summary = entry.history.map((item: Json) => [item.type, item.actor.username, item.reason, item.status]);
    expect(summary).toEqual([
      ['TemplateSubmitted', users.author.username, null, 'under review'],
      ['TemplateApproved', users.admin.username, null, 'live'],
      ['TemplateVersionPublished', users.admin.username, null, 'live'],
      ['TemplateEdited', users.author.username, null, 'under review edit'],
      ['TemplateDenied', users.admin.username, 'Needs screenshots', 'live'],
      ['TemplateSponsored', users.owner.username, 'Launch week', 'live'],
      ['TemplateLiked', users.other.username, null, null],
    ]);
    expect(entry.history[3]).toMatchObject({
      title: 'Edited (title) and sent for re-approval',
      details: { changedFields: ['title'], previousStatus: 'live' },
    });
    expect(entry.history.every((item: Json) => typeof item._date === 'string' && item.actor.role)).toBe(true);

    // The author reads the same history of their own post, without the identity of other users.
    const own = await harness.call<Json>('GET', `/api/resources/${post.id}/history`, { token: users.author.token });
    expect(own.status).toBe(200);
    expect(own.body.history.map((item: Json) => item.type)).toEqual(summary.map((item: string[]) => item[0]));
    expect(own.body.history.at(-1).actor).toEqual({ userId: null, username: null, role: 'base', impersonatedBy: null });
    expect(own.body.history[1].actor.username).toBe(users.admin.username);
    await harness.call('PUT', `/api/resources/${post.id}`, { token: users.author.token, body: { title: 'History Subject 3' } });
    await decide(post.id, 'live');
    expect(await harness.call<Json>('GET', `/api/resources/${post.id}/history`, { token: users.other.token })).toMatchObject({
      status: 403,
      body: { message: 'Unauthorized: You should be admin/author to do this action.' },
    });

    const removed = await harness.call<Json>('POST', '/api/admin/resources/delete', {
      token: users.admin.token,
      body: { _id: post.id, reason: 'Duplicate' },
    });
    expect(removed).toMatchObject({ status: 200, body: { message: 'The post is successfully deleted.' } });
    expect((await row(post.id))!).toMatchObject({ status: 'deleted', sponsored: false });
    expect((await harness.call('GET', `/api/resources/${post.titleUrl}`, { token: users.admin.token })).status).toBe(404);
    const after = await harness.call<Json>('POST', '/api/admin/resources/fetchHistory', {
      token: users.admin.token,
      body: { resourceId: post.id },
    });
    expect(after.body.data[0].history.at(-1)).toMatchObject({
      type: 'TemplatePermanentlyDeleted',
      reason: 'Duplicate',
      status: 'deleted',
      actor: { username: users.admin.username },
    });
    expect((await harness.call('POST', '/api/admin/resources/delete', { token: users.admin.token, body: { _id: post.id } })).status).toBe(
      404,
    );
  });
});

describe('fetch from URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<title>Trello Sprint Board</title><meta name="description" content="Run two-week sprints.">'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses loopback addresses and non-http URLs through the app', async () => {
    const suggest = (url: string) => harness.call<Json>('POST', '/api/resources/suggest', { token: users.author.token, body: { url } });
    expect(await suggest(`${base}/`)).toMatchObject({ status: 400, body: { message: SUGGESTION_MESSAGES.notPublic } });
    expect(await suggest('javascript:alert(1)')).toMatchObject({ status: 400, body: { message: SUGGESTION_MESSAGES.notHttp } });
    expect((await harness.call('POST', '/api/resources/suggest', { token: users.unverified.token, body: { url: base } })).status).toBe(403);
  });

  it("serves a public post's page with its title, description and social card tags; others get the plain app", async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'tessera-web-'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Default" /><title>Tessera</title></head><body></body></html>',
    );
    const app = await buildApp({ ...harness.infrastructure, webRoot });
    try {
      const post = await approved({ title: 'Quotes & "Friends" <Board>', description: 'Plan <b>it</b> all.' });
      // PUBLIC_URL is the local default here: a browser on 127.0.0.1 at its port gets links there, where its cookies are.
      const localHost = `127.0.0.1:${new URL(harness.infrastructure.publicUrl).port}`;
      const page = await app.inject({ method: 'GET', url: `/resources/${post.titleUrl}`, headers: { host: localHost } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Quotes &amp; &quot;Friends&quot; &lt;Board&gt; | Tessera</title>');
      expect(page.body).toContain('<meta name="description" content="Plan &lt;b&gt;it&lt;/b&gt; all." />');
      expect(page.body).toContain(`<meta property="og:url" content="http://${localHost}/resources/${post.titleUrl}" />`);
      expect(page.body).not.toContain('content="Default"');
      expect(page.body.match(/<title>/gu)).toHaveLength(1);

      const underReview = await createdId({ title: 'Not public yet' });
      const hidden = await app.inject({ method: 'GET', url: `/resources/${underReview.titleUrl}` });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.body).toContain('<title>Tessera</title>');
      expect(hidden.body).not.toContain('Not public yet');
      expect((await app.inject({ method: 'GET', url: '/resources/%E0%A4%A' })).statusCode).toBeLessThan(500);
    } finally {
      await app.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });

  it('reads the title and description of a reachable page (local server allowed for this app only)', async () => {
    const app = await buildApp({
      ...harness.infrastructure,
      suggester: createPageMetadataSuggester({ allowPrivateAddresses: true, timeoutMs: 1_000 }),
    });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/zapier/templateFromUrl',
        headers: { authorization: `Bearer ${users.author.token}` },
        payload: { url: `${base}/board`, text: '' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ found: true, title: 'Trello Sprint Board', description: 'Run two-week sprints.' });
    } finally {
      await app.close();
    }
  });
});

// PGlite runs one query at a time, so the sponsor race above never overlaps there; on the server it does.
const postgres = harnessDatabases().find((database) => database.name === 'postgres')!;
describe.skipIf(postgres.skipped !== null)(
  `the sponsor limit under concurrency on postgres${postgres.skipped ? ` (skipped: ${postgres.skipped})` : ''}`,
  () => {
    let server: ApiHarness;
    let admin: Member;
    let author: Member;

    beforeAll(async () => {
      server = await startApiHarness({ users: 1, templates: 1, seed: 43 }, { database: 'postgres' });
      admin = await makeMember(server, { prefix: 'sponsor_admin', lvl: 'admin' });
      author = await makeMember(server, { prefix: 'sponsor_author' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it(`never sponsors more than ${TEMPLATE_SPONSOR_LIMIT} posts when 3 more than the free slots are sponsored at once`, async () => {
      const { n } = await server.infrastructure.database.db
        .selectFrom('templates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sponsored', '=', true)
        .executeTakeFirstOrThrow();
      const free = TEMPLATE_SPONSOR_LIMIT - Number(n);
      const ids = await Promise.all(Array.from({ length: free + 3 }, () => publishTemplate(server, author.userId)));
      const answers = await Promise.all(
        ids.map((id) =>
          server.call<Json>('PUT', '/api/admin/resources/update-sponsor-status', {
            token: admin.token,
            body: { _id: id, sponsored: true },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(free);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => [answer.status, answer.body.message])).toEqual(
        Array(3).fill([400, 'Maximum sponsor request reached']),
      );
      await server.catchUp();
      const { sponsoredNow } = await server.infrastructure.database.db
        .selectFrom('templates')
        .select((eb) => eb.fn.countAll<number>().as('sponsoredNow'))
        .where('sponsored', '=', true)
        .executeTakeFirstOrThrow();
      expect(Number(sponsoredNow)).toBe(TEMPLATE_SPONSOR_LIMIT);
    });
  },
);
