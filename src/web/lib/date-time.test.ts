import { describe, expect, it } from 'vitest';

import { formatDateTime } from './date-time.js';

describe('formatDateTime', () => {
  it('formats a date and time, and leaves an unreadable one as given', () => {
    expect(formatDateTime('2026-11-22T20:36:00.000Z', 'en-GB')).toMatch(/22 Nov 2026.*\d{2}:\d{2}/u);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
