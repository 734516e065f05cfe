import { describe, expect, it } from 'vitest';

import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { withMembership, withToggled } from './engagement.js';

const resource: ResourceView = {
  _id: 'r1',
  titleUrl: 'weekly-planner-r1',
  title: 'Weekly Planner',
  description: { short: 'Plan your week.', long: '' },
  price: 0,
  keywords: [],
  platform: 'Notion',
  topic: 'Productivity',
  sponsored: false,
  status: 'live',
  author: { _id: 'u1', username: 'ada', info: { displayName: null, thumbnail: null } },
  ratings: { positive: 3, negative: 0, redFlags: 0, saves: 1 },
  images: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('optimistic engagement', () => {
  it('moves only the toggled count by one, up or down', () => {
    expect(withToggled(resource, 'like', true).ratings).toEqual({ positive: 4, negative: 0, redFlags: 0, saves: 1 });
    expect(withToggled(resource, 'save', false).ratings).toEqual({ positive: 3, negative: 0, redFlags: 0, saves: 0 });
    expect(withToggled(resource, 'flag', true).ratings.redFlags).toBe(1);
  });

  it('never shows a negative count', () => {
    expect(withToggled(resource, 'flag', false).ratings.redFlags).toBe(0);
  });

  it('adds a resource to the user list once and removes it', () => {
    expect(withMembership(['a'], 'r1', true)).toEqual(['a', 'r1']);
    expect(withMembership(['a', 'r1'], 'r1', true)).toEqual(['a', 'r1']);
    expect(withMembership(['a', 'r1'], 'r1', false)).toEqual(['a']);
  });
});
