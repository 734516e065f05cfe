import { BETA_COMMISSION_PERCENT, POST_BETA_COMMISSION_PERCENT } from './commission-rates.js';
import type { Money } from './money.js';

/**
 * The commission as the pages state it, from the configured percent: while it is the beta's 0, with the
 * rate that follows the beta (spec); otherwise the percent charged now.
 */
export function commissionStatement(percent: number, brand: string): string {
  return percent === BETA_COMMISSION_PERCENT
    ? `During the beta ${brand} takes no commission on sales; only the payment provider’s processing fee applies. After the beta the commission will be ${POST_BETA_COMMISSION_PERCENT}% of each sale: we will announce the date in advance, and it will not apply to sales made before the change.`
    : `${brand} takes a commission of ${percent}% of each sale, besides the payment provider’s processing fee. A change of rate is announced in advance and never applies to sales made before it.`;
}

/** The platform's cut of a sale at this percent, in whole minor units (what Stripe takes as the application fee). */
export function platformFeeOf(price: Money, percent: number): Money {
  return { amount: Math.round((price.amount * percent) / 100), currency: price.currency };
}

/** What the seller earns from a sale: its price less the platform fee recorded with it. */
export function sellerEarningsOf(sale: { price: Money; platformFee: Money }): Money {
  return { amount: sale.price.amount - sale.platformFee.amount, currency: sale.price.currency };
}

/**
 * Checkouts and purchases stored before the fee was recorded with them: taken at the default 0 %, the
 * beta's, since the percent configured then is nowhere in the log (today's is never applied to them).
 */
export const withBetaPlatformFee = (data: unknown): unknown => {
  const sale = data as { price: Money };
  return { ...sale, platformFee: platformFeeOf(sale.price, BETA_COMMISSION_PERCENT) };
};
