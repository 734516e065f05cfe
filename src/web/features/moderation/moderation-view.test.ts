import { describe, expect, it } from 'vitest';

import { TEMPLATE_STATUSES } from '@domain/templates/lifecycle.js';
import { adminStatusLabel, matchesFilter, QUEUE_FILTERS, reviewActionsFor } from '@domain/templates/lifecycle.js';
import { inTimeOrder, pageAfterChange } from './moderation-view.js';

describe('review actions', () => {
  it('offers exactly the spec transitions for each status', () => {
    const labels = (status: string) => reviewActionsFor(status).map((action) => `${action.label}→${action.requests}`);
    expect(labels('under review')).toEqual(['Approve→live', 'Deny→not approved']);
    expect(labels('Under Review Edit')).toEqual(['Approve→live', 'Deny→not approved']);
    expect(labels('live flagged')).toEqual(['Not Flagged→live', 'Hide It→hidden']);
    for (const status of ['live', 'hidden', 'not approved', 'deleted']) expect(labels(status)).toEqual([]);
  });

  it('filters by every status the server knows', () => {
    const values = QUEUE_FILTERS.map((filter) => filter.value);
    for (const status of TEMPLATE_STATUSES) expect(values).toContain(status);
  });

  it('labels statuses as the admin sees them', () => {
    expect(adminStatusLabel('under review edit')).toBe('Under review edit');
    expect(adminStatusLabel('live flagged')).toBe('Live flagged');
  });

  it('puts history entries oldest first, keeping ties in order', () => {
    const entries = [
      { id: 'c', _date: '2026-01-03T00:00:00Z' },
      { id: 'a', _date: '2026-01-01T00:00:00Z' },
      { id: 'b1', _date: '2026-01-02T00:00:00Z' },
      { id: 'b2', _date: '2026-01-02T00:00:00Z' },
    ];
    expect(inTimeOrder(entries).map((entry) => entry.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});

describe('the list after an action', () => {
  const page = {
    data: [
      { _id: 'a', status: 'under review', sponsored: false },
      { _id: 'b', status: 'live flagged', sponsored: false },
    ],
    results: 30,
  };

  it('knows which statuses await a decision', () => {
    expect(['under review', 'under review edit', 'live flagged'].every((status) => matchesFilter(status, 'pending'))).toBe(true);
    expect(['live', 'hidden', 'not approved'].some((status) => matchesFilter(status, 'pending'))).toBe(false);
    expect(matchesFilter('hidden', 'all')).toBe(true);
    expect(matchesFilter('hidden', 'live')).toBe(false);
  });

  it('drops a decided row from the queue and lowers the total', () => {
    const after = pageAfterChange(page, 'a', { status: 'live' }, 'pending');
    expect(after.data.map((row) => row._id)).toEqual(['b']);
    expect(after.results).toBe(29);
  });

  it('updates a row that still matches, and drops a deleted one', () => {
    expect(pageAfterChange(page, 'a', { sponsored: true }, 'pending').data[0]).toEqual({
      _id: 'a',
      status: 'under review',
      sponsored: true,
    });
    expect(pageAfterChange(page, 'b', { status: 'hidden' }, 'all')).toMatchObject({
      results: 30,
      data: [{ _id: 'a' }, { _id: 'b', status: 'hidden' }],
    });
    expect(pageAfterChange(page, 'b', null, 'all')).toMatchObject({ results: 29, data: [{ _id: 'a' }] });
  });

  it('leaves the page alone for a row it does not hold', () => {
    expect(pageAfterChange(page, 'z', { status: 'live' }, 'pending')).toBe(page);
  });
});
