import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, makeMembers, type Member } from '../fixtures/members.js';
import { publishTemplate } from '../fixtures/templates.js';
import type { CurrentUser } from '../../src/domain/accounts/current-user.js';
import { COMMENT_MAILS_PER_AUTHOR, COMMENTS_PAGE, ENGAGEMENT_LIMITS, ENGAGEMENT_MESSAGES } from '../../src/domain/engagement/rules.js';
import { COMMENT_MAILS_PAUSED } from '../../src/domain/engagement/mails.js';
import { ERASED_USER_NAME, erasedUsername, UNSUBSCRIBE_LISTS, UNSUBSCRIBE_MESSAGES } from '../../src/domain/accounts/rules.js';
import type { CommentPage, CommentView, EngagedResourceView, ResourcePage } from '../../src/domain/engagement/views.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { engagedResource } from '../../src/projections/read-models/engagement/queries.js';
import { userById } from '../../src/projections/read-models/users/queries.js';
import { templateDecider } from '../../src/domain/templates/decider.js';
import { viewDecider } from '../../src/domain/engagement/decider.js';
import { commentStream, saveStream } from '../../src/domain/engagement/events.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { TEXT_MESSAGES } from '../../src/domain/shared/text.js';

let harness: ApiHarness;
let author: Member;
let fan: Member;
let liveId: string;
let pendingId: string;

type Rsc = { rsc: EngagedResourceView };

beforeAll(async () => {
  harness = await startApiHarness({ users: 2, templates: 2, seed: 41 });
  author = await makeMember(harness, { prefix: 'author' });
  fan = await makeMember(harness, { prefix: 'fan' });
  liveId = await publishTemplate(harness, author.userId, { title: 'Engaging Planner' });
  pendingId = await publishTemplate(harness, author.userId, { title: 'Pending Planner', live: false });
});
afterAll(async () => {
  await harness?.close();
});

const post = <Body = Rsc>(url: string, token?: string, body?: unknown) => harness.call<Body>('POST', url, { token, body });
/** The resource as the read model has it, without counting a view. */
const readResource = async (templateId: string, viewerId: string | null = null) =>
  (await engagedResource(harness.infrastructure.database.db, harness.infrastructure.vault, templateId, viewerId))!;
const me = async (token: string) => (await harness.call<CurrentUser>('GET', '/api/users/private/me', { token })).body;

describe('like, save, flag and click', () => {
  it("likes and unlikes, answering the updated resource with the viewer's prevActions", async () => {
    const liked = await post(`/api/resources/like/${liveId}`, fan.token);
    expect(liked.status).toBe(200);
    expect(liked.body.rsc).toMatchObject({ _id: liveId, ratings: { positive: 1 }, prevActions: { has_liked: true, has_saved: false } });
    expect((await me(fan.token)).actions.likes).toContain(liveId);

    const unliked = await post(`/api/resources/like/${liveId}`, fan.token);
    expect(unliked.body.rsc).toMatchObject({ ratings: { positive: 0 }, prevActions: { has_liked: false } });
    expect((await me(fan.token)).actions.likes).not.toContain(liveId);
  });

  it('leaves hidden and deleted posts out of actions.likes, as out of actions.saves', async () => {
    const liker = await makeMember(harness, { prefix: 'liker' });
    const [hiddenId, deletedId, keptId] = [
      await publishTemplate(harness, author.userId),
      await publishTemplate(harness, author.userId),
      await publishTemplate(harness, author.userId),
    ];
    for (const id of [hiddenId, deletedId, keptId]) expect((await post(`/api/resources/like/${id}`, liker.token)).status).toBe(200);
    const admin = { actor: { userId: 'reviewer', role: 'admin' as const } };
    const { commands } = harness.infrastructure;
    await commands.handle(
      templateDecider,
      templateStream(hiddenId),
      { type: 'FlagTemplateForReview', data: { templateId: hiddenId, reason: 'spam' } },
      admin,
    );
    await commands.handle(
      templateDecider,
      templateStream(hiddenId),
      { type: 'ReviewTemplate', data: { templateId: hiddenId, reviewerId: 'reviewer', decision: 'hide', reason: 'spam' } },
      admin,
    );
    const deleted = await commands.handle(
      templateDecider,
      templateStream(deletedId),
      { type: 'DeleteTemplatePermanently', data: { templateId: deletedId, reviewerId: 'reviewer', reason: null } },
      admin,
    );
    await harness.catchUp(deleted.position);
    expect((await me(liker.token)).actions.likes).toEqual([keptId]);
  });

  it('saves and unsaves; the save shows in actions.saves and the saved list', async () => {
    const saved = await post(`/api/resources/save/${liveId}`, fan.token);
    expect(saved.body.rsc).toMatchObject({ ratings: { saves: 1 }, prevActions: { has_saved: true } });
    expect((await me(fan.token)).actions.saves).toEqual([liveId]);
    const list = await harness.call<ResourcePage>('GET', '/api/users/private/me/saved', { token: fan.token });
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 10, from: 1, to: 1, showing: 'Showing 1 - 1 of 1' });
    expect(list.body.resources.map((resource) => resource._id)).toEqual([liveId]);

    const unsaved = await post(`/api/resources/save/${liveId}`, fan.token);
    expect(unsaved.body.rsc).toMatchObject({ ratings: { saves: 0 }, prevActions: { has_saved: false } });
    expect((await me(fan.token)).actions.saves).toEqual([]);
  });

  it('sets a toggle to the state asked for ({ on }), so a repeated or stale "Remove from saved" never saves again', async () => {
    const templateId = await publishTemplate(harness, author.userId);
    const removed = await post(`/api/resources/save/${templateId}`, fan.token, { on: false });
    expect(removed.status).toBe(200);
    expect(removed.body.rsc).toMatchObject({ ratings: { saves: 0 }, prevActions: { has_saved: false } });
    expect(await harness.infrastructure.store.readStream(saveStream(templateId, fan.userId))).toEqual([]);

    for (let i = 0; i < 2; i += 1) {
      expect((await post(`/api/resources/save/${templateId}`, fan.token, { on: true })).body.rsc).toMatchObject({
        ratings: { saves: 1 },
        prevActions: { has_saved: true },
      });
    }
    for (let i = 0; i < 2; i += 1) {
      expect((await post(`/api/resources/save/${templateId}`, fan.token, { on: false })).body.rsc).toMatchObject({
        ratings: { saves: 0 },
        prevActions: { has_saved: false },
      });
    }
    expect((await post(`/api/resources/like/${templateId}`, fan.token, { on: false })).body.rsc).toMatchObject({
      ratings: { positive: 0 },
      prevActions: { has_liked: false },
    });
    expect(await post(`/api/resources/save/${templateId}`, fan.token, { on: 'no' })).toMatchObject({
      status: 400,
      body: { error: true, message: expect.stringMatching(/^on: /u) },
    });
  });

  it('raises and lowers a red flag', async () => {
    expect((await post(`/api/resources/flag/${liveId}`, fan.token)).body.rsc).toMatchObject({
      ratings: { redFlags: 1 },
      prevActions: { has_flagged: true },
    });
    expect((await post(`/api/resources/flag/${liveId}`, fan.token)).body.rsc).toMatchObject({
      ratings: { redFlags: 0 },
      prevActions: { has_flagged: false },
    });
  });

  it('counts every click and every view, anonymous views included', async () => {
    const before = (await post(`/api/resources/view/${liveId}`)).body.rsc.analytics;
    await post(`/api/resources/clicked/${liveId}`, fan.token);
    const clicked = await post(`/api/resources/clicked/${liveId}`, fan.token);
    expect(clicked.body.rsc.analytics.clicks).toBe(before.clicks + 2);
    const viewed = await post(`/api/resources/view/${liveId}`, fan.token);
    expect(viewed.body.rsc.analytics.pageViews.total).toBe(before.pageViews.total + 1);
  });

  it('never changes state on GET: the detail reads append nothing, and the GET forms of the actions do not exist', async () => {
    const headBefore = await harness.infrastructure.store.headPosition();
    expect((await harness.call('GET', `/api/resources/viewById/${liveId}`, { token: fan.token })).status).toBe(200);
    expect(await harness.infrastructure.store.headPosition()).toBe(headBefore);
    for (const action of ['like', 'save', 'flag', 'clicked'])
      expect((await harness.call('GET', `/api/resources/${action}/${liveId}`, { token: fan.token })).status).toBe(404);
  });

  it.each(['like', 'save', 'flag', 'clicked', 'view'])(
    'answers 404 "This post does not exist" to %s of an unknown or non-live post, writing nothing',
    async (action) => {
      const headBefore = await harness.infrastructure.store.headPosition();
      for (const id of ['00000000-0000-4000-8000-000000000000', pendingId, 'not-a-uuid']) {
        const answer = await post(`/api/resources/${action}/${id}`, fan.token);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: true, message: 'This post does not exist' });
      }
      expect(await harness.infrastructure.store.headPosition()).toBe(headBefore);
    },
  );

  it.each(['like', 'save', 'flag', 'clicked'])('asks anonymous callers to sign in for %s', async (action) => {
    const answer = await post(`/api/resources/${action}/${liveId}`);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: true, message: ACCESS_MESSAGES.signInRequired });
  });
});

/** Members in the crowd that likes one post at once. */
const CROWD_SIZE = 200;
/** One user's racing toggles. */
const PARALLEL_TOGGLES = 50;
/**
 * The crowd test takes up to 50 s on PGlite and 53 s on Postgres on a 2-core machine at load 13–20,
 * most of it making 200 accounts through the account commands (4 commands each); a wide margin.
 */
const CROWD_TIMEOUT_MS = 240_000;
const TOGGLES_TIMEOUT_MS = 120_000;
/** 200 parallel views take a few seconds; a wide margin for a loaded machine. */
const VIEWS_TIMEOUT_MS = 120_000;

for (const database of harnessDatabases()) {
  // PGlite runs one query at a time; only the server makes these requests' transactions overlap.
  describe.skipIf(database.skipped !== null)(
    `counts under concurrency on ${database.name}${database.skipped ? ` (skipped: ${database.skipped})` : ''}`,
    () => {
      let server: ApiHarness;
      let poster: Member;
      let toggler: Member;
      const like = (templateId: string, token: string) => server.call<Rsc>('POST', `/api/resources/like/${templateId}`, { token });
      const resourceOn = async (templateId: string, viewerId: string | null = null) =>
        (await engagedResource(server.infrastructure.database.db, server.infrastructure.vault, templateId, viewerId))!;

      beforeAll(async () => {
        server = await startApiHarness({ users: 1, templates: 1, seed: 42 }, { database: database.name });
        poster = await makeMember(server, { prefix: 'poster' });
        toggler = await makeMember(server, { prefix: 'toggler' });
      });
      afterAll(async () => {
        await server?.close();
      });

      it(
        `gives ${CROWD_SIZE} likes when ${CROWD_SIZE} users like one template at once`,
        async () => {
          const templateId = await publishTemplate(server, poster.userId, { title: 'Crowd Favourite' });
          const crowd = await makeMembers(server, CROWD_SIZE, { prefix: 'crowd' });
          const answers = await Promise.all(crowd.map((user) => like(templateId, user.token)));
          expect(answers.map((answer) => answer.status)).toEqual(crowd.map(() => 200));
          expect(answers.every((answer) => answer.body.rsc.prevActions.has_liked)).toBe(true);
          const resource = await resourceOn(templateId);
          expect(resource.ratings.positive).toBe(CROWD_SIZE);
          const likers = await server.infrastructure.database.db
            .selectFrom('template_likes')
            .select('user_id')
            .where('template_id', '=', templateId)
            .execute();
          expect(new Set(likers.map((liker) => liker.user_id))).toEqual(new Set(crowd.map((user) => user.userId)));
          console.info(`concurrency on ${database.name}: ${CROWD_SIZE} users liked at once → ${resource.ratings.positive} likes`);
        },
        CROWD_TIMEOUT_MS,
      );

      it(
        `keeps one user's ${PARALLEL_TOGGLES} parallel toggles consistent: the count is 1 exactly when an odd number was accepted`,
        async () => {
          const templateId = await publishTemplate(server, poster.userId, { title: 'Toggled Planner' });
          const answers = await Promise.all(Array.from({ length: PARALLEL_TOGGLES }, () => like(templateId, toggler.token)));
          const accepted = answers.filter((answer) => answer.status === 200).length;
          expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
          expect(accepted).toBeGreaterThan(0);
          const resource = await resourceOn(templateId, toggler.userId);
          expect(resource.ratings.positive).toBe(accepted % 2);
          expect(resource.prevActions.has_liked).toBe(accepted % 2 === 1);
          const events = await server.infrastructure.store.readStream(`like-${templateId}-${toggler.userId}`);
          expect(events).toHaveLength(accepted);
          console.info(
            `concurrency on ${database.name}: ${PARALLEL_TOGGLES} parallel toggles by one user → ${accepted} accepted, ${PARALLEL_TOGGLES - accepted} refused with 409, final count ${resource.ratings.positive}`,
          );
        },
        TOGGLES_TIMEOUT_MS,
      );

      it(
        'counts 200 parallel anonymous views of one post: every answer 2xx, no conflict',
        () => expectParallelViewsCounted(server, poster),
        VIEWS_TIMEOUT_MS,
      );

      it(
        'answers 200 parallel anonymous views from one address and counts as many as its limit allows',
        () => expectOneAddressLimited(server, poster),
        VIEWS_TIMEOUT_MS,
      );

      it('still counts views stored in the former per-day streams', async () => {
        const templateId = await publishTemplate(server, poster.userId, { title: 'Long Viewed Planner' });
        const { commands } = server.infrastructure;
        const data = { templateId, userId: null };
        const formerDayStream = `view-${templateId}-anonymous-2026-01-02`;
        await commands.handle(viewDecider, formerDayStream, { type: 'RecordView', data }, { actor: { userId: null, role: 'anonymous' } });
        await commands.handle(viewDecider, formerDayStream, { type: 'RecordView', data }, { actor: { userId: null, role: 'anonymous' } });
        await server.catchUp();
        expect((await server.call<Rsc>('POST', `/api/resources/view/${templateId}`)).body.rsc.analytics.pageViews.total).toBe(3);
      });
    },
  );
}

async function expectOneAddressLimited(target: ApiHarness, postAuthor: Member): Promise<void> {
  const templateId = await publishTemplate(target, postAuthor.userId, { title: 'Refreshed Planner' });
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => target.call('POST', `/api/resources/view/${templateId}`, { remoteAddress: '127.2.0.1' })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  const resource = await engagedResource(target.infrastructure.database.db, target.infrastructure.vault, templateId, null);
  expect(resource!.analytics.pageViews.total).toBe(RATE_LIMITS.anonymousViewsPerAddress.max);
}

/** 200 anonymous visitors, each from an address of its own (so the per-address limit does not apply), view one post at once. */
async function expectParallelViewsCounted(target: ApiHarness, postAuthor: Member): Promise<void> {
  const templateId = await publishTemplate(target, postAuthor.userId, { title: 'Much Viewed Planner' });
  const pageViews = async () =>
    (await engagedResource(target.infrastructure.database.db, target.infrastructure.vault, templateId, null))!.analytics.pageViews.total;
  const before = await pageViews();
  const addresses = Array.from({ length: 200 }, (_, index) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`);
  const started = performance.now();
  const answers = await Promise.all(
    addresses.map(async (remoteAddress) => {
      const answer = await target.call('POST', `/api/resources/view/${templateId}`, { remoteAddress });
      return { status: answer.status, ms: performance.now() - started };
    }),
  );
  const statuses = answers.map((answer) => answer.status);
  const slowestMs = Math.max(...answers.map((answer) => answer.ms));
  console.info(
    `concurrency (${target.infrastructure.database.kind}): 200 parallel anonymous views → ${statuses.filter((status) => status === 200).length} answered 200, ` +
      `${statuses.filter((status) => status === 409).length} conflicts, slowest answer ${Math.round(slowestMs)} ms`,
  );
  expect(statuses).toEqual(addresses.map(() => 200));
  expect(await pageViews()).toBe(before + 200);
}

describe('comments', () => {
  const comments = async (templateId: string, query = '') =>
    harness.call<CommentPage>('GET', `/api/comments/resource/${templateId}${query}`);

  it('answers a page of comments at a time, newest first, with their number and the cursor to the older ones', async () => {
    const templateId = await publishTemplate(harness, author.userId);
    const count = COMMENTS_PAGE.size * 2 + 5;
    let position: bigint | null = null;
    // Through the command, not the route: one member may post only so many a minute.
    for (let index = 0; index < count; index++)
      ({ position } = await harness.infrastructure.engagement.postComment(templateId, `comment ${index}`, {
        userId: fan.userId,
        role: 'base',
      }));
    await harness.catchUp(position!);

    const first = await comments(templateId);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(count);
    expect(first.body.comments.map((comment) => comment.message)).toEqual(
      Array.from({ length: COMMENTS_PAGE.size }, (_, index) => `comment ${count - 1 - index}`),
    );
    const seen = [...first.body.comments];
    let cursor = first.body.nextCursor;
    while (cursor !== null) {
      const next = await comments(templateId, `?before=${cursor}`);
      expect(next.status).toBe(200);
      seen.push(...next.body.comments);
      cursor = next.body.nextCursor;
    }
    expect(seen.map((comment) => comment.message)).toEqual(Array.from({ length: count }, (_, index) => `comment ${count - 1 - index}`));
    const all = await comments(templateId, `?limit=${COMMENTS_PAGE.maxSize}`);
    expect(all.body).toMatchObject({ total: count, nextCursor: null });
    expect(all.body.comments).toHaveLength(count);
  });

  it.each([
    ['?limit=0', 'limit: must be at least 1'],
    [`?limit=${COMMENTS_PAGE.maxSize + 1}`, `limit: must be at most ${COMMENTS_PAGE.maxSize}`],
    ['?limit=ten', 'limit: must be a number'],
    ['?limit=1.5', 'limit: must be a whole number'],
    ['?before=abc', `before: ${COMMENTS_PAGE.badCursor}`],
    ['?before=-1', `before: ${COMMENTS_PAGE.badCursor}`],
    ['?before=0', `before: ${COMMENTS_PAGE.badCursor}`],
    ['?before=99999999999999999999', `before: ${COMMENTS_PAGE.badCursor}`],
    ['?limit=%00', `limit: ${TEXT_MESSAGES.forbiddenCharacters}`],
  ])('refuses a bad page request %s with a 400 naming the field as a person reads it', async (query, message) => {
    const answer = await comments(liveId, query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: true, message });
  });

  it('stores and returns a <script> comment verbatim, as JSON text, never transformed', async () => {
    const message = '<script>alert("pwned")</script> & <b>bold</b>\nsecond line';
    const posted = await post<{ comment: CommentView }>(`/api/comments/resource/${liveId}`, fan.token, { message });
    expect(posted.status).toBe(201);
    expect(posted.headers['content-type']).toMatch(/^application\/json/u);
    expect(posted.body.comment).toMatchObject({ message, author: { _id: fan.userId, username: fan.username } });
    const listed = await comments(liveId);
    expect(listed.headers['content-type']).toMatch(/^application\/json/u);
    expect(listed.body.comments[0]!.message).toBe(message);
    const stored = await harness.infrastructure.database.db
      .selectFrom('comments')
      .select('message')
      .where('id', '=', posted.body.comment._id)
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe(message);
  });

  it("shows an erased member's comments as by 'Erased user', not by their erased-<id> placeholder name", async () => {
    const leaving = await makeMember(harness, { prefix: 'leaving' });
    await post(`/api/comments/resource/${liveId}`, leaving.token, { message: 'Soon gone' });
    expect((await post('/api/users/me/delete', leaving.token, { password: 'Member#pass1' })).status).toBe(200);
    await harness.catchUp();
    const shown = (await comments(liveId)).body.comments.find((comment) => comment.author._id === leaving.userId);
    expect(shown?.author).toEqual({
      _id: leaving.userId,
      username: erasedUsername(leaving.userId),
      erased: true,
      info: { displayName: ERASED_USER_NAME, thumbnail: null },
    });
    expect((await comments(liveId)).body.comments.find((comment) => comment.author._id === fan.userId)?.author.erased).toBe(false);
  });

  it('lists newest first and counts comments on the resource', async () => {
    const templateId = await publishTemplate(harness, author.userId);
    for (const message of ['first', 'second', 'third']) await post(`/api/comments/resource/${templateId}`, fan.token, { message });
    expect((await comments(templateId)).body.comments.map((comment) => comment.message)).toEqual(['third', 'second', 'first']);
    expect((await readResource(templateId)).comments).toBe(3);
  });

  it("e-mails the post's author about a comment, once, unless it is their own or they turned the setting off", async () => {
    const writer = await makeMember(harness, { prefix: 'notified' });
    const templateId = await publishTemplate(harness, writer.userId, { title: 'Notified Planner' });
    const commentMails = async () =>
      (await harness.infrastructure.outbox!.list({ to: `${writer.username}@members.example`, limit: 50 })).filter((mail) =>
        mail.subject.includes('commented on'),
      );
    const reactor = harness.infrastructure.commentNotifications;

    expect(
      (await post(`/api/comments/resource/${templateId}`, fan.token, { message: 'Lovely layout, thank you for sharing it with everyone' }))
        .status,
    ).toBe(201);
    await expect.poll(async () => (await commentMails()).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await commentMails();
    expect(mail!.subject).toBe(`${fan.username} commented on "Notified Planner"`);
    expect(mail!.text).toContain('“Lovely layout, thank you for sharing it with everyone”');

    // Their own comment, and one after they turned "Activity on my templates" off: no e-mail.
    expect((await post(`/api/comments/resource/${templateId}`, writer.token, { message: 'Thanks!' })).status).toBe(201);
    expect((await post('/api/users/me/update', writer.token, { privacy: { allowEmailsFromPosts: false } })).status).toBe(200);
    const quiet = await post<{ comment: CommentView }>(`/api/comments/resource/${templateId}`, fan.token, { message: 'Another one' });
    expect(quiet.status).toBe(201);
    expect(await reactor.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
    expect(await commentMails()).toHaveLength(1);

    // Replayed after a crash before its checkpoint: the same message, stored once.
    expect((await post('/api/users/me/update', writer.token, { privacy: { allowEmailsFromPosts: true } })).status).toBe(200);
    await reactor.stop();
    const first = (await harness.infrastructure.store.readAll({ after: 0n, maxCount: 100_000 })).find(
      (event) => event.type === 'CommentPosted' && (event.data as { templateId: string }).templateId === templateId,
    )!;
    await harness.infrastructure.database.db
      .updateTable('reactor_checkpoints')
      .set({ position: first.position - 1n })
      .where('reactor', '=', reactor.name)
      .execute();
    reactor.start();
    await expect
      .poll(async () => (await reactor.checkpoint()) >= (await harness.infrastructure.store.headPosition()), { timeout: 30_000 })
      .toBe(true);
    // The one turned off is mailed now (the setting is read when the e-mail goes out); the first is not mailed twice.
    expect((await commentMails()).map((sent) => sent.text.includes('Lovely layout'))).toEqual([false, true]);

    // A first start (no checkpoint) begins at the head: comments from before it are not mailed about.
    await reactor.stop();
    await harness.infrastructure.database.db.deleteFrom('reactor_checkpoints').where('reactor', '=', reactor.name).execute();
    expect((await post(`/api/comments/resource/${templateId}`, fan.token, { message: 'Posted while it was off' })).status).toBe(201);
    reactor.start();
    await expect
      .poll(async () => (await reactor.checkpoint()) >= (await harness.infrastructure.store.headPosition()), { timeout: 30_000 })
      .toBe(true);
    expect((await commentMails()).some((sent) => sent.text.includes('Posted while it was off'))).toBe(false);
  });

  it(`e-mails a member about at most ${COMMENT_MAILS_PER_AUTHOR.max} comments on their posts an hour, says so in the last, and again once the hour has passed`, async () => {
    const writer = await makeMember(harness, { prefix: 'popular' });
    const crowd = await makeMembers(harness, 3, { prefix: 'crowd' });
    const posts = [await publishTemplate(harness, writer.userId), await publishTemplate(harness, writer.userId)];
    const reactor = harness.infrastructure.commentNotifications;
    const commentMails = async () =>
      (await harness.infrastructure.outbox!.list({ to: `${writer.username}@members.example`, limit: 50 })).filter((mail) =>
        mail.subject.includes('commented on'),
      );
    const flood = COMMENT_MAILS_PER_AUTHOR.max + 2;
    for (let index = 1; index <= flood; index += 1) {
      expect(
        (await post(`/api/comments/resource/${posts[index % 2]}`, crowd[index % 3]!.token, { message: `Flood comment ${index}` })).status,
      ).toBe(201);
      // Their own comments are not mailed about, nor counted.
      if (index === 3)
        expect((await post(`/api/comments/resource/${posts[0]}`, writer.token, { message: 'Thanks, all' })).status).toBe(201);
    }
    expect(await reactor.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
    const mailed = await commentMails();
    const quoted = (index: number) => mailed.filter((mail) => mail.text.includes(`“Flood comment ${index}”`));
    expect(mailed).toHaveLength(COMMENT_MAILS_PER_AUTHOR.max);
    for (let index = 1; index <= COMMENT_MAILS_PER_AUTHOR.max; index += 1) expect(quoted(index)).toHaveLength(1);
    expect(
      mailed.filter((mail) => mail.text.includes(COMMENT_MAILS_PAUSED)).map((mail) => quoted(COMMENT_MAILS_PER_AUTHOR.max).includes(mail)),
    ).toEqual([true]);

    // A comment posted once the hour of the others has passed is mailed about.
    const later = new Date(Date.now() + COMMENT_MAILS_PER_AUTHOR.windowMs + 60_000).toISOString();
    const commentId = randomUUID();
    await harness.infrastructure.store.appendToStream(
      commentStream(commentId),
      [
        {
          id: randomUUID(),
          type: 'CommentPosted',
          data: { commentId, templateId: posts[0]!, authorId: crowd[0]!.userId, message: 'An hour later' },
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor: { userId: crowd[0]!.userId, role: 'base' },
            occurredAt: later,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(await reactor.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
    expect((await commentMails()).filter((mail) => mail.text.includes('“An hour later”'))).toHaveLength(1);
  });

  it('turns comment e-mails off from the link in one, in one click, and no other list or member with it', async () => {
    const writer = await makeMember(harness, { prefix: 'unsubscriber' });
    const templateId = await publishTemplate(harness, writer.userId, { title: 'Unsubscribed Planner' });
    const commentMails = async () =>
      (await harness.infrastructure.outbox!.list({ to: `${writer.username}@members.example`, limit: 50 })).filter((mail) =>
        mail.subject.includes('commented on'),
      );
    const settingsOf = async (userId: string) => (await userById(harness.infrastructure.database.db, userId))!.notifications;
    expect((await post(`/api/comments/resource/${templateId}`, fan.token, { message: 'First comment' })).status).toBe(201);
    await expect.poll(async () => (await commentMails()).length, { timeout: 30_000 }).toBe(1);
    const link = new URL((await commentMails())[0]!.text.match(/Turn off comment e-mails: (\S+)/u)![1]!);
    expect(link.searchParams.get('list')).toBe('activity');
    const path = `${link.pathname}${link.search}`;
    const oneClick = (url: string) =>
      harness.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });

    // Opening the link asks and changes nothing (mail scanners open links).
    const page = await harness.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(UNSUBSCRIBE_LISTS.activity.ask);
    expect((await settingsOf(writer.userId)).allowEmailsFromPosts).not.toBe(false);
    // The token is the writer's for this list: not for update e-mails, nor for another member.
    const token = link.searchParams.get('token')!;
    for (const url of [
      `/api/emails/unsubscribe?token=${encodeURIComponent(token)}`,
      `/api/emails/unsubscribe?list=activity&token=${encodeURIComponent(`${fan.userId}${token.slice(token.indexOf('.'))}`)}`,
    ]) {
      const refused = await oneClick(url);
      expect({ status: refused.statusCode, invalid: refused.body.includes(UNSUBSCRIBE_MESSAGES.invalid) }).toEqual({
        status: 400,
        invalid: true,
      });
    }

    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(UNSUBSCRIBE_LISTS.activity.done);
    expect(await settingsOf(writer.userId)).toMatchObject({ allowEmailsFromPosts: false });
    expect((await settingsOf(writer.userId)).allowUpdateEmails).not.toBe(false);
    expect((await settingsOf(fan.userId)).allowEmailsFromPosts).not.toBe(false);
    expect((await post(`/api/comments/resource/${templateId}`, fan.token, { message: 'Second comment' })).status).toBe(201);
    expect(await harness.infrastructure.commentNotifications.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
    expect(await commentMails()).toHaveLength(1);
  });

  it.each([
    ['empty', '', ENGAGEMENT_MESSAGES.commentEmpty],
    ['blank', '  \n\t ', ENGAGEMENT_MESSAGES.commentEmpty],
    ['invisible (zero-width and direction marks only)', '\u200B \u200D\u2060\u200E\n\u202E', ENGAGEMENT_MESSAGES.commentEmpty],
    ['one over the limit', 'x'.repeat(ENGAGEMENT_LIMITS.commentMax + 1), ENGAGEMENT_MESSAGES.commentTooLong(ENGAGEMENT_LIMITS.commentMax)],
    [
      'one emoji over the limit',
      '😀'.repeat(ENGAGEMENT_LIMITS.commentMax + 1),
      ENGAGEMENT_MESSAGES.commentTooLong(ENGAGEMENT_LIMITS.commentMax),
    ],
  ])('refuses an %s comment with a clear 400 and stores nothing', async (_case, message, expected) => {
    const headBefore = await harness.infrastructure.store.headPosition();
    const answer = await post(`/api/comments/resource/${liveId}`, fan.token, { message });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: true, message: `message: ${expected}` });
    expect(await harness.infrastructure.store.headPosition()).toBe(headBefore);
  });

  it('counts an emoji as one character: a comment of the limit in emoji is posted whole', async () => {
    const templateId = await publishTemplate(harness, author.userId);
    const message = '😀'.repeat(ENGAGEMENT_LIMITS.commentMax);
    const answer = await post(`/api/comments/resource/${templateId}`, fan.token, { message });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect((await comments(templateId)).body.comments.map((comment) => comment.message)).toEqual([message]);
  });

  it('refuses a missing or non-text message, anonymous commenters, and comments on non-live posts', async () => {
    const notText = { status: 400, body: { error: true, message: expect.stringMatching(/^message: (is required|must be text)$/u) } };
    expect(await post(`/api/comments/resource/${liveId}`, fan.token, {})).toMatchObject(notText);
    expect(await post(`/api/comments/resource/${liveId}`, fan.token, { message: 42 })).toMatchObject(notText);
    expect(await post(`/api/comments/resource/${liveId}`, undefined, { message: 'hi' })).toMatchObject({
      status: 401,
      body: { error: true, message: ACCESS_MESSAGES.signInRequired },
    });
    const gone = { status: 404, body: { error: true, message: 'This post does not exist' } };
    expect(await post(`/api/comments/resource/${pendingId}`, fan.token, { message: 'hi' })).toMatchObject(gone);
    expect(await comments(pendingId)).toMatchObject(gone);
  });
});

describe('reports', () => {
  const form = (resourceId: string) => ({
    resourceId,
    name: 'Fan Person',
    reason: 'doesnt-work',
    message: 'The link is dead.',
    email: 'Fan@Example.com',
    dateReported: new Date().toISOString(),
  });

  it("takes a report, keeps the reporter's details out of the log in clear, and shows it to admins", async () => {
    const answer = await post<{ success: boolean }>('/api/resources/reportPost', fan.token, form(liveId));
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const log = JSON.stringify(
      await harness.infrastructure.database.db.selectFrom('events').select('data').where('type', '=', 'TemplateReported').execute(),
    );
    expect(log).not.toContain('fan@example.com');
    expect(log).not.toContain('Fan Person');
    expect(log).not.toContain('The link is dead.');

    const admin = await makeMember(harness, { prefix: 'moderator', lvl: 'admin' });
    const reports = await harness.call<{ reports: Record<string, unknown>[]; total: number }>('GET', '/api/admin/reports', {
      token: admin.token,
    });
    expect(reports.status).toBe(200);
    expect(reports.body.reports[0]).toMatchObject({
      resourceId: liveId,
      resource: { title: 'Engaging Planner' },
      reporter: { _id: fan.userId, username: fan.username },
      name: 'Fan Person',
      email: 'fan@example.com',
      message: 'The link is dead.',
      reason: 'doesnt-work',
    });
  });

  it('refuses the author reporting their own post with 403', async () => {
    const answer = await post('/api/resources/reportPost', author.token, form(liveId));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: true, message: ENGAGEMENT_MESSAGES.reportOwnPost });
  });

  it('refuses a reason off the list, a missing e-mail, an unknown or non-live post, and anonymous reporters', async () => {
    expect((await post('/api/resources/reportPost', fan.token, { ...form(liveId), reason: 'because' })).body).toEqual({
      error: true,
      message: `reason: ${ENGAGEMENT_MESSAGES.reportReasonUnknown}`,
    });
    expect((await post('/api/resources/reportPost', fan.token, { ...form(liveId), email: '' })).status).toBe(400);
    expect((await post('/api/resources/reportPost', fan.token, form('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await post('/api/resources/reportPost', fan.token, form(pendingId))).status).toBe(404);
    expect((await post('/api/resources/reportPost', undefined, form(liveId))).status).toBe(401);
  });

  it('accepts the placeholder reason as "no reason given"', async () => {
    expect((await post('/api/resources/reportPost', fan.token, { ...form(liveId), reason: '' })).status).toBe(200);
  });

  it('keeps /admin/reports from base users', async () => {
    const answer = await harness.call('GET', '/api/admin/reports', { token: fan.token });
    expect(answer).toMatchObject({ status: 403, body: { error: true, message: 'You do not have permission to access this resource.' } });
  });
});

describe('created and saved lists', () => {
  it('pages saved posts 10 at a time, newest save first, and leaves out deleted posts', async () => {
    const saver = await makeMember(harness, { prefix: 'saver' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(await publishTemplate(harness, author.userId));
      expect((await post(`/api/resources/save/${ids[i]}`, saver.token)).status).toBe(200);
    }
    const first = await harness.call<ResourcePage>('GET', '/api/users/private/me/saved', { token: saver.token });
    expect(first.body).toMatchObject({ total: 12, page: 1, pageSize: 10, from: 1, to: 10, showing: 'Showing 1 - 10 of 12' });
    expect(first.body.resources.map((resource) => resource._id)).toEqual(ids.slice(2).reverse());
    expect(first.body.resources.every((resource) => resource.prevActions.has_saved)).toBe(true);
    const second = await harness.call<ResourcePage>('GET', '/api/users/private/me/saved?page=2', { token: saver.token });
    expect(second.body).toMatchObject({ total: 12, page: 2, from: 11, to: 12, showing: 'Showing 11 - 12 of 12' });
    expect((await me(saver.token)).actions.saves).toHaveLength(12);

    // Its author deletes one: it leaves the list, the count and actions.saves.
    const deleted = await harness.infrastructure.commands.handle(
      templateDecider,
      templateStream(ids[0]!),
      { type: 'DeleteTemplate', data: { templateId: ids[0]!, requester: { userId: author.userId, lvl: 'base' }, reason: null } },
      { actor: { userId: author.userId, role: 'base' } },
    );
    await harness.catchUp(deleted.position);
    expect((await harness.call<ResourcePage>('GET', '/api/users/private/me/saved?page=2', { token: saver.token })).body).toMatchObject({
      total: 11,
      from: 11,
      to: 11,
    });
    expect((await me(saver.token)).actions.saves).not.toContain(ids[0]);
    const empty = await harness.call<ResourcePage>('GET', '/api/users/private/me/saved', { token: author.token });
    expect(empty.body).toMatchObject({ total: 0, resources: [], from: 0, to: 0, showing: 'Showing 0 - 0 of 0' });
  });

  it('refuses bad pages and anonymous callers', async () => {
    for (const page of ['0', '-1', 'abc', '1.5'])
      expect((await harness.call('GET', `/api/users/private/me/saved?page=${page}`, { token: fan.token })).status).toBe(400);
    expect((await harness.call('GET', '/api/users/private/me/saved')).status).toBe(401);
  });
});
