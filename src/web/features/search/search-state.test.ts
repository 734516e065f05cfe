import { describe, expect, it } from 'vitest';
import { SEARCH_MANY_WORDS_HEADING, SEARCH_MAX_QUERY_LENGTH, SEARCH_PAGE_TITLE } from '@domain/discovery/constants.js';
import { cleanPopularTerm } from './api.js';
import { filtersFromLocation, lastPageInstead, normaliseTyping, searchHeading, searchLocation, searchPageAddress } from './search-state.js';

const none = new URLSearchParams();

describe('search page state', () => {
  it('maps a path term naming a topic or app to that filter, by name or label', () => {
    expect(filtersFromLocation(none, { kind: 'tag', term: 'human_resources' })).toMatchObject({
      topic: 'human_resources',
      keywords: '',
      q: '',
    });
    expect(filtersFromLocation(none, { kind: 'tag', term: 'Content & Files' })).toMatchObject({ topic: 'content_and_files' });
    expect(filtersFromLocation(none, { kind: 'popular', term: 'Google Sheets' })).toMatchObject({ platform: 'google sheets', q: '' });
  });

  it('maps other tag terms to a keyword filter and query terms to the search text', () => {
    expect(filtersFromLocation(none, { kind: 'tag', term: 'Budget' })).toMatchObject({ keywords: 'budget', q: '' });
    expect(filtersFromLocation(none, { kind: 'query', term: 'budget tracker' })).toMatchObject({ q: 'budget tracker', keywords: '' });
  });

  it('reads only valid sorts, prices and pages from the query string', () => {
    const read = filtersFromLocation(new URLSearchParams('q=crm&sort=cheapest&price=free&page=-3&limit=abc'));
    expect(read).toEqual({ q: 'crm', keywords: '', platform: '', topic: '', sort: '', price: 'free', page: 1, limit: '' });
    expect(filtersFromLocation(new URLSearchParams('sort=most_pop_90&page=4'))).toMatchObject({ sort: 'most_pop_90', page: 4 });
  });

  it('builds headings from the search text', () => {
    expect(searchHeading('')).toBe(SEARCH_PAGE_TITLE);
    expect(searchHeading('notion')).toBe('Notion Templates');
    expect(searchHeading('human_resources')).toBe('Human Resources Templates');
    expect(searchHeading('ai')).toBe('AI Templates');
    expect(searchHeading('a'.repeat(3000))).toBe(`A${'a'.repeat(39)}… Templates`);
    expect(searchHeading('budget tracker')).toBe(SEARCH_MANY_WORDS_HEADING);
  });

  it('writes addresses without unset filters or page 1', () => {
    expect(searchLocation({ q: '', page: 1 })).toBe('/search');
    expect(searchLocation({ q: 'crm tools', price: 'paid', page: 2 })).toBe('/search?q=crm+tools&price=paid&page=2');
  });

  it('normalises typing and popular terms', () => {
    expect(normaliseTyping(' ')).toBe('');
    expect(normaliseTyping('Budget   Tracker ')).toBe('budget tracker ');
    // As many characters as a search takes, counted as the rules count them (a native maxlength stopped at 100 emoji).
    expect(normaliseTyping('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH))).toBe('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH));
    expect(normaliseTyping('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH + 5))).toBe('🎉'.repeat(SEARCH_MAX_QUERY_LENGTH));
    expect(cleanPopularTerm('1. "Budget tracker"')).toBe('Budget tracker');
    expect(cleanPopularTerm('crm')).toBe('crm');
  });

  it('sends a page past the last one to the last one, and leaves real pages and empty searches alone', () => {
    expect(lastPageInstead({ currentPage: 99_999, totalPages: 27 })).toBe(27);
    expect(lastPageInstead({ currentPage: 27, totalPages: 27 })).toBeNull();
    expect(lastPageInstead({ currentPage: 1, totalPages: 1 })).toBeNull();
    expect(lastPageInstead({ currentPage: 5, totalPages: 1 })).toBe(1);
  });

  it('writes the same search address with another page, keeping its path and other parameters', () => {
    expect(searchPageAddress({ pathname: '/search', search: '?page=99999&sort=date_desc' }, 27)).toBe('/search?page=27&sort=date_desc');
    expect(searchPageAddress({ pathname: '/search/query/budget', search: '?page=9' }, 1)).toBe('/search/query/budget');
  });
});
