import { describe, expect, it } from 'vitest';

import { pointsLabel } from './user-facts.js';

describe('pointsLabel', () => {
  it('is singular for exactly one point', () => {
    expect(pointsLabel(1)).toBe('1 point');
    expect(pointsLabel(0)).toBe('0 points');
    expect(pointsLabel(250)).toBe('250 points');
  });
});
