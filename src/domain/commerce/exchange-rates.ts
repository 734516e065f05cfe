import { isCurrency, minorUnitDigits, type CurrencyCode } from './money.js';

/** How many units of each currency one US dollar buys. */
export type ExchangeRates = Partial<Record<CurrencyCode, number>>;

export interface RatesTable {
  base: 'USD';
  rates: ExchangeRates;
  /** When these rates were published (the shipped table's date, or the feed's fetch). */
  asOf: string;
  source: 'shipped' | 'feed';
}

/**
 * The rates shipped for offline use (spec 9's 18 currencies): approximate mid-market rates, used until
 * (and whenever) the configured feed cannot be read. Display only: charges stay in the post's currency.
 */
export const SHIPPED_RATES: RatesTable = {
  base: 'USD',
  asOf: '2026-11-01',
  source: 'shipped',
  rates: {
    USD: 1,
    EUR: 0.92,
    GBP: 0.79,
    CAD: 1.38,
    AUD: 1.52,
    JPY: 151.2,
    CNY: 7.12,
    CHF: 0.88,
    INR: 84.1,
    BRL: 5.65,
    ZAR: 17.9,
    MXN: 19.8,
    KRW: 1370,
    SGD: 1.33,
    NZD: 1.66,
    SEK: 10.6,
    NOK: 10.9,
    DKK: 6.86,
  },
};

/** The feed refreshes the table at most this often. */
export const RATES_REFRESH_MS = 24 * 60 * 60 * 1000;

/** Keeps the supported currencies with a positive finite rate; anything else in a feed is ignored. */
export function cleanRates(raw: unknown): ExchangeRates {
  const rates: ExchangeRates = { USD: 1 };
  if (typeof raw !== 'object' || raw === null) return rates;
  for (const [code, rate] of Object.entries(raw)) {
    if (isCurrency(code) && typeof rate === 'number' && Number.isFinite(rate) && rate > 0) rates[code] = rate;
  }
  return rates;
}

/**
 * A US-dollar price in another currency for display, rounded to that currency's digits; with no
 * rate for it the price stays in US dollars (spec 4, Currency: an unknown rate leaves it unchanged).
 */
export function displayPrice(usd: number, currency: CurrencyCode, rates: ExchangeRates): { amount: number; currency: CurrencyCode } {
  const rate = rates[currency];
  if (rate === undefined) return { amount: usd, currency: 'USD' };
  const digits = minorUnitDigits(currency);
  return { amount: Math.round(usd * rate * 10 ** digits) / 10 ** digits, currency };
}

/** '€11.50', '¥1,890', 'US$12.50' as the browser's Intl would write it in English. */
export function formatDisplayPrice(price: { amount: number; currency: CurrencyCode }): string {
  const digits = minorUnitDigits(price.currency);
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(price.amount);
}
