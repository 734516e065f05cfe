import { describe, expect, it } from 'vitest';

import { itemsOnPage } from './pagination.js';

describe('itemsOnPage', () => {
  it('is a full page before the last, what is left on the last, and none past it', () => {
    expect(itemsOnPage(23, 1, 10)).toBe(10);
    expect(itemsOnPage(23, 2, 10)).toBe(10);
    expect(itemsOnPage(23, 3, 10)).toBe(3);
    expect(itemsOnPage(23, 4, 10)).toBe(0);
    expect(itemsOnPage(0, 1, 10)).toBe(0);
    expect(itemsOnPage(20, 2, 10)).toBe(10);
  });
});
