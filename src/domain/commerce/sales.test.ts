import { describe, expect, it } from 'vitest';
import { salesByDay, salesDayLabel } from './sales.js';

describe('sales chart', () => {
  it("labels days 'MMM DD'", () => {
    expect(salesDayLabel(new Date('2026-11-05T23:59:00Z'))).toBe('Nov 05');
    expect(salesDayLabel(new Date('2026-01-23T00:00:00Z'))).toBe('Jan 23');
  });

  it('counts purchases and sums amounts per day, leaves refunds out, and keeps empty days between', () => {
    expect(
      salesByDay([
        { date: '2026-11-03T10:00:00.000Z', amount: 12.5, paymentStatus: 'paid' },
        { date: '2026-11-01T09:00:00.000Z', amount: 0.1, paymentStatus: 'paid' },
        { date: '2026-11-01T18:00:00.000Z', amount: 0.2, paymentStatus: 'paid' },
        { date: '2026-11-02T12:00:00.000Z', amount: 99, paymentStatus: 'refunded' },
      ]),
    ).toEqual([
      { label: 'Nov 01', purchases: 2, amount: 0.3 },
      { label: 'Nov 02', purchases: 0, amount: 0 },
      { label: 'Nov 03', purchases: 1, amount: 12.5 },
    ]);
    expect(salesByDay([{ date: '2026-11-02T12:00:00.000Z', amount: 9, paymentStatus: 'refunded' }])).toEqual([]);
  });
});
