import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, apiRequest, userMessageOf } from './api-client.js';

function answerWith(status: number, body: string, statusText = '', headers: Record<string, string> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(body === '' ? null : body, { status, statusText, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls the path under /api with the session cookie and parses the JSON answer', async () => {
    const fetchMock = answerWith(200, JSON.stringify({ data: [1, 2] }));

    await expect(apiRequest('/resources/today')).resolves.toEqual({ data: [1, 2] });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/resources/today');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends a body as JSON', async () => {
    const fetchMock = answerWith(201, JSON.stringify({ ok: true }));

    await apiRequest('/email/subscribe', { method: 'POST', body: { email: 'ada@example.com' } });

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe('{"email":"ada@example.com"}');
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
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

  it('falls back to the status when the error body has no message', async () => {
    answerWith(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(apiRequest('/resources/today')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed: 502 Bad Gateway',
    });
  });

  it('rejects a successful answer that is not JSON', async () => {
    answerWith(200, '<!doctype html>');
    await expect(apiRequest('/resources/today')).rejects.toBeInstanceOf(ApiError);
  });

  it("tells a person the server's reason for a refusal, a 429's wait in words, and the fallback for an outage", async () => {
    const failureOf = async (status: number, body: string, headers: Record<string, string> = {}) => {
      answerWith(status, body, '', headers);
      return apiRequest('/chatbot/chat', { method: 'POST', body: {} }).catch((error: unknown) => error);
    };
    const tooFast = await failureOf(429, JSON.stringify({ error: true, message: 'Too many requests. Please try again later.' }), { 'retry-after': '1500' });
    expect(userMessageOf(tooFast, 'fallback')).toBe('You are sending too fast. Please try again in 25 minutes.');
    expect(userMessageOf(await failureOf(429, JSON.stringify({ error: true, message: 'Slow down.' }), { 'retry-after': '1' }), 'fallback')).toBe('You are sending too fast. Please try again in 1 second.');
    expect(userMessageOf(await failureOf(429, JSON.stringify({ error: true, message: 'Slow down.' })), 'fallback')).toBe('Slow down.');
    expect(userMessageOf(await failureOf(400, JSON.stringify({ error: true, message: 'Please select an option.' })), 'fallback')).toBe('Please select an option.');
    expect(userMessageOf(await failureOf(503, JSON.stringify({ error: true, message: 'Down for maintenance.' })), 'fallback')).toBe('fallback');
    expect(userMessageOf(await failureOf(404, '<html>Not here</html>'), 'fallback')).toBe('fallback');
    expect(userMessageOf(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
