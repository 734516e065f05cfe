import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, apiRequest } from './api-client.js';

function answerWith(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(body === '' ? null : body, { status, statusText }));
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
});
