import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_OF_LOG } from '../adapters/eventstore/port.js';
import { demoTemplateId, demoUserId, seedCatalogue } from '../composition/demo-catalogue.js';
import type { ResourceView } from '../domain/catalogue/resource-view.js';
import type { RecordedEvent } from '../domain/shared/events.js';
import { templateDecider } from '../domain/templates/decider.js';
import { templateStream } from '../domain/templates/events.js';
import { titleUrlFor } from '../domain/templates/rules.js';
import { projections } from '../projections/registry.js';
import { buildApp } from './app.js';
import { openInfrastructure, type Infrastructure } from '../composition/infrastructure.js';
import { HOME_LIST_LIMIT, HOME_LIST_MAX_LIMIT } from '../domain/discovery/constants.js';
import { newDataDirectory } from '../../tests/fixtures/embedded-database.js';

const SIZE = { users: 4, templates: 14, seed: 5 };
const LIVE = SIZE.templates;

/** Every field of a ResourceView, with its type: answers must have exactly these. */
const resourceShape = {
  _id: expect.any(String),
  titleUrl: expect.any(String),
  title: expect.any(String),
  description: { short: expect.any(String), long: expect.any(String) },
  price: expect.any(Number),
  keywords: expect.any(Array),
  platform: expect.any(String),
  topic: expect.any(String),
  sponsored: expect.any(Boolean),
  status: 'live',
  author: { _id: expect.any(String), username: expect.any(String), info: { displayName: expect.any(String), thumbnail: null } },
  ratings: { positive: expect.any(Number), negative: 0, redFlags: 0, saves: 0 },
  images: [],
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
};

describe('HTTP API (app.inject on embedded PGlite)', () => {
  let dataDir: string;
  let infrastructure: Infrastructure;
  let app: FastifyInstance;
  const pendingId = '0f0e0d0c-0b0a-4908-8706-050403020100';

  async function wholeLog(): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (let after = START_OF_LOG; ;) {
      const page = await infrastructure.store.readAll({ after, maxCount: 500 });
      if (page.length === 0) return events;
      events.push(...page);
      after = page[page.length - 1]!.position;
    }
  }

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, type: response.headers['content-type'], body: response.json() as Record<string, unknown> };
  };
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    return (response.body as { data: ResourceView[] }).data;
  };

  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-app-test-');
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await seedCatalogue(infrastructure, SIZE);
    // One more template, submitted but never approved: no list may show it.
    const authorId = demoUserId(SIZE.seed, 1);
    await infrastructure.commands.handle(
      templateDecider,
      templateStream(pendingId),
      {
        type: 'SubmitTemplate',
        data: {
          templateId: pendingId,
          authorId,
          titleUrl: titleUrlFor('Pending Planner', pendingId),
          title: 'Pending Planner',
          description: 'Waits for review.',
          instructions: '',
          url: 'https://example.com/pending',
          topic: 'productivity',
          platform: 'notion',
          keywords: ['pending'],
          price: 0,
          imageUrls: [],
        },
      },
      { actor: { userId: authorId, role: 'base' } },
    );
    await infrastructure.runner.start();
    expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), 5_000)).toBe(true);
    app = await buildApp(infrastructure);
  });

  afterAll(async () => {
    await app?.close();
    await infrastructure?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('GET /api/health answers which part is up and each projection with its lag; no adapter locations for anonymous callers', async () => {
    const head = await infrastructure.store.headPosition();
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain(dataDir);
    expect(body).toEqual({
      status: 'ok',
      parts: { database: 'up', eventStore: 'up' },
      projections: projections.map((projection) => ({
        name: projection.name,
        version: projection.version,
        liveVersion: projection.version,
        checkpoint: String(head),
        lag: 0,
        rebuilding: false,
      })),
    });
  });

  it('GET /api/resources/today lists the newest live resources in the ResourceView shape', async () => {
    const defaults = await list('/api/resources/today');
    expect(defaults).toHaveLength(HOME_LIST_LIMIT);

    const all = await list(`/api/resources/today?limit=${HOME_LIST_MAX_LIMIT}`);
    expect(all).toHaveLength(LIVE);
    expect(new Set(all.map((resource) => resource._id))).toEqual(
      new Set(Array.from({ length: LIVE }, (_, i) => demoTemplateId(SIZE.seed, i))),
    );
    expect(all.map((resource) => resource._id)).not.toContain(pendingId);
    for (const resource of all) expect(resource).toStrictEqual(resourceShape);
    const created = all.map((resource) => Date.parse(resource.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(defaults).toEqual(all.slice(0, HOME_LIST_LIMIT));
  });

  it('answers the content, author and likes of each resource as the log has them', async () => {
    type SealedName = { username: { sealed: string } };
    const log = await wholeLog();
    const all = await list(`/api/resources/today?limit=${HOME_LIST_MAX_LIMIT}`);
    for (const resource of all) {
      const submitted = log.find(
        (event) => event.type === 'TemplateSubmitted' && (event.data as { templateId: string }).templateId === resource._id,
      )!;
      const data = submitted.data as {
        title: string;
        titleUrl: string;
        description: string;
        instructions: string;
        price: number;
        keywords: string[];
        platform: string;
        topic: string;
        authorId: string;
      };
      const likes = log
        .filter((event) => (event.data as { templateId?: string }).templateId === resource._id)
        .reduce((n, event) => n + (event.type === 'TemplateLiked' ? 1 : event.type === 'TemplateUnliked' ? -1 : 0), 0);
      const author = log.find((event) => event.type === 'UserRegistered' && (event.data as { userId: string }).userId === data.authorId)!;
      expect(resource).toMatchObject({
        title: data.title,
        titleUrl: data.titleUrl,
        description: { short: data.description, long: data.instructions },
        price: data.price,
        keywords: data.keywords,
        platform: data.platform,
        topic: data.topic,
        // The username is sealed under the author's vault key.
        author: {
          _id: data.authorId,
          username: await infrastructure.vault.decrypt(data.authorId, (author.data as SealedName).username.sealed),
        },
        ratings: { positive: likes },
        createdAt: submitted.metadata.occurredAt,
      });
      // The display name is decrypted from the vault, never served as ciphertext.
      expect(resource.author.info.displayName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    }
  });

  it('GET /api/resources/toprated orders live resources by likes', async () => {
    const top = await list(`/api/resources/toprated?limit=${HOME_LIST_MAX_LIMIT}`);
    expect(top).toHaveLength(LIVE);
    expect(top.map((resource) => resource._id)).not.toContain(pendingId);
    for (const resource of top) expect(resource).toStrictEqual(resourceShape);
    const likes = top.map((resource) => resource.ratings.positive);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(likes[0]).toBeGreaterThan(0);
    expect((await list('/api/resources/toprated?limit=3')).map((r) => r._id)).toEqual(top.slice(0, 3).map((r) => r._id));
  });

  it('GET /api/resources/sponsored lists only sponsored live resources', async () => {
    const sponsored = await list('/api/resources/sponsored');
    expect(sponsored.map((resource) => resource._id)).toEqual([demoTemplateId(SIZE.seed, 4)]);
    expect(sponsored[0]).toMatchObject({ sponsored: true, status: 'live' });
  });

  it('shows a template once it is approved and the projection passed its position', async () => {
    const result = await infrastructure.commands.handle(
      templateDecider,
      templateStream(pendingId),
      { type: 'ApproveTemplate', data: { templateId: pendingId, reviewerId: demoUserId(SIZE.seed, 0) } },
      { actor: { userId: demoUserId(SIZE.seed, 0), role: 'admin' } },
    );
    expect(await infrastructure.runner.waitFor(result.position!, 5_000)).toBe(true);
    const today = await list('/api/resources/today?limit=1');
    expect(today.map((resource) => [resource._id, resource.title, resource.status])).toEqual([[pendingId, 'Pending Planner', 'live']]);
  });

  it.each(['0', '-1', '1e9', 'abc', '51', '1.5', '', '1&limit=2', '%00'])('answers 400 JSON, never 500, for ?limit=%s', async (limit) => {
    for (const path of ['/api/resources/today', '/api/resources/toprated', '/api/resources/sponsored']) {
      const { status, type, body } = await get(`${path}?limit=${limit}`);
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(type).toMatch(/^application\/json/);
      expect(body).toEqual({ error: true, message: expect.stringMatching(/limit/u) });
      expect(body.message).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    }
  });

  it('answers the accepted limits', async () => {
    expect(await list('/api/resources/today?limit=1')).toHaveLength(1);
    expect(await list(`/api/resources/today?limit=${HOME_LIST_MAX_LIMIT}`)).toHaveLength(LIVE + 1);
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/resources/today/extra'],
      ['POST', '/api/resources/today'],
      ['DELETE', '/api/health'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect({ url, method, status: response.statusCode }).toEqual({ url, method, status: 404 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: true, message: expect.stringContaining(url) });
    }
  });

  it('serves an OpenAPI description at /api/docs/json that lists the routes', async () => {
    const { status, body } = await get('/api/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const paths = body.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/resources/today', '/api/resources/toprated', '/api/resources/sponsored']),
    );
    expect(paths['/api/resources/today']!.get).toBeDefined();
    expect(paths['/api/resources/today']!.get!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'limit', in: 'query' })]),
    );
  });
});
