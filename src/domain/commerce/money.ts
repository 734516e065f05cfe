/**
 * Money is an integer count of a currency's minor units (cents for USD, yen for JPY), never a float
 * (docs/configuration.md). Posts are priced in US dollars; other currencies are for display only.
 */

/** The currencies the rate lookup supports (spec 9), in the spec's order. */
export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'JPY',
  'CNY',
  'CHF',
  'INR',
  'BRL',
  'ZAR',
  'MXN',
  'KRW',
  'SGD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];
/** The price dropdown's currencies (spec 9). */
export const DISPLAY_CURRENCY_CHOICES = ['USD', 'EUR', 'GBP', 'CAD', 'INR', 'JPY'] as const satisfies readonly CurrencyCode[];
/** A post's currency, and the display currency until the buyer picks another (spec: Currency choice defaults to USD). */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** Currencies without minor units (ISO 4217 exponent 0). */
const ZERO_DECIMAL: ReadonlySet<CurrencyCode> = new Set(['JPY', 'KRW']);

export interface Money {
  /** Integer minor units. */
  amount: number;
  currency: CurrencyCode;
}

export function isCurrency(value: string): value is CurrencyCode {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

export function minorUnitDigits(currency: CurrencyCode): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** A decimal price (as the create form and the spec's API carry it) in minor units, rounded to the nearest unit. */
export function toMinorUnits(major: number, currency: CurrencyCode = DEFAULT_CURRENCY): Money {
  if (!Number.isFinite(major)) throw new RangeError(`Not a price: ${major}`);
  return { amount: Math.round(major * 10 ** minorUnitDigits(currency)), currency };
}

/** Minor units back to the decimal number the spec's answers carry (for display and the API only). */
export function toMajorUnits(money: Money): number {
  return money.amount / 10 ** minorUnitDigits(money.currency);
}

/** '12.50 USD'-style text for e-mails and lists: the amount with the currency's own digits. */
export function formatMoney(money: Money): string {
  return `${toMajorUnits(money).toFixed(minorUnitDigits(money.currency))} ${money.currency}`;
}

/** Stripe's least card charge (its "minimum charge amount": 50 US cents); below it a post can be bought with PayPal only. */
export const CARD_MINIMUM_CHARGE: Money = { amount: 50, currency: 'USD' };

/** Whether a card provider with this least charge would refuse `price` (PayPal orders have no such floor). */
export function belowMinimumCharge(price: Money, minimum: Money = CARD_MINIMUM_CHARGE): boolean {
  return price.currency === minimum.currency && price.amount < minimum.amount;
}

export function sameMoney(a: Money, b: Money): boolean {
  return a.amount === b.amount && a.currency === b.currency;
}
