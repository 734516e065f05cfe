import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId, seedCatalogue } from '../../src/composition/demo-catalogue.js';
import type { ResourceView } from '../../src/domain/catalogue/resource-view.js';
import { APPS, TOPICS } from '../../src/domain/catalogue/taxonomy.js';
import {
  POPULAR_SEARCH_REMOVED,
  POPULAR_TERM_MAX_LENGTH,
  POPULAR_TERM_MIN_MEMBERS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MAX_WORD_LENGTH,
  SEARCH_TEXT_TOO_LONG,
  TOP_CONTRIBUTORS_LIMIT,
} from '../../src/domain/discovery/constants.js';
import { DEFAULT_COLLECTIONS, DEFAULT_TOP_APPS } from '../../src/domain/discovery/curation.js';
import { publishTemplate } from '../fixtures/catalogue.js';
import { buildApp } from '../../src/api/app.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import type { Pagination } from '../../src/api/routes/search/index.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';
import { searchAnalyticsProjection } from '../../src/projections/read-models/search-analytics/projection.js';

const SIZE = { users: 4, templates: 30, seed: 7 };
const WAIT_MS = 10_000;

describe('search and discovery API (app.inject on embedded PGlite)', () => {
  let dataDir: string;
  let infrastructure: Infrastructure;
  let app: FastifyInstance;
  let budgetTrackerId: string;
  let draftId: string;

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const post = async (url: string, payload: unknown, remoteAddress = '127.0.0.1') => {
    const response = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const searchPage = async (query: string) => {
    const { status, body } = await get(`/api/resources/search${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as { data: ResourceView[]; pagination: Pagination };
  };
  const settle = async () => expect(await infrastructure.search.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);

  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-search-api-');
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await seedCatalogue(infrastructure, SIZE);
    const authorId = demoUserId(SIZE.seed, 1);
    budgetTrackerId = (
      await publishTemplate(
        infrastructure.commands,
        { title: 'Notion Budget Tracker', platform: 'notion', topic: 'personal', keywords: ['budget'] },
        { authorId },
      )
    ).templateId;
    draftId = (
      await publishTemplate(infrastructure.commands, { title: 'Notion Budget Draft', keywords: ['budget'] }, { authorId, approve: false })
    ).templateId;
    await infrastructure.runner.start();
    await infrastructure.search.start();
    await settle();
    app = await buildApp(infrastructure);
  });

  afterAll(async () => {
    await app?.close();
    await infrastructure?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('GET /api/resources/search', () => {
    it('finds a title with typos and answers resources with the spec pagination', async () => {
      const { data, pagination } = await searchPage('?q=notoin%20budgt%20tracker');
      expect(data.slice(0, 3).map((resource) => resource._id)).toContain(budgetTrackerId);
      expect(data.map((resource) => resource._id)).not.toContain(draftId);
      expect(data[0]).toMatchObject({ status: 'live', author: { username: expect.any(String) } });
      expect(pagination).toMatchObject({ currentPage: 1, itemsPerPage: SEARCH_DEFAULT_LIMIT, limit: SEARCH_DEFAULT_LIMIT });
      expect(pagination.showing).toBe(`Showing ${data.length} of ${pagination.totalItems}`);
    });

    it('pages through every live resource newest first, with page numbers and next/last URLs', async () => {
      const first = await searchPage('?limit=10');
      const total = SIZE.templates + 1;
      expect(first.pagination).toEqual({
        currentPage: 1,
        totalPages: Math.ceil(total / 10),
        totalItems: total,
        itemsPerPage: 10,
        showing: `Showing 10 of ${total}`,
        pageStatus: `1 / ${Math.ceil(total / 10)}`,
        pageNumbers: { first: null, prev: null, next: 2, last: Math.ceil(total / 10) },
        urls: { next: '/api/resources/search?page=2&limit=10', last: `/api/resources/search?page=${Math.ceil(total / 10)}&limit=10` },
        limit: 10,
      });
      const created = first.data.map((resource) => Date.parse(resource.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const last = await searchPage(`?limit=10&page=${Math.ceil(total / 10)}`);
      expect(last.data).toHaveLength(total % 10 || 10);
      expect(last.pagination.pageNumbers).toEqual({ first: 1, prev: Math.ceil(total / 10) - 1, next: null, last: null });
      expect(last.pagination.urls).toEqual({ next: null, last: null });

      const seen = new Set<string>();
      for (let page = 1; page <= Math.ceil(total / 10); page += 1)
        for (const resource of (await searchPage(`?limit=10&page=${page}`)).data) seen.add(resource._id);
      expect(seen.size).toBe(total);
    });

    it('answers an empty page past the last one, not an error', async () => {
      const { data, pagination } = await searchPage('?page=500');
      expect(data).toEqual([]);
      expect(pagination).toMatchObject({ currentPage: 500, totalItems: SIZE.templates + 1, showing: `Showing 0 of ${SIZE.templates + 1}` });
    });

    it('answers page 1 of 1 with 0 items when nothing matches', async () => {
      const { data, pagination } = await searchPage('?q=qwxzvbnmlk');
      expect(data).toEqual([]);
      expect(pagination).toMatchObject({
        currentPage: 1,
        totalPages: 1,
        totalItems: 0,
        pageStatus: '1 / 1',
        pageNumbers: { first: null, prev: null, next: null, last: null },
      });
    });

    it.each([SEARCH_MAX_WORD_LENGTH, SEARCH_MAX_WORD_LENGTH + 1, SEARCH_MAX_QUERY_LENGTH])(
      'finds nothing for one unknown word of %i letters',
      async (length) => {
        const { data, pagination } = await searchPage(`?q=${'q'.repeat(length)}`);
        expect(data).toEqual([]);
        expect(pagination).toMatchObject({ totalItems: 0, totalPages: 1 });
      },
    );

    it('filters by topic and platform given by name or label, keywords and price', async () => {
      for (const resource of (await searchPage('?topic=Content%20%26%20Files&limit=100')).data)
        expect(resource.topic).toBe('content_and_files');
      for (const resource of (await searchPage('?platform=Google%20Sheets&limit=100')).data)
        expect(resource.platform).toBe('google sheets');
      const tagged = await searchPage('?keywords=budget');
      expect(tagged.data.map((resource) => resource._id)).toEqual([budgetTrackerId]);
      const free = await searchPage('?price=free&limit=100');
      const paid = await searchPage('?price=paid&limit=100');
      expect(free.data.every((resource) => resource.price === 0)).toBe(true);
      expect(paid.data.every((resource) => resource.price > 0)).toBe(true);
      expect(free.pagination.totalItems + paid.pagination.totalItems).toBe(SIZE.templates + 1);
    });

    it('sorts by popularity over 90 days', async () => {
      const { data } = await searchPage(`?sort=most_pop_90&limit=${SEARCH_MAX_LIMIT}`);
      const likes = data.map((resource) => resource.ratings.positive);
      // The demo catalogue's likes are all recent: popularity is the like count.
      expect(likes).toEqual([...likes].sort((a, b) => b - a));
    });

    it.each([
      ['a query of 10 000 characters', `?q=${'x'.repeat(10_000)}`, `The search text must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`],
      ['limit=-1', '?limit=-1', 'limit must be at least 1'],
      ['limit=1e9', '?limit=1e9', `limit must be at most ${SEARCH_MAX_LIMIT}`],
      ['limit=abc', '?limit=abc', 'limit'],
      ['limit=2.5', '?limit=2.5', 'limit must be a whole number'],
      ['page=0', '?page=0', 'page must be at least 1'],
      ['an unknown sort', '?sort=cheapest', 'sort must be one of relevance, date_desc, most_pop_90'],
      ['a topic that does not exist', '?topic=astrology', 'Unknown topic "astrology"'],
      ['an app that does not exist', '?platform=myspace', 'Unknown platform "myspace"'],
      ['an unknown price filter', '?price=cheap', 'price must be one of free, paid'],
      ['too many keywords', `?keywords=${Array.from({ length: 11 }, (_, i) => `k${i}`).join(',')}`, 'At most 10 keywords'],
      ['a repeated q', '?q=a&q=b', 'q'],
    ])('answers 400 with a clear message for %s', async (_name, query, message) => {
      const { status, body } = await get(`/api/resources/search${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: true, message: expect.stringContaining(message) });
    });

    // Read as query syntax, each of these would fail, match nothing or leave the Budget Tracker out
    // ("NOT notion", "-notion"); read as plain words, "budget" (and "notion") find it first.
    it.each([
      ['quotes', '"notion budget"'],
      ['backslashes', 'notion\\ budget\\'],
      ['boolean operators', 'budget AND NOT notion'],
      ['field and minus operators', 'title:budget -notion'],
      ['an SQL fragment', "budget' OR '1'='1"],
      ['tsquery syntax', 'budget & | ! <-> :* ()'],
    ])('searches text with %s as plain words', async (_name, text) => {
      const { data } = await searchPage(`?q=${encodeURIComponent(text)}`);
      expect(data[0]?._id).toBe(budgetTrackerId);
      expect(data.map((resource) => resource._id)).not.toContain(draftId);
    });

    it('searches text with an SQL statement as plain words: nothing is dropped, search still works', async () => {
      const countDocuments = async () =>
        Number(
          (
            await infrastructure.database.db
              .selectFrom('search_documents')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const documentsBefore = await countDocuments();
      const { data } = await searchPage(`?q=${encodeURIComponent("'); drop table search_documents; --")}`);
      expect(data.map((resource) => resource._id)).not.toContain(budgetTrackerId);
      expect(await countDocuments()).toBe(documentsBefore);
      expect((await searchPage('?q=budget')).data[0]?._id).toBe(budgetTrackerId);
    });

    it.each([
      ['only punctuation', '!!! ---'],
      ['only emoji', '🎉🎉'],
    ])('finds nothing for text with %s: it has no word to match (it listed every live resource)', async (_name, text) => {
      const { data, pagination } = await searchPage(`?q=${encodeURIComponent(text)}`);
      expect({ data, totalItems: pagination.totalItems }).toEqual({ data: [], totalItems: 0 });
      expect((await searchPage('')).pagination.totalItems).toBe(SIZE.templates + 1);
    });

    it('counts the search text in characters, as the search boxes do: 200 emoji are searched, 201 characters refused', async () => {
      expect((await get(`/api/resources/search?q=${encodeURIComponent('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH))}`)).status).toBe(200);
      expect((await get(`/api/autocomplete?q=${encodeURIComponent('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH))}`)).status).toBe(200);
      const tooLong = await get(`/api/resources/search?q=${encodeURIComponent('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH + 1))}`);
      expect(tooLong).toEqual({ status: 400, body: { error: true, message: `q: ${SEARCH_TEXT_TOO_LONG}` } });
    });
  });

  describe('autocomplete, analytics and popular terms', () => {
    it('GET /api/autocomplete suggests titles, topics and apps', async () => {
      const { status, body } = await get('/api/autocomplete?q=notion%20bud');
      expect(status).toBe(200);
      expect(body).toMatchObject({ titles: [{ title: 'Notion Budget Tracker', titleUrl: expect.any(String) }], apps: [] });
      expect((await get('/api/autocomplete?q=google')).body).toMatchObject({
        apps: [{ name: 'google sheets' }, { name: 'google docs' }, { name: 'google slides' }],
      });
      expect((await get('/api/autocomplete?q=human')).body).toMatchObject({
        topics: [{ name: 'human_resources', label: 'Human Resources' }],
      });
      expect((await get('/api/autocomplete?q=')).body).toEqual({ titles: [], topics: [], apps: [] });
      expect((await get(`/api/autocomplete?q=${'y'.repeat(SEARCH_MAX_QUERY_LENGTH + 1)}`)).status).toBe(400);
    });

    it('POST /api/analytics/search records each search as an event, and popular terms count the people who searched', async () => {
      const before = await infrastructure.store.headPosition();
      const searches = [
        ['Budget Tracker', '10.8.0.1'],
        ['budget  tracker', '10.8.0.2'],
        ['notion', '10.8.0.1'],
        ['tracker', '10.8.0.3'],
        ['crm', '10.8.0.3'],
      ];
      for (const [term, address] of searches) {
        expect(await post('/api/analytics/search', { searchTerm: term, userId: 'ignored' }, address)).toEqual({
          status: 201,
          body: { success: true },
        });
      }
      const events = await infrastructure.store.readAll({ after: before, maxCount: 10 });
      expect(
        events.map((event) => [
          event.type,
          (event.data as { searchTerm: string }).searchTerm,
          (event.data as { userId: string | null }).userId,
        ]),
      ).toEqual([
        ['SearchPerformed', 'budget tracker', null],
        ['SearchPerformed', 'budget tracker', null],
        ['SearchPerformed', 'notion', null],
        ['SearchPerformed', 'tracker', null],
        ['SearchPerformed', 'crm', null],
      ]);
      expect(events.map((event) => (event.data as { foundPosts: boolean }).foundPosts)).toEqual([true, true, true, true, false]);
      expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);

      expect((await post('/api/generateSimilarTerms', { query: 'budget', flag: true })).body).toEqual({
        searchTerms: ['budget tracker'],
      });
      // Most searched first; equally often searched: the most recent first. 'crm' found no live posts and no
      // member searched it: not shown.
      expect((await post('/api/generateSimilarTerms', { query: '' })).body).toEqual({
        searchTerms: ['budget tracker', 'tracker', 'notion'],
      });
      expect((await post('/api/generateSimilarTerms', { query: 'zzz' })).body).toEqual({ searchTerms: [] });
    });

    it('counts one person repeating a search once: popular terms cannot be poisoned from one address', async () => {
      for (let repeat = 0; repeat < 15; repeat += 1)
        expect((await post('/api/analytics/search', { searchTerm: 'budget' }, '10.9.0.1')).status).toBe(201);
      for (const address of ['10.9.0.2', '10.9.0.3'])
        expect((await post('/api/analytics/search', { searchTerm: 'notion tracker' }, address)).status).toBe(201);
      expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);
      const { searchTerms } = (await post('/api/generateSimilarTerms', { query: '' })).body as { searchTerms: string[] };
      expect(searchTerms).toEqual(expect.arrayContaining(['notion tracker', 'budget']));
      expect(searchTerms.indexOf('notion tracker')).toBeLessThan(searchTerms.indexOf('budget'));
    });

    it('shows a term only once it found live posts or 3 members searched it, never one over 40 characters, and not once an admin removed it', async () => {
      const member = async (name: string, lvl: 'base' | 'admin' = 'base') => {
        const { userId } = await infrastructure.accounts.register({
          username: `chips_${name}`,
          email: `${name}@chips.example`,
          password: null,
          lvl,
          verification: 'verified',
        });
        const session = await infrastructure.accounts.startSession(userId, 'password', null, { userId, role: lvl });
        expect(await infrastructure.runner.waitFor(session.position!, WAIT_MS)).toBe(true);
        return session.token;
      };
      const as = async (token: string, url: string, payload: unknown, remoteAddress = '127.0.0.1') => {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          cookies: { token },
          remoteAddress,
        });
        return { status: response.statusCode, body: response.json() as Record<string, unknown> };
      };
      const chips = async (query = '') => {
        expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), WAIT_MS)).toBe(true);
        return ((await post('/api/generateSimilarTerms', { query })).body as { searchTerms: string[] }).searchTerms;
      };

      // The attack, rerun: three anonymous searches from three addresses, and a 200-character search.
      for (const address of ['10.10.0.1', '10.10.0.2', '10.10.0.3'])
        expect((await post('/api/analytics/search', { searchTerm: 'buy cheap followers now' }, address)).status).toBe(201);
      // A search falls back to posts with any of its words: spam with one word of a post's is not a term that found it.
      expect((await searchPage('?q=budget%20cheap%20followers')).pagination.totalItems).toBeGreaterThan(0);
      expect((await post('/api/analytics/search', { searchTerm: 'budget cheap followers' }, '10.10.0.1')).status).toBe(201);
      const members = [await member('m1'), await member('m2'), await member('m3')];
      const longTerm = `${'best free templates '.repeat(10)}`.slice(0, SEARCH_MAX_QUERY_LENGTH);
      for (const token of members) expect((await as(token, '/api/analytics/search', { searchTerm: longTerm })).status).toBe(201);
      const shown = await chips();
      console.info(`[popular searches] chips after the spam searches: ${JSON.stringify(shown)}`);
      expect(shown).not.toContain('buy cheap followers now');
      expect(shown.every((term) => term.length <= POPULAR_TERM_MAX_LENGTH)).toBe(true);
      expect(await chips('followers')).toEqual([]);
      expect(await chips('budget')).not.toContain('budget cheap followers');
      expect(await chips('best free templates')).not.toContain(longTerm.trim());

      // A term that found live posts shows after one search; one that found none, after 3 different members.
      expect((await post('/api/analytics/search', { searchTerm: 'Notion Budget' }, '10.10.0.4')).status).toBe(201);
      expect(await chips('notion')).toContain('notion budget');
      for (const token of members.slice(0, POPULAR_TERM_MIN_MEMBERS - 1))
        expect((await as(token, '/api/analytics/search', { searchTerm: 'quokka roadmap' })).status).toBe(201);
      expect(await chips('quokka')).toEqual([]);
      expect((await as(members[POPULAR_TERM_MIN_MEMBERS - 1]!, '/api/analytics/search', { searchTerm: 'quokka roadmap' })).status).toBe(
        201,
      );
      expect(await chips('quokka')).toEqual(['quokka roadmap']);

      // An admin removes it: gone, searched again it stays gone, and so after a rebuild.
      expect((await as(members[0]!, '/api/admin/popular-searches/remove', { term: 'quokka roadmap' })).status).toBe(403);
      const admin = await member('admin', 'admin');
      expect(await as(admin, '/api/admin/popular-searches/remove', { term: 'Quokka  Roadmap' })).toEqual({
        status: 200,
        body: { success: true, message: POPULAR_SEARCH_REMOVED },
      });
      expect(await chips('quokka')).toEqual([]);
      expect((await as(await member('m4'), '/api/analytics/search', { searchTerm: 'quokka roadmap' })).status).toBe(201);
      expect(await chips('quokka')).toEqual([]);
      await infrastructure.runner.rebuild(searchAnalyticsProjection);
      expect(await chips('quokka')).toEqual([]);
      expect(await chips('notion')).toContain('notion budget');
    });

    it('refuses blank, overlong and malformed analytics', async () => {
      expect(await post('/api/analytics/search', { searchTerm: '   ' })).toMatchObject({
        status: 400,
        body: { error: true, message: 'searchTerm must not be empty' },
      });
      expect((await post('/api/analytics/search', { searchTerm: 'x'.repeat(SEARCH_MAX_QUERY_LENGTH + 1) })).status).toBe(400);
      expect((await post('/api/analytics/search', {})).status).toBe(400);
      expect((await post('/api/generateSimilarTerms', { query: 42 })).status).toBe(400);
    });
  });

  describe('browsing lists', () => {
    it('GET /api/topics?withResources=true&limit=2 answers every topic with its newest resources', async () => {
      const { status, body } = await get('/api/topics?withResources=true&limit=2');
      expect(status).toBe(200);
      const rows = body as { topic: { name: string; label: string }; resources: ResourceView[] }[];
      expect(rows.map((row) => row.topic)).toEqual(TOPICS.map(({ name, label }) => ({ name, label })));
      for (const row of rows) {
        expect(row.resources.length).toBeLessThanOrEqual(2);
        for (const resource of row.resources) expect(resource.topic).toBe(row.topic.name);
      }
      expect(rows.find((row) => row.topic.name === 'personal')!.resources[0]!._id).toBe(budgetTrackerId);
      expect(((await get('/api/topics')).body as { resources: unknown[] }[]).every((row) => row.resources.length === 0)).toBe(true);
      expect((await get('/api/topics?limit=-1')).status).toBe(400);
      expect((await get('/api/topics?withResources=maybe')).status).toBe(400);
    });

    it('GET /api/platforms answers every app, with live counts when asked', async () => {
      expect((await get('/api/platforms')).body).toEqual(APPS.map(({ name, label }) => ({ name, label })));
      const counted = (await get('/api/platforms?includeCounts=true')).body as { name: string; count: number }[];
      expect(counted.map((app) => app.name)).toEqual(APPS.map((app) => app.name));
      expect(counted.reduce((sum, app) => sum + app.count, 0)).toBe(SIZE.templates + 1);
      const notion = (await searchPage('?platform=notion&limit=100')).pagination.totalItems;
      expect(counted.find((app) => app.name === 'notion')!.count).toBe(notion);
    });

    it('GET /api/keywordsUsed and /api/keywords list what live resources use', async () => {
      const platforms = (await get('/api/keywordsUsed?type=platform')).body as { term: string; platform: string; count: number }[];
      expect(platforms.reduce((sum, row) => sum + row.count, 0)).toBe(SIZE.templates + 1);
      expect(platforms.every((row) => row.platform === row.term)).toBe(true);
      const topics = (await get('/api/keywordsUsed?type=topic')).body as { term: string; platform: null }[];
      expect(topics.every((row) => TOPICS.some((topic) => topic.name === row.term) && row.platform === null)).toBe(true);
      expect((await get('/api/keywordsUsed?type=colour')).status).toBe(400);
      const keywords = (await get('/api/keywords?type=topic')).body as { term: string; count: number }[];
      expect(keywords.map((row) => row.term)).toContain('budget');
      expect(keywords.map((row) => row.count)).toEqual([...keywords.map((row) => row.count)].sort((a, b) => b - a));
    });

    it('GET /api/explore answers the most used tags with their count and newest posts', async () => {
      const cards = (await get('/api/explore')).body as {
        term: string;
        count: number;
        resources: { _id: string; title: string; titleUrl: string }[];
      }[];
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card.resources.length).toBe(Math.min(card.count, 10));
        const tagged = await searchPage(`?keywords=${encodeURIComponent(card.term)}&limit=100`);
        expect(tagged.pagination.totalItems).toBe(card.count);
      }
    });

    it('GET /api/users/topcontributors ranks creators by live posts', async () => {
      const contributors = (await get('/api/users/topcontributors')).body as { username: string; postCount: number }[];
      expect(contributors.length).toBeLessThanOrEqual(TOP_CONTRIBUTORS_LIMIT);
      expect(contributors.reduce((sum, row) => sum + row.postCount, 0)).toBe(SIZE.templates + 1);
      expect(contributors.map((row) => row.postCount)).toEqual([...contributors.map((row) => row.postCount)].sort((a, b) => b - a));
    });

    it('GET /api/collections and /api/topapps answer the curated lists (the shipped ones until an admin saves)', async () => {
      expect((await get('/api/collections')).body).toEqual(DEFAULT_COLLECTIONS);
      expect((await get('/api/topapps')).body).toEqual(DEFAULT_TOP_APPS);
    });
  });
});
