/* How long a checkout lasts, and how long the price it quoted holds. */

/**
 * A checkout session stays open (and is offered again instead of a new one) this long. Stripe refuses
 * an expiry under 30 minutes after it creates the session; ours is counted from before the call (and
 * sent in whole seconds), so 5 minutes above that leave room for the call and the clocks.
 */
export const CHECKOUT_SESSION_TTL_MS = 35 * 60 * 1000;

/**
 * A checkout honours the price it quoted for this long, its session's life as the buyer is told
 * (the provider keeps the session open a few minutes longer, see above). Within it the quoted price
 * stands even if the seller changed the price meanwhile; a payment recorded later, when the post's
 * price differs from the quote, buys nothing and is refunded (a late payment at an unchanged price
 * still buys the post: nobody is owed anything).
 */
export const CHECKOUT_PRICE_HOLD_MS = 30 * 60 * 1000;

/** Checkouts stored before their quote's end was recorded: their price holds for the session's recorded life. */
export const withPriceHeldUntil = (data: unknown): unknown => {
  const checkout = data as { expiresAt: string };
  return { ...checkout, priceHeldUntil: checkout.expiresAt };
};
