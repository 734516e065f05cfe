import { afterEach, describe, expect, it, vi } from 'vitest';

import { SEARCH_MAX_QUERY_LENGTH, SEARCH_TEXT_TOO_LONG } from '../../../domain/discovery/constants.js';
import { fetchPopularTerms, searchOrRefusal } from './api.js';

function answerWith(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the search page's results", () => {
  it('refuses too long a search text with the shared message, without asking the API', async () => {
    const fetchMock = answerWith(200, { data: [], pagination: {} });
    await expect(searchOrRefusal({ q: 'q'.repeat(SEARCH_MAX_QUERY_LENGTH + 1) })).resolves.toEqual({ refused: SEARCH_TEXT_TOO_LONG });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(fetchPopularTerms('q'.repeat(SEARCH_MAX_QUERY_LENGTH + 1))).resolves.toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the API's message when it refuses the search: the searcher's to fix, not a failure", async () => {
    answerWith(400, { error: true, message: 'Unknown topic "astrology"' });
    await expect(searchOrRefusal({ topic: 'astrology' })).resolves.toEqual({ refused: 'Unknown topic "astrology"' });
  });

  it('fails when the API fails', async () => {
    answerWith(500, { error: true, message: 'Something went wrong on our side. Please try again later.' });
    await expect(searchOrRefusal({ q: 'budget' })).rejects.toMatchObject({ status: 500 });
  });
});
