import { describe, expect, it } from 'vitest';

import { MAX_LIST_PAGE } from '@domain/shared/pagination.js';
import { pageCount, pageFromSearch, pageLocation, pageNumbersFor } from './paging.js';

describe('member list paging', () => {
  it('reads ?page= as a whole number from 1, else the first page', () => {
    expect(pageFromSearch(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=1e400'])
      expect(pageFromSearch(new URLSearchParams(bad))).toBe(1);
  });

  it('reads a page beyond the highest the lists serve as that highest page (which then leads to the last real one)', () => {
    for (const far of ['page=1e9', `page=${MAX_LIST_PAGE + 1}`]) expect(pageFromSearch(new URLSearchParams(far))).toBe(MAX_LIST_PAGE);
    expect(pageFromSearch(new URLSearchParams(`page=${MAX_LIST_PAGE}`))).toBe(MAX_LIST_PAGE);
  });

  it('counts pages of 10, one page for an empty list', () => {
    expect([0, 1, 10, 11, 20, 21].map((total) => pageCount(total, 10))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('gives first and previous only after page 1, next and last only before the last page', () => {
    expect(pageNumbersFor(1, 1)).toEqual({ first: null, prev: null, next: null, last: null });
    expect(pageNumbersFor(1, 3)).toEqual({ first: null, prev: null, next: 2, last: 3 });
    expect(pageNumbersFor(2, 3)).toEqual({ first: 1, prev: 1, next: 3, last: 3 });
    expect(pageNumbersFor(3, 3)).toEqual({ first: 1, prev: 2, next: null, last: null });
    // Past the end (an address typed by hand): back to the last real page.
    expect(pageNumbersFor(7, 3)).toEqual({ first: 1, prev: 3, next: null, last: null });
  });

  it('leaves the query off page 1', () => {
    expect(pageLocation('/saved-posts', 1)).toBe('/saved-posts');
    expect(pageLocation('/saved-posts', 2)).toBe('/saved-posts?page=2');
  });
});
