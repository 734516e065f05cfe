import { describe, expect, it } from 'vitest';
import { searchResultsCount } from './constants.js';

describe("the search page's count", () => {
  it('says one result in the singular and every other count in the plural', () => {
    expect(searchResultsCount(1)).toBe('Showing 1 result');
    expect(searchResultsCount(0)).toBe('Showing 0 results');
    expect(searchResultsCount(12)).toBe('Showing 12 results');
  });
});
