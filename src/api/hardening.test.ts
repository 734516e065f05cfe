import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { hashPassword } from '../adapters/security/passwords.js';
import { TEXT_MESSAGES } from '../domain/shared/text.js';
import { JSON_MAX_DEPTH } from '../domain/shared/json.js';
import { JSON_BODY_MESSAGES } from './json-body.js';
import { REQUEST_ID_HEADER } from './logging.js';
import { DEV_MAILBOX_FORBIDDEN } from './routes/dev-mailbox.js';

const SIZE = { users: 2, templates: 2, seed: 16 };
const OWNER_PASSWORD = 'Hardening#owner1';
const OWNER_EMAIL = 'owner.hardening@example.com';

/** Strings Postgres cannot store or that are not Unicode: each used to reach the database and answer 500. */
const UNSTORABLE = { nul: 'a\u0000b', loneHigh: 'a\ud800b', loneLow: '\udc00' } as const;
/** The same, as they arrive percent-encoded in a path (a lone surrogate has no UTF-8 form: CESU bytes). */
const UNSTORABLE_IN_PATH = ['a%00b', '%ED%A0%80'] as const;
/** Field names the routes read; the rule holds for any name, these make the request look real. */
/** Routes that refuse such text item by item (the bulk import marks the row: admin-import.test.ts); here they must answer 400 all the same. */
const BODY_TEXT_CHECKED_PER_ITEM = new Set(['POST /api/admin/csv/upload']);
const BODY_FIELDS = [
  'login',
  'password',
  'username',
  'email',
  'title',
  'description',
  'instructions',
  'url',
  'text',
  'message',
  'reason',
  'query',
  'keywords',
  'name',
  'comment',
  'code',
  'token',
];

describe('hardening of every route: text rule, logging, security headers, local-only mailbox', () => {
  let harness: ApiHarness;
  let webRoot: string;
  const logLines: Record<string, unknown>[] = [];
  let ownerId: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'tessera-web-'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    harness = await startApiHarness(SIZE, {
      app: {
        webRoot,
        log: { level: 'info', stream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } },
      },
    });
    const { accounts } = harness.infrastructure;
    ({ userId: ownerId } = await accounts.register({
      username: 'hardening_owner',
      email: OWNER_EMAIL,
      password: null,
      passwordHash: await hashPassword(OWNER_PASSWORD),
      lvl: 'owner',
      verification: 'verified',
    }));
    await harness.catchUp();
    // A route that fails, to see how a 5xx is logged, and one that says whom the request came from.
    harness.app.get('/boom', { config: { access: 'anyone' } }, async () => {
      throw new Error('database said no');
    });
    harness.app.get('/whoami', { config: { access: 'anyone' } }, async (request) => ({ ip: request.ip }));
  }, 120_000);

  /** A fresh owner session (some routes end the session they are called with). */
  async function ownerToken(): Promise<string> {
    const session = await harness.infrastructure.accounts.startSession(ownerId, 'password', null, { userId: ownerId, role: 'owner' });
    await harness.catchUp(session.position);
    return session.token;
  }
  afterAll(async () => {
    await harness?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('names a refused field by its path as a person reads it: nested fields with dots, array items as [index]', async () => {
    const token = await ownerToken();
    const refused = await harness.call<{ message: string }>('POST', '/api/orders', { token, body: { cart: [{ id: 7 }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^cart\[0\]\.id: /u);
  });

  it('refuses NUL and unpaired surrogates with a 400 on every route, in the body, the query and the path; never a 500', async () => {
    const routes = [
      ...harness.app.routeAccess,
      { method: 'GET', url: '/dev/mailbox' },
      { method: 'GET', url: '/dev/mailbox.json' },
      { method: 'GET', url: '/resources/view/:titleUrl' },
    ];
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const attempts: { where: string; url: string; body?: unknown }[] = [];
      for (const [name, bad] of Object.entries(UNSTORABLE)) {
        const plainUrl = route.url.replace(/:[A-Za-z]+/gu, 'x');
        // A URL cannot carry a lone surrogate (the parser makes U+FFFD of it); NUL it can.
        if (name === 'nul') attempts.push({ where: 'query nul', url: `${plainUrl}?q=a%00b&to=%00` });
        if (withBody)
          attempts.push({ where: `body ${name}`, url: plainUrl, body: Object.fromEntries(BODY_FIELDS.map((field) => [field, bad])) });
      }
      if (route.url.includes(':'))
        for (const bad of UNSTORABLE_IN_PATH) attempts.push({ where: `path ${bad}`, url: route.url.replace(/:[A-Za-z]+/gu, bad) });
      const token = await ownerToken();
      for (const attempt of attempts) {
        const answer = await harness.call(route.method as 'GET', attempt.url, {
          token,
          ...(attempt.body === undefined ? {} : { body: attempt.body }),
        });
        checked += 1;
        const message = typeof answer.body.message === 'string' ? answer.body.message : '';
        // The owner passes every access check, so the text rule is what answers.
        if (answer.status !== 400) failures.push(`${route.method} ${attempt.url} (${attempt.where}): ${answer.status} ${message}`);
        else if (
          attempt.where.startsWith('body') &&
          !BODY_TEXT_CHECKED_PER_ITEM.has(`${route.method} ${route.url}`) &&
          !message.includes(TEXT_MESSAGES.forbiddenCharacters)
        )
          failures.push(`${route.method} ${route.url} (${attempt.where}): 400 for another reason: ${message}`);
      }
    }
    expect(failures).toEqual([]);
    console.info(`text rule: ${checked} requests over ${routes.length} routes`);
  }, 180_000);

  it('refuses a body nested deeper than the limit with a 400 (it used to overflow the stack: 500), and still reads brackets inside strings', async () => {
    const json = { 'content-type': 'application/json' };
    // The payment webhook parses its raw body itself.
    for (const url of ['/api/login', '/api/stripe/webhook'])
      for (const deep of [
        '['.repeat(200_000) + ']'.repeat(200_000),
        '{"a":'.repeat(JSON_MAX_DEPTH + 1) + '1' + '}'.repeat(JSON_MAX_DEPTH + 1),
      ]) {
        const answer = await harness.call('POST', url, { body: deep, headers: json });
        expect(answer.status, url).toBe(400);
        expect(answer.body.message).toBe(JSON_BODY_MESSAGES.tooDeep);
      }
    const bracketsInText = await harness.call('POST', '/api/login', {
      body: JSON.stringify({ login: '['.repeat(100), password: '{\\"'.repeat(100) }),
      headers: json,
    });
    expect(bracketsInText.status).toBe(401);
  });

  it('still accepts astral characters (paired surrogates) such as emoji', async () => {
    const answer = await harness.call('GET', `/api/resources/search?query=${encodeURIComponent('planner 😀')}`);
    expect(answer.status).toBe(200);
  });

  it('logs every request as JSON with a request id, every 5xx at error level, and no secret or e-mail address', async () => {
    const token = await ownerToken();
    logLines.length = 0;
    const login = await harness.call('POST', '/api/login', {
      body: { login: OWNER_EMAIL, password: OWNER_PASSWORD },
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(login.status).toBe(200);
    const requestId = login.headers[REQUEST_ID_HEADER];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/u);
    await harness.call('GET', `/api/signup/email/check-availability?email=${encodeURIComponent(OWNER_EMAIL)}`, { token });
    const failed = await harness.call('GET', '/boom');
    expect(failed.status).toBe(500);

    const completed = logLines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => (line.req as { path?: string } | undefined)?.path ?? line.reqId)).toHaveLength(3);
    expect(
      logLines.some(
        (line) => line.reqId === requestId && line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode === 200,
      ),
    ).toBe(true);
    expect(logLines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['unhandled error', 'server error answer']),
    );
    const everything = JSON.stringify(logLines);
    for (const secret of [
      OWNER_PASSWORD,
      OWNER_EMAIL,
      encodeURIComponent(OWNER_EMAIL),
      'not-a-real-token',
      token,
      login.sessionCookie!.value,
    ])
      expect(everything).not.toContain(secret);
  });

  it('sends security headers on pages, API answers and errors: CSP without inline script, no framing, nosniff, referrer policy; no HSTS over http', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/api/health', 200],
      ['/api/no-such-route', 404],
    ] as const) {
      const answer = await harness.call('GET', url);
      expect(answer.status).toBe(status);
      const csp = String(answer.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/u.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/u);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('ships a web page with no inline script (the CSP would block it)', async () => {
    const indexHtml = await readFile(new URL('../web/index.html', import.meta.url), 'utf8');
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/giu)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/u);
      expect(body!.trim()).toBe('');
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const secure = await startApiHarness({ users: 1, templates: 0, seed: 17 }, { app: { secureCookies: true } });
    try {
      const answer = await secure.call('GET', '/api/health');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('without TRUST_PROXY: X-Forwarded-For is ignored, and a forwarded request never sees the dev mailbox', async () => {
    const whoami = await harness.call<{ ip: string }>('GET', '/whoami', {
      headers: { 'x-forwarded-for': '198.51.100.7' },
      remoteAddress: '127.0.0.1',
    });
    expect(whoami.body.ip).toBe('127.0.0.1');
    const spoofed = await harness.call('GET', '/dev/mailbox.json', {
      headers: { 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '203.0.113.9',
    });
    expect(spoofed.status).toBe(403);
    // A reverse proxy on this machine connects from loopback and names the real client.
    const forwardings: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.7' },
      { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' },
      { forwarded: 'for=198.51.100.7' },
      { 'x-real-ip': '198.51.100.7' },
    ];
    for (const headers of forwardings) {
      const viaProxy = await harness.call('GET', '/dev/mailbox.json', { headers, remoteAddress: '127.0.0.1' });
      expect(viaProxy.status, JSON.stringify(headers)).toBe(403);
      expect(viaProxy.body.message).toBe(DEV_MAILBOX_FORBIDDEN);
    }
    const local = await harness.call('GET', '/dev/mailbox.json', { remoteAddress: '127.0.0.1' });
    expect(local.status).toBe(200);
  });
});

describe('TRUST_PROXY set to the proxy address', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 18 }, { app: { trustProxy: ['127.0.0.1'] } });
    harness.app.get('/whoami', { config: { access: 'anyone' } }, async (request) => ({ ip: request.ip }));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('takes the client address from the trusted proxy only, and a spoofed X-Forwarded-For does not make anyone local', async () => {
    const whoami = async (remoteAddress: string, forwardedFor: string) =>
      (await harness.call<{ ip: string }>('GET', '/whoami', { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })).body.ip;
    expect(await whoami('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // The client wrote "127.0.0.1" itself; the proxy appended the address it really came from.
    expect(await whoami('127.0.0.1', '127.0.0.1, 198.51.100.7')).toBe('198.51.100.7');
    // Not from the trusted proxy: its header is not believed.
    expect(await whoami('10.1.2.3', '127.0.0.1')).toBe('10.1.2.3');

    const spoofed = await harness.call('GET', '/dev/mailbox.json', {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' },
    });
    expect(spoofed.status).toBe(403);
    const untrustedSender = await harness.call('GET', '/dev/mailbox.json', {
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(untrustedSender.status).toBe(403);
    const localThroughProxy = await harness.call('GET', '/dev/mailbox.json', {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(localThroughProxy.status).toBe(200);
  });
});
