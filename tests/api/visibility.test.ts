import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { TOPICS_REQUEST_LIMIT } from '../../src/domain/discovery/constants.js';
import { trendingOrder } from '../../src/domain/discovery/trending.js';
import { TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';
import { AS_OF_MESSAGES } from '../../src/domain/shared/as-of.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { VISIBILITY_MESSAGES, type VisibilityAnswer, type VisibilitySurface } from '../../src/domain/templates/visibility.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { publishTemplate as publishWithContent } from '../fixtures/catalogue.js';
import { publishTemplate } from '../fixtures/templates.js';

type List = { data: ResourceView[] };

/** The Visibility panel: where a post is shown and why, and its ranks taken from the lists themselves. */
describe('GET /resources/{id}/visibility', () => {
  let harness: ApiHarness;
  let author: Member;
  let admin: Member;
  let stranger: Member;
  let flagger: Member;
  let waitingId: string;
  let hiddenId: string;
  let liveId: string;
  let paidId: string;

  const visibility = (id: string, token: string, asOf?: string) =>
    harness.call<VisibilityAnswer>('GET', `/api/resources/${id}/visibility${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`, { token });
  const surfaceOf = (answer: VisibilityAnswer, name: VisibilitySurface) => answer.surfaces.find((surface) => surface.surface === name)!;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 6, templates: 36, seed: 58 });
    [author, admin, stranger, flagger] = await Promise.all([
      makeMember(harness, { prefix: 'vis_author' }),
      makeMember(harness, { prefix: 'vis_admin', lvl: 'admin' }),
      makeMember(harness, { prefix: 'vis_stranger' }),
      makeMember(harness, { prefix: 'vis_flagger' }),
    ]);
    waitingId = await publishTemplate(harness, author.userId, { title: 'Waiting Planner', live: false });
    liveId = await publishTemplate(harness, author.userId, { title: 'Live Planner' });
    hiddenId = await publishTemplate(harness, author.userId, { title: 'Hidden Planner' });
    // Priced while the author has no payout account that takes charges (one restricted after pricing reads the same).
    paidId = (await publishWithContent(harness.infrastructure.commands, { title: 'Paid Planner', price: 9 }, { authorId: author.userId }))
      .templateId;
    const flagged = await harness.call('POST', `/api/resources/flag/${hiddenId}`, { token: flagger.token, body: {} });
    const report = { resourceId: hiddenId, name: 'Flag Ger', reason: 'doesnt-work', message: 'Dead link.', email: 'flagger@example.com' };
    expect((await harness.call('POST', '/api/resources/reportPost', { token: flagger.token, body: report })).status).toBe(200);
    for (let tries = 0; ; tries += 1) {
      const { body } = await harness.call<{ history: { type: string }[] }>('GET', `/api/resources/${hiddenId}/history`, {
        token: author.token,
      });
      if (body.history.some((entry) => entry.type === 'TemplateFlaggedForReview')) break;
      if (tries === 300) throw new Error('The report did not send the post to review');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const hidden = await harness.call('PUT', '/api/admin/resources/update', {
      token: admin.token,
      body: { _id: hiddenId, status: 'hidden', reason: 'Links to a broken page' },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    await harness.catchUp();
  }, 180_000);

  afterAll(async () => harness?.close());

  it('ranks every post of the catalogue where the list routes place it', async () => {
    const list = async (url: string) => (await harness.call<List>('GET', url)).body.data.map((resource) => resource._id);
    const topRatedDeep = await list('/api/resources/toprated?limit=50');
    const newestDeep = await list('/api/resources/today?limit=50');
    const trending = trendingOrder(
      (await list('/api/resources/sponsored')).map((_id) => ({ _id })),
      (await list('/api/resources/toprated')).map((_id) => ({ _id })),
    ).map((card) => card._id);
    const topics = (
      await harness.call<{ topic: { name: string }; resources: ResourceView[] }[]>(
        'GET',
        `/api/topics?withResources=true&limit=${TOPICS_REQUEST_LIMIT}`,
      )
    ).body;
    const topicIds = new Map(topics.map((row) => [row.topic.name, row.resources.map((resource) => resource._id)]));
    const { database } = harness.infrastructure;
    const posts = await database.db
      .selectFrom('templates')
      .innerJoin('users', 'users.id', 'templates.author_id')
      .select(['templates.id', 'templates.platform', 'templates.topic', 'users.username'])
      .execute();
    expect(posts.length).toBeGreaterThan(30);
    const appIds = new Map<string, string[]>();
    const profileIds = new Map<string, string[]>();
    let ranked = 0;
    // The catalogue folded from the log to this moment, ordered by the lists' rules, must rank as the lists do now.
    const folded = new Date().toISOString();

    for (const post of posts) {
      if (!appIds.has(post.platform))
        appIds.set(
          post.platform,
          await list(`/api/resources/search?platform=${encodeURIComponent(post.platform)}&sort=date_desc&limit=100`),
        );
      if (!profileIds.has(post.username)) {
        const profile = await harness.call<{ posts: ResourceView[]; pagination: { totalPages: number } }>(
          'GET',
          `/api/users/public/${post.username}`,
        );
        const ids = profile.body.posts.map((resource) => resource._id);
        for (let page = 2; page <= profile.body.pagination.totalPages; page += 1)
          ids.push(
            ...(await harness.call<{ posts: ResourceView[] }>('GET', `/api/users/public/${post.username}?page=${page}`)).body.posts.map(
              (resource) => resource._id,
            ),
          );
        profileIds.set(post.username, ids);
      }
      const answer = await visibility(post.id, admin.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expectations: [VisibilitySurface, string[], number][] = [
        ['home:toprated', topRatedDeep, 12],
        ['home:new', newestDeep, 12],
        ['trending', trending, trending.length],
        ['topic', topicIds.get(post.topic) ?? [], TOPICS_REQUEST_LIMIT],
        ['app', appIds.get(post.platform)!, Infinity],
        ['profile', profileIds.get(post.username)!, Infinity],
      ];
      for (const [name, ids, shows] of expectations) {
        const surface = surfaceOf(answer.body, name);
        const index = ids.indexOf(post.id);
        const where = `${post.id} on ${name}: ${JSON.stringify(surface)}`;
        if (index === -1) {
          expect(surface.shown, where).toBe(false);
        } else {
          expect(surface.rank, where).toBe(index + 1);
          expect(surface.shown, where).toBe(index < shows);
          ranked += 1;
        }
      }
      const fromLog = await visibility(post.id, admin.token, folded);
      expect(fromLog.status, JSON.stringify(fromLog.body)).toBe(200);
      // The same places and reasons (a past answer words the sale in the past tense).
      const places = (body: VisibilityAnswer) =>
        body.surfaces.map(({ surface, shown, rank, reasons }) => ({ surface, shown, rank, codes: reasons.map((reason) => reason.code) }));
      expect(places(fromLog.body), post.id).toEqual(places(answer.body));
    }
    // Every public catalogue post has a place on its app page and profile at least.
    expect(ranked).toBeGreaterThan(posts.length * 2);
  }, 240_000);

  it('says why a waiting post and a hidden one are shown nowhere, without naming who flagged', async () => {
    const waiting = await visibility(waitingId, author.token);
    expect(waiting.status).toBe(200);
    expect(waiting.body.listed).toBe(false);
    expect(waiting.body.surfaces.every((surface) => !surface.shown && surface.reasons[0]!.code === 'awaiting_review')).toBe(true);
    expect(waiting.body.surfaces[0]!.reasons[0]!.message).toMatch(/^Waiting for review since \d{1,2} [A-Z][a-z]{2}/u);

    const hidden = await visibility(hiddenId, author.token);
    expect(hidden.body.listed).toBe(false);
    const reason = hidden.body.surfaces[0]!.reasons[0]!;
    expect(reason).toMatchObject({ code: 'hidden' });
    expect(reason.message).toMatch(/^Hidden since \d{1,2} [A-Z][a-z]{2}: 1 member flagged it$/u);
    expect(JSON.stringify(hidden.body)).not.toContain(flagger.userId);
    expect(JSON.stringify(hidden.body)).not.toContain('vis_flagger');
  });

  it('explains a past moment from the log: the hidden post was public before it was hidden', async () => {
    const now = await visibility(hiddenId, admin.token);
    const hiddenSince = now.body.surfaces[0]!.reasons[0]!.since!;
    const before = new Date(new Date(hiddenSince).getTime() - 1).toISOString();
    const past = await visibility(hiddenId, admin.token, before);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body.asOf).toBe(before);
    expect(past.body.listed).toBe(true);
    expect(surfaceOf(past.body, 'search')).toMatchObject({ shown: true });
    // Under a flag review then: public, not recommended.
    expect(surfaceOf(past.body, 'home:toprated')).toMatchObject({ shown: false, reasons: [{ code: 'flag_review' }] });
    // Its author's profile listed it then (the paid post came after it was hidden); it lists it no more.
    expect(surfaceOf(past.body, 'profile')).toMatchObject({ shown: true, rank: 2 });
    expect(surfaceOf(now.body, 'profile')).toMatchObject({ shown: false });
  });

  it('gives the live post its ranks and score', async () => {
    const answer = await visibility(liveId, author.token);
    expect(answer.body.listed).toBe(true);
    expect(answer.body.score).toEqual({ total: 0, parts: [{ name: 'kudos', value: 0 }] });
    expect(surfaceOf(answer.body, 'home:new')).toMatchObject({ shown: true });
    // The paid post came after it; the waiting and hidden ones are not on a visitor's view of the profile.
    expect(surfaceOf(answer.body, 'profile')).toMatchObject({ shown: true, rank: 2 });
  });

  it('says a paid post whose author cannot take charges is not for sale', async () => {
    const answer = await visibility(paidId, author.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(surfaceOf(answer.body, 'search').reasons).toContainEqual({ code: 'not_for_sale', message: VISIBILITY_MESSAGES.notForSale });
    const free = await visibility(liveId, author.token);
    expect(JSON.stringify(free.body)).not.toContain('not_for_sale');
    if (process.env.VISIBILITY_DUMP)
      for (const id of [liveId, paidId, hiddenId, waitingId]) console.info(JSON.stringify((await visibility(id, author.token)).body));
  });

  it('refuses other members, unknown posts and a bad asOf with the reason', async () => {
    expect((await visibility(liveId, stranger.token)).body).toEqual({ error: true, message: TEMPLATE_MESSAGES.unauthorized });
    expect((await visibility(liveId, stranger.token)).status).toBe(403);
    expect((await visibility('no-such-post', admin.token)).status).toBe(404);
    const malformed = await visibility(liveId, author.token, 'yesterday');
    expect([malformed.status, malformed.body]).toEqual([400, { error: true, message: AS_OF_MESSAGES.malformed }]);
    const future = await visibility(liveId, author.token, new Date(Date.now() + 86_400_000).toISOString());
    expect([future.status, future.body]).toEqual([400, { error: true, message: AS_OF_MESSAGES.inFuture }]);
    const early = await visibility(liveId, author.token, '2001-01-01T00:00:00Z');
    expect([early.status, early.body]).toEqual([404, { error: true, message: AS_OF_MESSAGES.beforePost }]);
  });

  it('gives the rank and the sale a post had at a past moment, where the lists put it then', async () => {
    const topRatedIds = async () =>
      (await harness.call<List>('GET', '/api/resources/toprated?limit=50')).body.data.map((resource) => resource._id);
    const newestIds = async () =>
      (await harness.call<List>('GET', '/api/resources/today?limit=50')).body.data.map((resource) => resource._id);
    const [topRatedThen, newestThen] = [await topRatedIds(), await newestIds()];
    const then = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Since then: three kudos lift the live post up Top rated, a newer post pushes it down New, and its author can take charges.
    for (const fan of await Promise.all([1, 2, 3].map((index) => makeMember(harness, { prefix: `vis_fan${index}` }))))
      expect((await harness.call('POST', `/api/resources/like/${liveId}`, { token: fan.token, body: {} })).status).toBe(200);
    await publishTemplate(harness, stranger.userId, { title: 'Newer Planner' });
    await onboardSandboxSeller(harness, author);
    await harness.catchUp();
    const [topRatedNow, newestNow] = [await topRatedIds(), await newestIds()];
    expect(topRatedNow.indexOf(liveId)).toBeLessThan(topRatedThen.indexOf(liveId));
    expect(newestNow.indexOf(liveId)).toBe(newestThen.indexOf(liveId) + 1);

    const past = await visibility(liveId, author.token, then);
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(surfaceOf(past.body, 'home:toprated').rank).toBe(topRatedThen.indexOf(liveId) + 1);
    expect(surfaceOf(past.body, 'home:new').rank).toBe(newestThen.indexOf(liveId) + 1);
    expect(past.body.score).toEqual({ total: 0, parts: [{ name: 'kudos', value: 0 }] });
    const now = await visibility(liveId, author.token);
    expect(surfaceOf(now.body, 'home:toprated').rank).toBe(topRatedNow.indexOf(liveId) + 1);
    expect(surfaceOf(now.body, 'home:new').rank).toBe(newestNow.indexOf(liveId) + 1);

    // The paid post: not for sale then (no payout account), for sale now.
    const paidThen = await visibility(paidId, author.token, then);
    expect(paidThen.body.sale).toEqual({ priceCents: 900, forSale: false });
    expect(surfaceOf(paidThen.body, 'search').reasons).toContainEqual({
      code: 'not_for_sale',
      message: VISIBILITY_MESSAGES.notForSaleThen,
    });
    const paidNow = await visibility(paidId, author.token);
    expect(paidNow.body.sale).toEqual({ priceCents: 900, forSale: true });
    expect(JSON.stringify(paidNow.body)).not.toContain('not_for_sale');
  }, 120_000);

  it('limits an author to 20 past-moment panels in 10 minutes, keeps the live panel open, and lets admins look on', async () => {
    const looker = await makeMember(harness, { prefix: 'past-looker' });
    const postId = await publishTemplate(harness, looker.userId, { title: 'Past Looker Planner' });
    await harness.catchUp();
    const moment = new Date().toISOString();
    for (let look = 1; look <= RATE_LIMITS.pastVisibilityPerUser.max; look += 1) {
      expect((await visibility(postId, looker.token, moment)).status, `look ${look}`).toBe(200);
    }
    const refused = await visibility(postId, looker.token, moment);
    expect([refused.status, refused.body]).toEqual([429, { error: true, message: RATE_LIMITS.pastVisibilityPerUser.message }]);
    expect((await visibility(postId, looker.token)).status).toBe(200);
    expect((await visibility(postId, admin.token, moment)).status).toBe(200);
  });
});
