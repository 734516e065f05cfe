import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, TOKEN_LAST_USED_RESOLUTION_MS } from '../../src/domain/integrations/tokens.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = {
  type: 'productivity',
  platform: 'notion',
  title: 'Planner by token',
  description: 'Made from a script.',
  url: 'https://example.com/planner-by-token',
  instructions: 'Duplicate it.',
  tags: ['Planner'],
  images: [] as unknown[],
  price: 0,
};

describe('personal access tokens', () => {
  let harness: ApiHarness;
  let member: Member;
  let admin: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 2, seed: 59 });
    member = await makeMember(harness, { prefix: 'pat_member' });
    admin = await makeMember(harness, { prefix: 'pat_admin', lvl: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const createToken = async (owner: Member, scopes: string[], name = 'Script') => {
    const answer = await harness.call<Json>('POST', '/api/tokens', { token: owner.token, body: { name, scopes } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string; token: string };
  };

  it('is answered once, listed without itself, and acts as its member with its scope; its use is recorded at most once an hour', async () => {
    const { id, token } = await createToken(member, ['read']);
    expect(token).toMatch(/^tsr_pat_/u);
    const me = await harness.call<Json>('GET', '/api/users/private/me', { bearer: token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(member.username);
    await harness.call('GET', '/api/users/private/me', { bearer: token });
    const listed = await harness.call<Json>('GET', '/api/tokens', { token: member.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    await expect
      .poll(async () => (await harness.call<Json>('GET', '/api/tokens', { token: member.token })).body.data.find((t: Json) => t.id === id))
      .toMatchObject({ id, name: 'Script', scopes: ['read'], lastUsedAt: expect.any(String) });
    const uses = await harness.infrastructure.store.readStream(`access-token-${id}`);
    expect(uses.filter((event) => event.type === 'AccessTokenUsed')).toHaveLength(1);
    const { lastUsedAt } = (await harness.call<Json>('GET', '/api/tokens', { token: member.token })).body.data[0];
    expect(Date.parse(lastUsedAt) % TOKEN_LAST_USED_RESOLUTION_MS).toBe(0);
  });

  it('a read token cannot write; a write-only token creates a post but cannot read', async () => {
    const read = await createToken(member, ['read']);
    const refused = await harness.call<Json>('POST', '/api/resources', { bearer: read.token, body: post });
    expect(refused).toMatchObject({ status: 403, body: { message: ACCESS_TOKEN_MESSAGES.scopeMissing('write') } });
    const write = await createToken(member, ['write']);
    const created = await harness.call<Json>('POST', '/api/resources', { bearer: write.token, body: post });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Exactly its scopes: a write-only token does not read.
    expect((await harness.call('GET', '/api/users/sales-data', { bearer: write.token })).status).toBe(403);
    expect((await harness.call('GET', '/api/users/sales-data', { bearer: read.token })).status).toBe(200);
  });

  it("admin routes and the token routes refuse tokens, even an admin's with every scope", async () => {
    const { token } = await createToken(admin, ['read', 'write']);
    for (const [method, url] of [
      ['GET', '/api/admin/allusers'],
      ['GET', '/api/admin/contact-messages'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['POST', '/api/logout'],
    ] as const) {
      const answer = await harness.call<Json>(method, url, {
        bearer: token,
        body: method === 'POST' ? { name: 'x', scopes: ['read'] } : undefined,
      });
      expect(answer, `${method} ${url}`).toMatchObject({ status: 403, body: { message: ACCESS_TOKEN_MESSAGES.refusedHere } });
    }
    // The admin's own session still works there.
    expect((await harness.call('GET', '/api/admin/allusers', { token: admin.token })).status).toBe(200);
  });

  it('a revoked token gets 401 on the very next request; someone else cannot revoke it', async () => {
    const { id, token } = await createToken(member, ['read']);
    expect((await harness.call('GET', '/api/users/private/me', { bearer: token })).status).toBe(200);
    expect((await harness.call('DELETE', `/api/tokens/${id}`, { token: admin.token })).status).toBe(404);
    expect((await harness.call('DELETE', `/api/tokens/${id}`, { token: member.token })).status).toBe(200);
    const after = await harness.call<Json>('GET', '/api/users/private/me', { bearer: token });
    expect(after).toMatchObject({ status: 401, body: { message: ACCESS_TOKEN_MESSAGES.invalid } });
    expect((await harness.call<Json>('GET', '/api/tokens', { token: member.token })).body.data.map((t: Json) => t.id)).not.toContain(id);
  });

  it('the OpenAPI description covers the token and webhook routes, with examples', async () => {
    const docs = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = (docs.json() as Json).paths as Json;
    for (const path of [
      '/api/tokens',
      '/api/tokens/{id}',
      '/api/webhooks',
      '/api/webhooks/{id}',
      '/api/webhooks/{id}/deliveries',
      '/api/webhooks/{id}/replay',
    ])
      expect(paths[path], path).toBeDefined();
    expect(JSON.stringify(paths['/api/tokens'].post)).toContain('tsr_pat_');
    expect(JSON.stringify(paths['/api/webhooks'].post)).toContain('whsec_');
    expect(JSON.stringify(paths['/api/webhooks/{id}/deliveries'].get)).toContain('"nextRetryAt":"2026-01-31T12:00:58.000Z"');
  });

  it('refuses a token without a name or scope', async () => {
    const answer = await harness.call<Json>('POST', '/api/tokens', { token: member.token, body: { name: 'x', scopes: [] } });
    expect(answer).toMatchObject({ status: 400, body: { message: expect.stringContaining(ACCESS_TOKEN_MESSAGES.noScopes) } });
  });
});
