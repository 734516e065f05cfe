import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Retries every 100–400 ms, and a give-up far beyond the test: the delivery must outlive the restart. */
const RETRY = { timeoutMs: 2_000, firstRetryDelayMs: 200, maxRetryDelayMs: 400, giveUpAfterMs: 600_000 };
const WAIT = { timeout: 60_000, interval: 100 };

describe('webhooks across a restart', () => {
  let harness: ApiHarness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let author: Member;
  let admin: Member;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    harness = await startApiHarness({ users: 2, templates: 2, seed: 61 }, { webhooks: { allowPrivateTargets: true, retry: RETRY } });
    author = await makeMember(harness, { prefix: 'restart_author' });
    admin = await makeMember(harness, { prefix: 'restart_admin', lvl: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
  });

  const approvedPost = async (title: string) => {
    const created = await harness.call<Json>('POST', '/api/resources', {
      token: author.token,
      body: {
        type: 'productivity',
        platform: 'notion',
        title,
        description: 'Across a restart.',
        url: `https://example.com/${title.toLowerCase().replaceAll(' ', '-')}`,
        instructions: 'Duplicate it.',
        tags: ['Planner'],
        images: [],
        price: 0,
      },
    });
    expect(created.status).toBe(201);
    const approved = await harness.call('PUT', '/api/admin/resources/update', {
      token: admin.token,
      body: { _id: created.body.resource._id, status: 'live' },
    });
    expect(approved.status).toBe(200);
  };
  const deliveries = async (endpointId: string) =>
    (await harness.call<{ data: Json[] }>('GET', `/api/webhooks/${endpointId}/deliveries`, { token: author.token })).body.data;

  it('resumes the delivery under way after a restart: its attempts go on, then the next event, each once', async () => {
    receiver.script('/restart', [503]);
    const registered = await harness.call<Json>('POST', '/api/webhooks', {
      token: author.token,
      body: { url: receiver.url('/restart'), events: ['post.reviewed'] },
    });
    const endpointId = registered.body.id as string;
    await approvedPost('Restart One');
    await expect.poll(async () => (await deliveries(endpointId)).length, WAIT).toBeGreaterThanOrEqual(2);
    await harness.restart();
    const beforeRecovery = receiver.received('/restart').length;
    receiver.script('/restart', [200]);
    await expect.poll(async () => (await deliveries(endpointId))[0]?.outcome, WAIT).toBe('delivered');
    await approvedPost('Restart Two');
    await expect.poll(async () => (await deliveries(endpointId)).filter((attempt) => attempt.outcome === 'delivered').length, WAIT).toBe(2);

    const log = (await deliveries(endpointId)).reverse();
    const first = log.filter((attempt) => attempt.eventId === log[0]!.eventId);
    // One numbering across the restart: no attempt lost, none counted twice.
    expect(first.map((attempt) => attempt.attempt)).toEqual(first.map((_, index) => index + 1));
    expect(first.at(-1)).toMatchObject({ outcome: 'delivered', statusCode: 200 });
    const ids = receiver.received('/restart').map((delivery) => delivery.body.id);
    expect(new Set(ids).size).toBe(2);
    // After the restart: the first event again until it was delivered, then the second, once.
    const afterRestart = ids.slice(beforeRecovery);
    expect(afterRestart.at(-1)).toBe(log.at(-1)!.eventId);
    expect(afterRestart.slice(0, -1).every((id) => id === log[0]!.eventId)).toBe(true);
    expect(afterRestart.length).toBeGreaterThanOrEqual(2);
  });
});
