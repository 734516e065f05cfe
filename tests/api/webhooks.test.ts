import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPublic, PUBLIC_FETCH_MESSAGES } from '../../src/adapters/security/public-fetch.js';
import { createWebhooks } from '../../src/commands/integrations/webhooks.js';
import { WEBHOOK_MESSAGES } from '../../src/domain/integrations/webhooks.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Verify = (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

/** Short enough that a test sees retries, time-outs and a give-up in seconds; the shape is the real policy's. */
const RETRY = { timeoutMs: 5_000, firstRetryDelayMs: 100, maxRetryDelayMs: 400, giveUpAfterMs: 8_000 };
const WAIT = { timeout: 40_000, interval: 50 };

/** The guide's verification snippet (docs/integrations.md), run exactly as written there. */
async function guideVerifier(): Promise<Verify> {
  const guide = await readFile(new URL('../../docs/integrations.md', import.meta.url), 'utf8');
  const snippet = /<!-- verify-snippet[^>]*-->\s*```js\n([\s\S]*?)```/u.exec(guide)?.[1];
  if (!snippet) throw new Error('docs/integrations.md lost its verification snippet');
  const directory = await mkdtemp(join(tmpdir(), 'tessera-guide-'));
  const file = join(directory, 'verify.mjs');
  await writeFile(file, snippet);
  const module = (await import(pathToFileURL(file).href)) as { verifyTesseraSignature: Verify };
  await rm(directory, { recursive: true, force: true });
  return module.verifyTesseraSignature;
}

const post = (title: string) => ({
  type: 'productivity',
  platform: 'notion',
  title,
  description: 'For webhooks.',
  url: `https://example.com/${title.toLowerCase().replaceAll(' ', '-')}`,
  instructions: 'Duplicate it.',
  tags: ['Planner'],
  images: [] as unknown[],
  price: 0,
});

describe('webhooks', () => {
  let harness: ApiHarness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let author: Member;
  let admin: Member;
  let commenter: Member;
  let verify: Verify;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    harness = await startApiHarness({ users: 2, templates: 2, seed: 60 }, { webhooks: { allowPrivateTargets: true, retry: RETRY } });
    author = await makeMember(harness, { prefix: 'hook_author' });
    admin = await makeMember(harness, { prefix: 'hook_admin', lvl: 'admin' });
    commenter = await makeMember(harness, { prefix: 'hook_commenter' });
    verify = await guideVerifier();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
  });

  const register = async (path: string, events: string[], owner = author) => {
    const answer = await harness.call<Json>('POST', '/api/webhooks', { token: owner.token, body: { url: receiver.url(path), events } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string; secret: string };
  };
  /** A post of the author's, approved: a post.reviewed event. */
  const approvedPost = async (title: string) => {
    const created = await harness.call<Json>('POST', '/api/resources', { token: author.token, body: post(title) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.resource._id as string;
    const approved = await harness.call('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: id, status: 'live' } });
    expect(approved.status).toBe(200);
    return id;
  };
  const deliveries = async (endpointId: string) =>
    (await harness.call<{ data: Json[] }>('GET', `/api/webhooks/${endpointId}/deliveries`, { token: author.token })).body.data;

  it('retries 500 twice, then delivers; every attempt is logged and signed as the guide verifies', async () => {
    receiver.script('/flaky', [500, 500, 200]);
    const { id, secret } = await register('/flaky', ['post.reviewed']);
    const postId = await approvedPost('Flaky Planner');
    await expect.poll(() => receiver.received('/flaky').length, WAIT).toBe(3);
    const received = receiver.received('/flaky');
    // The same event, the same id, three times.
    expect(new Set(received.map((delivery) => delivery.body.id)).size).toBe(1);
    expect(received[0]!.body).toMatchObject({ type: 'post.reviewed', data: { postId, decision: 'approved', reason: null } });
    for (const delivery of received) expect(verify(delivery.rawBody, String(delivery.headers['tessera-signature']), secret)).toBe(true);
    expect(verify(received[0]!.rawBody.replace('approved', 'denied'), String(received[0]!.headers['tessera-signature']), secret)).toBe(
      false,
    );
    expect(verify(received[0]!.rawBody, String(received[0]!.headers['tessera-signature']), 'whsec_wrong')).toBe(false);
    await expect.poll(async () => (await deliveries(id)).length, WAIT).toBe(3);
    const log = await deliveries(id);
    console.log(`delivery log after a receiver that failed twice:\n${JSON.stringify(log, null, 2)}`);
    expect(log.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.outcome])).toEqual([
      [3, 200, 'delivered'],
      [2, 500, 'retrying'],
      [1, 500, 'retrying'],
    ]);
    expect(log[1]!.nextRetryAt).not.toBeNull();
    expect(log[0]).toMatchObject({ eventId: received[0]!.body.id, type: 'post.reviewed', nextRetryAt: null, replayId: null });
  });

  it("sends post.version_published when a version of the author's post is approved, without its link", async () => {
    receiver.script('/versions', [200]);
    const { id } = await register('/versions', ['post.version_published']);
    const postId = await approvedPost('Versioned Planner');
    await expect.poll(() => receiver.received('/versions').length, WAIT).toBe(1);
    const [delivery] = receiver.received('/versions');
    expect(delivery!.body).toMatchObject({ type: 'post.version_published', data: { postId, version: 1, title: 'Versioned Planner' } });
    expect(delivery!.rawBody).not.toContain('example.com/versioned-planner');
    await expect.poll(async () => (await deliveries(id)).map((attempt) => attempt.outcome), WAIT).toEqual(['delivered']);
  });

  it('a time-out and a refused connection are retried; another 4xx fails that delivery at once and the next event goes out', async () => {
    receiver.script('/slow', [{ sleepMs: RETRY.timeoutMs * 3, then: 200 }, 200]);
    const slow = await register('/slow', ['post.reviewed']);
    receiver.script('/strict', [400, 200]);
    const strict = await register('/strict', ['post.reviewed']);
    await approvedPost('Timed Planner');
    await approvedPost('Second Planner');
    await expect.poll(async () => (await deliveries(slow.id)).filter((a) => a.outcome === 'delivered').length, WAIT).toBe(2);
    const slowLog = (await deliveries(slow.id)).reverse();
    expect(slowLog[0]).toMatchObject({ attempt: 1, statusCode: null, outcome: 'retrying', error: expect.stringContaining('time-out') });
    expect(slowLog[0]!.latencyMs).toBeGreaterThanOrEqual(RETRY.timeoutMs - 5);
    await expect.poll(async () => (await deliveries(strict.id)).some((a) => a.outcome === 'delivered'), WAIT).toBe(true);
    // Under load an attempt may time out first; a 400 is never tried again, and the next event goes out.
    const strictLog = (await deliveries(strict.id)).reverse().filter((a) => a.statusCode !== null);
    expect(strictLog.map((a) => [a.statusCode, a.outcome])).toEqual([
      [400, 'failed'],
      [200, 'delivered'],
    ]);
    expect(strictLog[0]!.eventId).not.toBe(strictLog[1]!.eventId);

    // Nothing listens on the refused endpoint's port: a connection error, retried.
    const closed = await startWebhookReceiver();
    const refusedUrl = closed.url('/gone');
    await closed.close();
    const refused = await harness.call<Json>('POST', '/api/webhooks', {
      token: author.token,
      body: { url: refusedUrl, events: ['post.reviewed'] },
    });
    await approvedPost('Refused Planner');
    await expect.poll(async () => (await deliveries(refused.body.id)).length, WAIT).toBeGreaterThanOrEqual(2);
    expect((await deliveries(refused.body.id)).at(-1)).toMatchObject({
      statusCode: null,
      outcome: 'retrying',
      error: expect.stringContaining('ECONNREFUSED'),
    });
    await harness.call('DELETE', `/api/webhooks/${refused.body.id}`, { token: author.token });
  });

  it('after the last retry the endpoint is paused and its owner e-mailed; resumed, it delivers from that event on, in order', async () => {
    receiver.script('/down', [503]);
    const { id } = await register('/down', ['post.reviewed', 'post.commented']);
    const postId = await approvedPost('Down Planner');
    await expect
      .poll(async () => (await harness.call<Json>('GET', `/api/webhooks/${id}`, { token: author.token })).body.active, WAIT)
      .toBe(false);
    const endpoint = (await harness.call<Json>('GET', `/api/webhooks/${id}`, { token: author.token })).body;
    expect(endpoint.pausedReason).toBe(WEBHOOK_MESSAGES.pausedByFailures);
    expect((await deliveries(id))[0]).toMatchObject({ statusCode: 503, outcome: 'gave_up', nextRetryAt: null });
    const mail = await harness.lastMailTo(`${author.username}@members.example`);
    expect(mail.subject).toBe('Your Tessera webhook endpoint is paused');
    // Meanwhile a comment: delivered after the approval that failed, once resumed.
    expect(
      (await harness.call('POST', `/api/comments/resource/${postId}`, { token: commenter.token, body: { message: 'Nice one' } })).status,
    ).toBeLessThan(300);
    const before = receiver.received('/down').length;
    receiver.script('/down', [200]);
    expect((await harness.call<Json>('PATCH', `/api/webhooks/${id}`, { token: author.token, body: { active: true } })).body.active).toBe(
      true,
    );
    await expect.poll(() => receiver.received('/down').length - before, WAIT).toBe(2);
    expect(
      receiver
        .received('/down')
        .slice(before)
        .map((delivery) => delivery.body.type),
    ).toEqual(['post.reviewed', 'post.commented']);
  });

  it('a replay since a date redelivers the same ids in log order, then live delivery goes on', async () => {
    receiver.script('/replay', [200]);
    const { id, secret } = await register('/replay', ['post.reviewed']);
    const since = new Date().toISOString();
    await approvedPost('Replay One');
    await approvedPost('Replay Two');
    await approvedPost('Replay Three');
    // What was delivered, in the order the log shows it (at least once: a time-out under load may repeat an attempt).
    const delivered = async (replayId: string | null) =>
      (await deliveries(id))
        .filter((attempt) => attempt.outcome === 'delivered' && attempt.replayId === replayId)
        .reverse()
        .map((attempt) => attempt.eventId as string);
    await expect.poll(async () => (await delivered(null)).length, WAIT).toBe(3);
    const live = await delivered(null);
    const receivedBefore = receiver.received('/replay').length;
    const replay = await harness.call<Json>('POST', `/api/webhooks/${id}/replay`, { token: author.token, body: { since } });
    expect(replay.status).toBe(202);
    await expect.poll(async () => (await delivered(replay.body.replayId as string)).length, WAIT).toBe(3);
    const replayed = await delivered(replay.body.replayId as string);
    console.log(`replay since ${since}: live ${JSON.stringify(live)}, replayed ${JSON.stringify(replayed)}`);
    expect(replayed).toEqual(live);
    const received = receiver.received('/replay').slice(receivedBefore);
    expect([...new Set(received.map((delivery) => delivery.body.id))]).toEqual(live);
    for (const delivery of received) expect(verify(delivery.rawBody, String(delivery.headers['tessera-signature']), secret)).toBe(true);
    // Before the endpoint existed: nothing of that was sent live, all of it is in a replay from then.
    const future = await harness.call<Json>('POST', `/api/webhooks/${id}/replay`, {
      token: author.token,
      body: { since: '2999-01-01T00:00:00Z' },
    });
    expect(future).toMatchObject({ status: 400, body: { message: WEBHOOK_MESSAGES.sinceInFuture } });
  });

  it('a slow endpoint delays no other', async () => {
    receiver.script('/stuck', [{ sleepMs: RETRY.timeoutMs * 3, then: 500 }]);
    await register('/stuck', ['post.reviewed']);
    receiver.script('/quick', [200]);
    await register('/quick', ['post.reviewed']);
    const started = Date.now();
    await approvedPost('Racing Planner');
    await expect.poll(() => receiver.received('/quick').length, WAIT).toBe(1);
    expect(receiver.received('/quick')[0]!.receivedAt - started).toBeLessThan(RETRY.timeoutMs * 3);
  });

  it('only the owner sees, changes or replays an endpoint; a token needs the scope', async () => {
    const { id } = await register('/owned', ['sale.completed']);
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${id}`, undefined],
      ['PATCH', `/api/webhooks/${id}`, { active: false }],
      ['GET', `/api/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/webhooks/${id}/replay`, { since: '2020-01-01T00:00:00Z' }],
      ['DELETE', `/api/webhooks/${id}`, undefined],
    ] as const)
      expect((await harness.call(method, url, { token: commenter.token, body })).status, `${method} ${url}`).toBe(404);
    const read = (await harness.call<Json>('POST', '/api/tokens', { token: author.token, body: { name: 'r', scopes: ['read'] } })).body
      .token;
    expect((await harness.call<Json>('GET', '/api/webhooks', { bearer: read })).body.data.map((e: Json) => e.id)).toContain(id);
    expect((await harness.call('DELETE', `/api/webhooks/${id}`, { bearer: read })).status).toBe(403);
  });

  it('refuses private, loopback and link-local targets without WEBHOOKS_ALLOW_PRIVATE_TARGETS, also behind a name', async () => {
    const guarded = createWebhooks({ ...harness.infrastructure, db: harness.infrastructure.database.db, allowPrivateTargets: false });
    const actor = { userId: author.userId, role: 'base' as const };
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
    ])
      await expect(guarded.register(author.userId, { url, events: ['sale.completed'] }, actor), url).rejects.toThrow(
        PUBLIC_FETCH_MESSAGES.notPublic,
      );
    // A name that resolves to a private or loopback address is refused when the delivery connects.
    const outcome = await postPublic(`http://${hostname()}:9/hook`, '{}', {}, { timeoutMs: 2_000, allowPrivateAddresses: false });
    expect(outcome).toEqual({ error: PUBLIC_FETCH_MESSAGES.notPublic });
  });
});
