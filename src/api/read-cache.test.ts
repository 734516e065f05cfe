import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { openInfrastructure } from '../composition/infrastructure.js';
import { makeMember, type Member } from '../../tests/fixtures/members.js';
import { publishTemplate } from '../../tests/fixtures/templates.js';
import type { ResourceView } from '../domain/catalogue/resource-view.js';
import type { ResourceDetailAnswer } from '../domain/engagement/views.js';
import { buildApp } from './app.js';
import { SESSION_COOKIE } from './auth/sessions.js';
import { PUBLIC_CACHE_HEADER } from './read-cache.js';

let harness: ApiHarness;
let author: Member;
let fan: Member;
let other: Member;
let templateId: string;
let titleUrl: string;

const anonymous = <Body>(url: string, headers: Record<string, string> = {}) => harness.call<Body>('GET', url, { headers });
const likesOf = (list: { data: ResourceView[] }) => list.data.find((resource) => resource._id === templateId)?.ratings.positive;

const databases = harnessDatabases();

describe.each(databases.filter((database) => database.skipped === null))('the public answer cache on $name', ({ name }) => {
  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 3, seed: 71 }, { database: name });
    author = await makeMember(harness, { prefix: 'cacheauthor' });
    fan = await makeMember(harness, { prefix: 'cachefan' });
    other = await makeMember(harness, { prefix: 'cacheother' });
    templateId = await publishTemplate(harness, author.userId, { title: 'Cached Planner' });
    const page = await harness.call<{ data: ResourceView[] }>('GET', '/api/resources/today?limit=50');
    titleUrl = page.body.data.find((resource) => resource._id === templateId)!.titleUrl;
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('serves an anonymous read again from the cache, byte for byte', async () => {
    const first = await anonymous<{ data: ResourceView[] }>('/api/resources/toprated?limit=50');
    const second = await anonymous<{ data: ResourceView[] }>('/api/resources/toprated?limit=50');
    expect(first.status).toBe(200);
    expect(second.headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('computes an uncached answer once for visitors asking for it at the same time, and gives each of them that answer', async () => {
    const url = `/api/resources/search?query=planner&limit=${7 + (Date.now() % 13)}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => anonymous<{ data: ResourceView[] }>(url)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => answer.headers[PUBLIC_CACHE_HEADER] === 'miss')).toHaveLength(1);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  });

  it('shows a like in the next anonymous read once the projections have it', async () => {
    const before = await anonymous<{ data: ResourceView[] }>('/api/resources/toprated?limit=50');
    await anonymous('/api/resources/toprated?limit=50'); // cached now
    const liked = await harness.call('POST', `/api/resources/like/${templateId}`, { token: fan.token });
    expect(liked.status).toBe(200);
    const after = await anonymous<{ data: ResourceView[] }>('/api/resources/toprated?limit=50');
    expect(after.headers[PUBLIC_CACHE_HEADER]).toBe('miss');
    expect(likesOf(after.body)).toBe(likesOf(before.body)! + 1);
    const detail = await anonymous<ResourceDetailAnswer>(`/api/resources/view/${titleUrl}`);
    expect(detail.body.data.ratings.positive).toBe(likesOf(after.body));
  });

  it('keeps serving from the cache while only read models the route does not read move', async () => {
    await anonymous('/api/resources/toprated?limit=50');
    const recorded = await harness.call('POST', '/api/analytics/search', { body: { searchTerm: 'planner' } });
    expect(recorded.status).toBe(201);
    await harness.catchUp();
    expect((await anonymous('/api/resources/toprated?limit=50')).headers[PUBLIC_CACHE_HEADER]).toBe('hit');
  });

  it('shows an approval in the next anonymous read once the projections have it', async () => {
    await anonymous('/api/resources/today?limit=50');
    expect((await anonymous('/api/resources/today?limit=50')).headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    const approvedId = await publishTemplate(harness, author.userId, { title: 'Freshly Approved Planner' });
    const after = await anonymous<{ data: ResourceView[] }>('/api/resources/today?limit=50');
    expect(after.body.data.map((resource) => resource._id)).toContain(approvedId);
  });

  it("never gives one viewer's personal fields to another viewer or to a visitor", async () => {
    const url = `/api/resources/view/${titleUrl}`;
    // The cache holds the visitor's answer before and after the fan reads theirs.
    await anonymous(url);
    expect((await anonymous(url)).headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    await harness.call('POST', `/api/resources/save/${templateId}`, { token: fan.token });
    const fans = await harness.call<ResourceDetailAnswer>('GET', url, { token: fan.token });
    expect(fans.headers[PUBLIC_CACHE_HEADER]).toBeUndefined();
    expect(fans.body.data.prevActions).toMatchObject({ has_liked: true, has_saved: true });

    const visitors = await anonymous<ResourceDetailAnswer>(url);
    expect(visitors.body.data.prevActions).toMatchObject({ has_liked: false, has_saved: false });
    const others = await harness.call<ResourceDetailAnswer>('GET', url, { token: other.token });
    expect(others.body.data.prevActions).toMatchObject({ has_liked: false, has_saved: false });
    expect(others.body.permissions.canReport).toBe(true);
    const authors = await harness.call<ResourceDetailAnswer>('GET', url, { token: author.token });
    expect(authors.body.permissions).toMatchObject({ isAuthor: true, canEdit: true });
    // And after the signed-in reads, the visitor's answer still says nothing personal.
    const visitorsAgain = await anonymous<ResourceDetailAnswer>(url);
    expect(visitorsAgain.body.data.prevActions).toMatchObject({ has_liked: false, has_saved: false });
    expect(visitorsAgain.body.permissions).toMatchObject({ isAuthor: false, canEdit: false, canReport: false });
  });

  it('serves a signed-in viewer from the cache where the answer is the same for everyone, and shows them their own like', async () => {
    const url = '/api/resources/toprated?limit=50';
    // Once what the earlier tests wrote is projected (reactors answer some writes with events of their own).
    await expect.poll(async () => (await anonymous(url)).headers[PUBLIC_CACHE_HEADER], { timeout: 15_000, interval: 100 }).toBe('hit');
    const visitors = await anonymous<{ data: ResourceView[] }>(url);
    const members = await harness.call<{ data: ResourceView[] }>('GET', url, { token: other.token });
    expect(members.headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    expect(members.body).toEqual(visitors.body);
    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: other.token })).status).toBe(200);
    const afterLike = await harness.call<{ data: ResourceView[] }>('GET', url, { token: other.token });
    expect(afterLike.headers[PUBLIC_CACHE_HEADER]).toBe('miss');
    expect(likesOf(afterLike.body)).toBe(likesOf(visitors.body)! + 1);
    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: other.token })).status).toBe(200);
  });

  it("a second server instance of this process sees the first one's writes at once", async () => {
    const second = await buildApp(harness.infrastructure);
    try {
      const read = async () => {
        const answer = await second.inject({ method: 'GET', url: '/api/resources/toprated?limit=50' });
        return { cache: answer.headers[PUBLIC_CACHE_HEADER], likes: likesOf(answer.json() as { data: ResourceView[] }) };
      };
      await expect.poll(async () => (await read()).cache, { timeout: 15_000, interval: 100 }).toBe('hit');
      const before = await read();
      await harness.call('POST', `/api/resources/like/${templateId}`, { token: other.token });
      const after = await read();
      expect(after).toEqual({ cache: 'miss', likes: before.likes! + 1 });
    } finally {
      await second.close();
    }
  });

  it('serves the cached answer compressed as asked, and a 304 to a matching If-None-Match', async () => {
    const url = '/api/resources/toprated?limit=50';
    const plain = await harness.app.inject({ method: 'GET', url });
    const brotli = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await harness.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const unchanged = await harness.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('does not keep answers other than 200', async () => {
    const missing = await anonymous('/api/resources/view/no-such-post');
    expect(missing.status).toBe(404);
    expect((await anonymous('/api/resources/view/no-such-post')).headers[PUBLIC_CACHE_HEADER]).toBe('miss');
  });
});

const postgres = databases.find((database) => database.name === 'postgres')!;

describe.skipIf(postgres.skipped !== null)('the public answer cache of another process', () => {
  it("shows a write soon, though that process's runner only follows the projections this one runs", async () => {
    const first = await startApiHarness({ users: 2, templates: 3, seed: 72 }, { database: 'postgres' });
    const dataDir = await mkdtemp(join(tmpdir(), 'tessera-second-'));
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.infrastructure.database.db);
    const second = await openInfrastructure({
      dataDir,
      databaseUrl: process.env.DATABASE_URL,
      databaseSchema: rows[0]!.schema,
      eventStoreUrl: undefined,
    });
    try {
      // The first process holds every projection's runner lock: this runner rereads their marks.
      await second.runner.start();
      const app = await buildApp(second);
      const fan = await makeMember(first, { prefix: 'farfan' });
      const [post] = (await first.call<{ data: ResourceView[] }>('GET', '/api/resources/today?limit=1')).body.data;
      const read = async () => {
        const answer = await app.inject({ method: 'GET', url: '/api/resources/today?limit=1' });
        return { cache: answer.headers[PUBLIC_CACHE_HEADER], likes: (answer.json() as { data: ResourceView[] }).data[0]!.ratings.positive };
      };
      await first.catchUp();
      // Kept once this process has the marks of what the first one projected just now (the new member,
      // the reactors' answers): until then each move of a mark, seen within 200 ms, is rightly a miss.
      await expect.poll(async () => (await read()).cache, { timeout: 15_000, interval: 100 }).toBe('hit');
      const before = await read();
      expect((await first.call('POST', `/api/resources/like/${post!._id}`, { token: fan.token })).status).toBe(200);
      // Seen within the follower's recheck (200 ms), long before the cache's one-minute age limit.
      await expect.poll(read, { timeout: 5_000, interval: 50 }).toEqual({ cache: 'miss', likes: before.likes + 1 });
      // A member who just wrote may be answered here at once: with lagging marks their lists are read afresh.
      const members = await app.inject({ method: 'GET', url: '/api/resources/today?limit=1', cookies: { [SESSION_COOKIE]: fan.token } });
      expect(members.statusCode).toBe(200);
      expect(members.headers[PUBLIC_CACHE_HEADER]).toBeUndefined();
      await app.close();
    } finally {
      await second.close();
      await first.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
