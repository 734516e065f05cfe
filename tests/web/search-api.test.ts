import { describe, expect, it } from 'vitest';

import { answeringApiServerForTests } from '../fixtures/answering-server.js';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_TEXT_TOO_LONG } from '../../src/domain/discovery/constants.js';
import { fetchPopularTerms, searchOrRefusal } from '../../src/web/features/search/api.js';

const server = answeringApiServerForTests();

const answerWith = (status: number, body: unknown) =>
  server().answerWith({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe("the search page's results", () => {
  it('refuses too long a search text with the shared message, without asking the API', async () => {
    answerWith(200, { data: [], pagination: {} });
    await expect(searchOrRefusal({ q: 'q'.repeat(SEARCH_MAX_QUERY_LENGTH + 1) })).resolves.toEqual({ refused: SEARCH_TEXT_TOO_LONG });
    await expect(fetchPopularTerms('q'.repeat(SEARCH_MAX_QUERY_LENGTH + 1))).resolves.toEqual([]);
    expect(server().requests).toEqual([]);
  });

  it("shows the API's message when it refuses the search: the searcher's to fix, not a failure", async () => {
    answerWith(400, { error: true, message: 'Unknown topic "astrology"' });
    await expect(searchOrRefusal({ topic: 'astrology' })).resolves.toEqual({ refused: 'Unknown topic "astrology"' });
    expect(server().requests).toMatchObject([
      { method: 'GET', url: expect.stringMatching(/^\/api\/resources\/search\?.*topic=astrology/u) },
    ]);
  });

  it('fails when the API fails', async () => {
    answerWith(500, { error: true, message: 'Something went wrong on our side. Please try again later.' });
    await expect(searchOrRefusal({ q: 'budget' })).rejects.toMatchObject({ status: 500 });
  });
});
