import { describe, expect, it } from 'vitest';
import { cleanRates, displayPrice, formatDisplayPrice, SHIPPED_RATES } from './exchange-rates.js';
import { SUPPORTED_CURRENCIES } from './money.js';

describe('exchange rates', () => {
  it('ships a rate for each of the 18 currencies', () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(18);
    expect(Object.keys(SHIPPED_RATES.rates).sort()).toEqual([...SUPPORTED_CURRENCIES].sort());
  });

  it("converts for display with the currency's own digits, and leaves the price in USD without a rate", () => {
    expect(displayPrice(12.5, 'EUR', { EUR: 0.92 })).toEqual({ amount: 11.5, currency: 'EUR' });
    expect(displayPrice(12.5, 'JPY', { JPY: 151.2 })).toEqual({ amount: 1890, currency: 'JPY' });
    expect(displayPrice(12.5, 'GBP', { EUR: 0.92 })).toEqual({ amount: 12.5, currency: 'USD' });
    expect(formatDisplayPrice({ amount: 1890, currency: 'JPY' })).toBe('¥1,890');
    expect(formatDisplayPrice({ amount: 11.5, currency: 'EUR' })).toBe('€11.50');
  });

  it('keeps only supported currencies with a positive rate from a feed', () => {
    expect(cleanRates({ EUR: 0.9, XYZ: 3, GBP: -1, JPY: 'many', CAD: 1.4 })).toEqual({ USD: 1, EUR: 0.9, CAD: 1.4 });
    expect(cleanRates(null)).toEqual({ USD: 1 });
  });
});
