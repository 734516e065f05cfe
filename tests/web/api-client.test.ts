import { describe, expect, it } from 'vitest';

import { answeringApiServerForTests } from '../fixtures/answering-server.js';
import { ApiError, apiRequest, userMessageOf } from '../../src/web/lib/api-client.js';

const server = answeringApiServerForTests();

const answerWith = (status: number, body: string, statusText = '', headers: Record<string, string> = {}) =>
  server().answerWith({ status, body, statusText, headers });

describe('apiRequest', () => {
  it('calls the path under /api with the session cookie and parses the JSON answer', async () => {
    answerWith(200, JSON.stringify({ data: [1, 2] }), 'OK', { 'content-type': 'application/json' });

    await expect(apiRequest('/resources/today')).resolves.toEqual({ data: [1, 2] });

    expect(server().requests).toMatchObject([
      { method: 'GET', url: '/api/resources/today', headers: { accept: 'application/json' }, body: '' },
    ]);
    expect(server().requests[0]!.headers['content-type']).toBeUndefined();
    expect(server().inits[0]).toMatchObject({ credentials: 'include' });
  });

  it('sends a body as JSON', async () => {
    answerWith(201, JSON.stringify({ ok: true }));

    await apiRequest('/email/subscribe', { method: 'POST', body: { email: 'ada@example.com' } });

    expect(server().requests).toMatchObject([
      {
        method: 'POST',
        url: '/api/email/subscribe',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"email":"ada@example.com"}',
      },
    ]);
  });

  it('resolves to undefined for an empty answer', async () => {
    answerWith(204, '');
    await expect(apiRequest('/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it("rejects with an ApiError carrying the status and the server's message", async () => {
    answerWith(404, JSON.stringify({ error: true, message: 'Resource not found' }), 'Not Found');

    const error = await apiRequest('/resources/viewById/x').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Resource not found' });
  });

  it('falls back to the status when the error body has no message (a proxy error page)', async () => {
    answerWith(502, '<html>Bad gateway</html>', 'Bad Gateway', { 'content-type': 'text/html' });
    await expect(apiRequest('/resources/today')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed: 502 Bad Gateway',
    });
  });

  it('rejects a successful answer that is not JSON', async () => {
    answerWith(200, '<!doctype html>', 'OK', { 'content-type': 'text/html' });
    await expect(apiRequest('/resources/today')).rejects.toBeInstanceOf(ApiError);
  });

  it("tells a person the server's reason for a refusal, a 429's wait in words, and the fallback for an outage", async () => {
    const failureOf = async (status: number, body: string, headers: Record<string, string> = {}) => {
      answerWith(status, body, '', headers);
      return apiRequest('/chatbot/chat', { method: 'POST', body: {} }).catch((error: unknown) => error);
    };
    const tooFast = await failureOf(429, JSON.stringify({ error: true, message: 'Too many requests. Please try again later.' }), {
      'retry-after': '1500',
    });
    expect(userMessageOf(tooFast, 'fallback')).toBe('You are sending too fast. Please try again in 25 minutes.');
    expect(
      userMessageOf(await failureOf(429, JSON.stringify({ error: true, message: 'Slow down.' }), { 'retry-after': '1' }), 'fallback'),
    ).toBe('You are sending too fast. Please try again in 1 second.');
    expect(userMessageOf(await failureOf(429, JSON.stringify({ error: true, message: 'Slow down.' })), 'fallback')).toBe('Slow down.');
    expect(userMessageOf(await failureOf(400, JSON.stringify({ error: true, message: 'Please select an option.' })), 'fallback')).toBe(
      'Please select an option.',
    );
    expect(userMessageOf(await failureOf(503, JSON.stringify({ error: true, message: 'Down for maintenance.' })), 'fallback')).toBe(
      'fallback',
    );
    expect(userMessageOf(await failureOf(404, '<html>Not here</html>'), 'fallback')).toBe('fallback');
    expect(userMessageOf(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
