import { describe, expect, it } from 'vitest';
import { salesChartOptions } from './SalesChart.js';

describe('the sales chart', () => {
  it("shows the payments view's y-axis in dollars, and counts purchases in whole numbers", () => {
    const payments = salesChartOptions('payments').scales.y;
    expect('title' in payments && payments.title).toEqual({ display: true, text: 'USD' });
    const tick = 'callback' in payments.ticks ? payments.ticks.callback : null;
    expect([20, 2.5, '7'].map((value) => tick?.(value))).toEqual(['$20', '$2.50', '$7']);
    expect(salesChartOptions('purchases').scales.y.ticks).toEqual({ precision: 0 });
  });
});
