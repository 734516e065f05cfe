import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../tests/fixtures/members.js';
import { publishTemplate } from '../../tests/fixtures/templates.js';
import { createPageRenderer } from '../web/entry-server.js';
import { SESSION_COOKIE } from './auth/sessions.js';
import { REQUEST_ID_HEADER } from './logging.js';
import { PUBLIC_CACHE_HEADER } from './read-cache.js';

const SIZE = { users: 2, templates: 4, seed: 61 };
const PUBLIC_URL = 'https://tessera.example';
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="Default" /><title>Tessera</title></head><body><div id="root"></div></body></html>';
/** Headers that differ from one answer to the next whoever sends it. */
const PER_ANSWER_HEADERS = new Set(['date', REQUEST_ID_HEADER]);

interface LogLine {
  reqId?: string;
  msg: string;
}

describe('kept pages answered before Fastify sees the request', () => {
  let harness: ApiHarness;
  let webRoot: string;
  let origin: string;
  let member: Member;
  let titleUrl: string;
  let templateId: string;
  const logLines: LogLine[] = [];

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'tessera-web-'));
    await writeFile(join(webRoot, 'index.html'), TEMPLATE);
    const stream = { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) };
    harness = await startApiHarness(SIZE, { app: { webRoot, createPageRenderer, publicUrl: PUBLIC_URL, log: { level: 'info', stream } } });
    member = await makeMember(harness, { prefix: 'kept' });
    templateId = await publishTemplate(harness, member.userId, { title: 'Kept Page Planner' });
    titleUrl = (await harness.call<{ data: { titleUrl: string } }>('GET', `/api/resources/viewById/${templateId}`)).body.data.titleUrl;
    await harness.catchUp();
    origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const visit = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const answer = await fetch(`${origin}${path}`, { method, headers: { 'accept-encoding': 'br', ...headers } });
    const requestId = answer.headers.get(REQUEST_ID_HEADER) ?? '';
    return { answer, body: await answer.text(), logged: logLines.filter((line) => line.reqId === requestId).map((line) => line.msg) };
  };
  const headerNames = (answer: Response) => [...answer.headers.keys()].filter((name) => !PER_ANSWER_HEADERS.has(name)).sort();

  it('answers a kept page to a visitor without a cookie as Fastify does, in one log line', async () => {
    const path = `/resources/${titleUrl}`;
    const rendered = await visit(path);
    expect(rendered.answer.headers.get(PUBLIC_CACHE_HEADER)).toBe('miss');
    expect(rendered.logged).toEqual(['incoming request', 'request completed']);

    const kept = await visit(path);
    expect(kept.logged).toEqual(['request completed']);
    expect(kept.body).toBe(rendered.body);
    expect(kept.body).toContain('Kept Page Planner');
    // A cookie (here one the page does not depend on) sends the request through Fastify, to the same kept page.
    const throughFastify = await visit(path, { cookie: 'unrelated=1' });
    expect(throughFastify.logged).toEqual(['incoming request', 'request completed']);
    expect(throughFastify.answer.headers.get(PUBLIC_CACHE_HEADER)).toBe('hit');
    expect(headerNames(kept.answer)).toEqual(headerNames(throughFastify.answer));
    for (const name of headerNames(kept.answer)) expect(kept.answer.headers.get(name), name).toBe(throughFastify.answer.headers.get(name));
    expect(kept.answer.headers.get('content-encoding')).toBe('br');

    const unchanged = await visit(path, { 'if-none-match': kept.answer.headers.get('etag')! });
    expect(unchanged.answer.status).toBe(304);
    expect(unchanged.logged).toEqual(['request completed']);
    const head = await visit(path, {}, 'HEAD');
    expect(head.answer.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('leaves signed-in visitors, credentials, forwarded hosts and pages whose read models moved to Fastify', async () => {
    const path = `/resources/${titleUrl}`;
    await visit(path);
    expect((await visit(path)).logged).toEqual(['request completed']);
    const signedIn: Record<string, string>[] = [
      { cookie: `${SESSION_COOKIE}=${member.token}` },
      { authorization: `Bearer ${member.token}` },
    ];
    for (const headers of signedIn) {
      expect((await visit(path, headers)).logged, Object.keys(headers)[0]).toEqual(['incoming request', 'request completed']);
    }

    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: member.token })).status).toBe(200);
    await harness.catchUp();
    const afresh = await visit(path);
    expect(afresh.logged).toEqual(['incoming request', 'request completed']);
    expect(afresh.answer.headers.get(PUBLIC_CACHE_HEADER)).toBe('miss');
    expect((await visit(path)).logged).toEqual(['request completed']);
  });

  it('never keeps what the API answers', async () => {
    await visit('/api/resources/toprated');
    expect((await visit('/api/resources/toprated')).logged).toEqual(['incoming request', 'request completed']);
  });
});
