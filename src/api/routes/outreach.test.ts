import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { START_OF_LOG } from '../../adapters/eventstore/port.js';
import { isVaultCiphertext } from '../../adapters/vault/vault.js';
import type { ContactMessageReceived, NewsletterSubscribed } from '../../domain/outreach/events.js';
import { OUTREACH_MESSAGES, OUTREACH_RATE_LIMITS } from '../../domain/outreach/rules.js';
import type { RecordedEvent } from '../../domain/shared/events.js';
import { buildApp } from '../app.js';
import { openInfrastructure, type Infrastructure } from '../infrastructure.js';

describe('newsletter, contact, request and blog routes (app.inject on embedded PGlite)', () => {
  let dataDir: string;
  let infrastructure: Infrastructure;
  let app: FastifyInstance;

  async function eventsOfType(type: string): Promise<RecordedEvent[]> {
    const events = await infrastructure.store.readAll({ after: START_OF_LOG, maxCount: 1000 });
    return events.filter((event) => event.type === type);
  }

  const post = async (url: string, payload: unknown, remoteAddress = '10.0.0.1') => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tessera-outreach-test-'));
    infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await infrastructure.runner.start();
    app = await buildApp(infrastructure);
  });

  afterAll(async () => {
    await app?.close();
    await infrastructure?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('POST /api/email/subscribe', () => {
    it('records one encrypted subscription event and answers the spec text; a repeat is answered politely', async () => {
      const first = await post('/api/email/subscribe', { email: 'Ada@Example.com', user: null });
      expect(first).toEqual({ status: 200, body: { success: true, alreadySubscribed: false, message: 'You are successfully subscribed' } });

      const again = await post('/api/email/subscribe', { email: 'ada@example.com' });
      expect(again).toEqual({ status: 200, body: { success: true, alreadySubscribed: true, message: OUTREACH_MESSAGES.alreadySubscribed } });

      const events = await eventsOfType('NewsletterSubscribed');
      expect(events).toHaveLength(1);
      const event = events[0]!;
      expect(JSON.stringify({ data: event.data, metadata: event.metadata })).not.toMatch(/ada@example\.com/iu);
      expect(event.streamId).not.toContain('ada');
      const { subscriberId, emailEnc } = (event as unknown as NewsletterSubscribed).data;
      expect(isVaultCiphertext(emailEnc)).toBe(true);
      expect(await infrastructure.vault.decrypt(subscriberId, emailEnc)).toBe('ada@example.com');
    });

    it('refuses an address that is not one with 400 and the spec message', async () => {
      expect(await post('/api/email/subscribe', { email: 'ada-at-example' })).toEqual({
        status: 400,
        body: { error: true, message: 'email: This does not resemble a valid email address' },
      });
      expect((await post('/api/email/subscribe', {})).status).toBe(400);
    });

    it('answers 429 once one address has used up its attempts', async () => {
      const { limit } = OUTREACH_RATE_LIMITS.subscribePerAddress;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= limit; attempt += 1) {
        // Different network addresses: the per-address limit is the one that trips.
        statuses.push((await post('/api/email/subscribe', { email: 'grace@example.com' }, `10.1.0.${attempt}`)).status);
      }
      expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
      expect((await post('/api/email/subscribe', { email: 'grace@example.com' }, '10.1.1.1')).body).toEqual({
        error: true,
        message: 'Too many requests. Please try again later.',
      });
    });
  });

  describe('POST /api/contact-us', () => {
    it('records each message as an event with name, address and text encrypted, and projects it for admins', async () => {
      const response = await post('/api/contact-us', { name: 'Linus', email: 'linus@example.com', reason: 'reserved-account', message: 'Please release the name linus.' }, '10.2.0.1');
      expect(response).toEqual({ status: 200, body: { success: true, message: 'Message sent successfully!' } });

      const events = await eventsOfType('ContactMessageReceived');
      expect(events).toHaveLength(1);
      expect(JSON.stringify({ data: events[0]!.data, metadata: events[0]!.metadata })).not.toMatch(/linus@example|Please release/u);
      const { data } = events[0] as unknown as ContactMessageReceived;
      expect(data.reason).toBe('reserved-account');
      expect(await infrastructure.vault.decrypt(data.messageId, data.messageEnc)).toBe('Please release the name linus.');

      expect(await infrastructure.runner.waitFor(events[0]!.position, 5_000)).toBe(true);
      const row = await infrastructure.database.db.selectFrom('contact_messages').selectAll().where('id', '=', data.messageId).executeTakeFirstOrThrow();
      expect(await infrastructure.vault.decrypt(row.id, row.email_enc)).toBe('linus@example.com');
    });

    it('refuses a bad address, a missing message and an unknown reason with 400', async () => {
      const good = { name: 'Ada', email: 'ada@example.com', message: 'Hi' };
      expect((await post('/api/contact-us', { ...good, email: 'nope' })).status).toBe(400);
      expect(await post('/api/contact-us', { ...good, message: '  ' })).toEqual({ status: 400, body: { error: true, message: 'message: Please enter a message.' } });
      expect((await post('/api/contact-us', { ...good, reason: 'spam' })).status).toBe(400);
    });

    it('answers 429 with the spec text once one address has sent its allowance', async () => {
      const { limit } = OUTREACH_RATE_LIMITS.contactPerAddress;
      const message = { name: 'Mallory', email: 'mallory@example.com', message: 'Hello again' };
      for (let attempt = 0; attempt < limit; attempt += 1) expect((await post('/api/contact-us', message, `10.3.0.${attempt}`)).status).toBe(200);
      expect(await post('/api/contact-us', message, '10.3.1.1')).toEqual({ status: 429, body: { error: true, message: 'Too many requests. Please try again later.' } });
    });
  });

  it('GET /api/admin/contact-messages refuses anonymous callers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/contact-messages' });
    expect([401, 403]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ error: true });
  });

  it('POST /api/requests refuses anonymous callers', async () => {
    const response = await post('/api/requests', { description: 'A habit tracker for Notion' });
    expect(response.status).toBe(401);
    expect(await eventsOfType('TemplateRequested')).toEqual([]);
  });

  it('GET /api/blog/posts serves the repository posts when no feed is configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { source: string; posts: { title: string; contentHtml: string }[] };
    expect(body.source).toBe('repository');
    expect(body.posts.length).toBeGreaterThanOrEqual(3);
    for (const post of body.posts) expect(post.contentHtml).not.toMatch(/<script/iu);
  });
});
