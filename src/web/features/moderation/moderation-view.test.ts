import { describe, expect, it } from 'vitest';

import { TEMPLATE_STATUSES } from '../../../domain/templates/events.js';
import { adminStatusLabel, formatDateTime, inTimeOrder, pageNumbersFor, QUEUE_FILTERS, reviewActionsFor } from './moderation-view.js';

describe('review actions', () => {
  it('offers exactly the spec transitions for each status', () => {
    const labels = (status: string) => reviewActionsFor(status).map((action) => `${action.label}→${action.status}`);
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

  it('formats a date and time, and leaves an unreadable one as given', () => {
    expect(formatDateTime('2026-11-22T20:36:00.000Z', 'en-GB')).toMatch(/22 Nov 2026.*\d{2}:\d{2}/u);
    expect(formatDateTime('not a date')).toBe('not a date');
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

describe('pageNumbersFor', () => {
  it('disables the buttons that lead nowhere', () => {
    expect(pageNumbersFor(1, 1)).toEqual({ first: null, prev: null, next: null, last: null });
    expect(pageNumbersFor(1, 3)).toEqual({ first: null, prev: null, next: 2, last: 3 });
    expect(pageNumbersFor(2, 3)).toEqual({ first: 1, prev: 1, next: 3, last: 3 });
    expect(pageNumbersFor(3, 3)).toEqual({ first: 1, prev: 2, next: null, last: null });
  });
});
