import { describe, expect, it } from 'vitest';

import { pageNumbersFor } from './Pagination.js';

describe('pageNumbersFor', () => {
  it('disables the buttons that lead nowhere', () => {
    expect(pageNumbersFor(1, 1)).toEqual({ first: null, prev: null, next: null, last: null });
    expect(pageNumbersFor(1, 3)).toEqual({ first: null, prev: null, next: 2, last: 3 });
    expect(pageNumbersFor(2, 3)).toEqual({ first: 1, prev: 1, next: 3, last: 3 });
    expect(pageNumbersFor(3, 3)).toEqual({ first: 1, prev: 2, next: null, last: null });
  });
});
