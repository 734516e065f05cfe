import { describe, expect, it } from 'vitest';
import { webhookEventFor, WEBHOOK_CATALOGUE, WEBHOOK_EVENT_TYPES } from './webhook-catalogue.js';
import { DEFAULT_WEBHOOK_RETRY_POLICY, isRetryable, retryDelayMs } from './webhooks.js';

const HOUR = 60 * 60 * 1000;

describe('webhook retry policy', () => {
  it('retries no answer, 408, 429 and 5xx; fails other 4xx and 3xx at once', () => {
    for (const statusCode of [null, 408, 429, 500, 502, 503, 599]) expect(isRetryable({ statusCode }), String(statusCode)).toBe(true);
    for (const statusCode of [301, 400, 401, 403, 404, 410, 422]) expect(isRetryable({ statusCode }), String(statusCode)).toBe(false);
  });

  it('tries the first retry within 30 seconds, doubles with jitter, waits at most an hour, and gives up after 24 hours', () => {
    const policy = DEFAULT_WEBHOOK_RETRY_POLICY;
    for (const random of [0, 0.5, 0.999]) expect(retryDelayMs(policy, 1, 0, random)).toBeLessThanOrEqual(30_000);
    expect(retryDelayMs(policy, 1, 0, 0)).toBe(10_000);
    expect(retryDelayMs(policy, 2, 0, 0.999)).toBeGreaterThan(retryDelayMs(policy, 1, 0, 0.999)!);
    expect(retryDelayMs(policy, 30, 0, 0.999)).toBeLessThanOrEqual(HOUR);
    let elapsed = 0;
    let retries = 0;
    for (let delay = retryDelayMs(policy, 1, 0, 0.5); delay !== null; delay = retryDelayMs(policy, retries + 1, elapsed, 0.5)) {
      elapsed += delay;
      retries += 1;
    }
    expect(elapsed).toBeLessThanOrEqual(24 * HOUR);
    expect(elapsed).toBeGreaterThan(23 * HOUR);
    expect(retries).toBeGreaterThan(20);
  });
});

describe('webhook catalogue', () => {
  it('names only subscribable types, and sends nothing for other events', () => {
    for (const entry of Object.values(WEBHOOK_CATALOGUE)) expect(WEBHOOK_EVENT_TYPES).toContain(entry.type);
    expect(webhookEventFor({ type: 'TemplateLiked', data: {} })).toBeNull();
    expect(webhookEventFor({ type: 'TemplateHidden', data: { templateId: 't1', reviewerId: 'a', reason: 'Spam' } })).toEqual({
      type: 'post.reviewed',
      owner: { authorOf: 't1' },
      data: { postId: 't1', decision: 'hidden', reason: 'Spam' },
    });
  });
});
