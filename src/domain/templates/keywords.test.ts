import { describe, expect, it } from 'vitest';
import { deriveKeywords } from './keywords.js';
import { TEMPLATE_LIMITS } from './rules.js';

describe('offline keywords', () => {
  it('ranks title words twice, leaves out stop words, short words and numbers, ties by first appearance', () => {
    expect(deriveKeywords('Sprint Board for Teams', 'Run two-week sprints with a board your team can share.')).toEqual([
      'board',
      'sprint',
      'teams',
    ]);
    expect(deriveKeywords('The 2024 Budget', 'A budget tracker for small budget holders.')).toEqual(['budget', 'tracker', 'small']);
  });

  it('is deterministic, folds accents and case, and gives at most the keyword limit', () => {
    const title = 'Café Menu Planner';
    const description = 'Plan a café menu: dishes, prices, suppliers and seasonal specials.';
    expect(deriveKeywords(title, description)).toEqual(deriveKeywords(title, description));
    expect(deriveKeywords(title, description)).toEqual(['cafe', 'menu', 'planner']);
    expect(deriveKeywords(title, description).length).toBeLessThanOrEqual(TEMPLATE_LIMITS.tags);
  });

  it('gives nothing for text with no meaningful word', () => {
    expect(deriveKeywords('A to Z', 'It is for you.')).toEqual([]);
  });
});
