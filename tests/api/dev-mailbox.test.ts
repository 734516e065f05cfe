import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/db/database.js';
import { createOutboxMailer } from '../../src/adapters/mail/outbox.js';
import { errorHandler } from '../../src/api/errors.js';
import { DEV_MAILBOX_FORBIDDEN, devMailboxRoutes } from '../../src/api/routes/dev-mailbox.js';

const INJECTION = '<script>alert("pwned")</script> & more';

describe('dev mailbox routes (inject, embedded PGlite outbox)', () => {
  let database: Database;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    const outbox = createOutboxMailer(database.db);
    await outbox.send({
      to: 'ada@example.com',
      subject: 'Your code',
      text: 'Your verification code is 123456.\nIt expires in 10 minutes.',
    });
    await outbox.send({
      to: 'mallory@example.com',
      subject: INJECTION,
      text: '</pre><img src=x onerror=alert(1)>',
      html: '<b>ignored</b>',
    });

    // The same compilers and error handler as buildApp, so the plugin behaves as it will there.
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    app.addHook('onRoute', (route) => void routes.push(route));
    await app.register(devMailboxRoutes({ outbox }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('declares loopback access on every route it adds', () => {
    const declared = routes.map((route) => [route.method, route.url, route.config?.access]);
    expect(declared).toEqual(
      expect.arrayContaining([
        ['GET', '/dev/mailbox', 'loopback'],
        ['GET', '/dev/mailbox.json', 'loopback'],
      ]),
    );
    expect(routes.every((route) => route.config?.access === 'loopback')).toBe(true);
  });

  it('shows the page to loopback with every field HTML-escaped, newest first', async () => {
    const answer = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const page = answer.body;
    expect(page).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; more');
    expect(page).toContain('<pre>&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;</pre>');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>ignored</b>');
    expect(page).toContain('<pre>Your verification code is 123456.\nIt expires in 10 minutes.</pre>');
    expect(page).toContain('ada@example.com');
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">/);
    expect(page.indexOf('mallory@example.com')).toBeLessThan(page.indexOf('ada@example.com'));
  });

  it('filters the page by recipient and says when nothing matches', async () => {
    const answer = await app.inject({ method: 'GET', url: '/dev/mailbox?to=ADA@example.com', remoteAddress: '127.0.0.1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('123456');
    expect(answer.body).not.toContain('mallory@example.com');
    expect(answer.body).toContain('value="ADA@example.com"');

    const none = await app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent('"><x@example.com')}`,
      remoteAddress: '127.0.0.1',
    });
    expect(none.body).toContain('No messages to &quot;&gt;&lt;x@example.com yet.');
    expect(none.body).toContain('value="&quot;&gt;&lt;x@example.com"');
  });

  it('answers JSON to every loopback form (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress });
      expect(answer.statusCode, remoteAddress).toBe(200);
      const { messages } = answer.json<{ messages: Array<Record<string, unknown>> }>();
      expect(messages.map((message) => message.to)).toEqual(['mallory@example.com', 'ada@example.com']);
      expect(messages[1]).toEqual({
        id: expect.any(String),
        to: 'ada@example.com',
        subject: 'Your code',
        text: 'Your verification code is 123456.\nIt expires in 10 minutes.',
        html: null,
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    }
    const filtered = await app.inject({ method: 'GET', url: '/dev/mailbox.json?to=mallory@example.com', remoteAddress: '::1' });
    expect(filtered.json<{ messages: Array<{ subject: string }> }>().messages.map((message) => message.subject)).toEqual([INJECTION]);
  });

  it('refuses other addresses with 403 JSON, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1']) {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox?to=ada@example.com']) {
        const answer = await app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        });
        expect(answer.statusCode, `${remoteAddress} ${url}`).toBe(403);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.json()).toEqual({ error: true, message: DEV_MAILBOX_FORBIDDEN });
        expect(answer.body).not.toContain('123456');
      }
    }
  });

  it('answers a bad filter with 400 JSON', async () => {
    const answer = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${'a'.repeat(400)}`, remoteAddress: '127.0.0.1' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: true });
  });
});
