/** What buyers and sellers are told, word for word from the spec where it has words (sections 5 and 8). */
export const COMMERCE_MESSAGES = {
  // Payments tab: connecting is for verified members only (spec 6), so an unverified one is told why first.
  verifyToConnect: 'Verify your email address (Verify, above) to connect a payout account and sell templates.',
  // Checkout (spec 8).
  paymentErrorTitle: 'Payment Error',
  paymentErrorText: 'The author of this post has no connected payout account yet, so it cannot be bought. Please contact support.',
  checkoutFailed: 'An error occurred while creating the checkout session. Please try again later.',
  // Purchase result modals on the detail page (spec 8).
  purchaseCompletedTitle: 'Purchase Completed',
  purchaseCompletedText: 'Thanks for purchasing the resource.',
  goToResourceLink: 'Go to resource link',
  purchaseFailureTitle: 'Failure',
  purchaseFailureText: 'There was an issue with your payment. Please try again or contact support.',
  postRemovedTitle: 'This post was removed',
  postRemovedText:
    'The post was removed from Tessera while you were paying for it, so there is nothing to download. Your payment is refunded automatically, and we will e-mail you when it is on its way back.',
  quoteExpiredTitle: 'The price has changed',
  /** `minutes`: how long a checkout's price holds (CHECKOUT_PRICE_HOLD_MS). */
  quoteExpiredText: (minutes: number) =>
    `You paid more than ${minutes} minutes after opening the checkout, and the price of this post has changed since, so the old price no longer holds. Your payment is refunded automatically, and we will e-mail you when it is on its way back. Open the post to buy it at its current price.`,
  // Back from approving a PayPal order for a post the buyer may no longer see: the order is never captured.
  paypalPostGoneTitle: 'This post is no longer available',
  paypalPostGoneText:
    'It was removed or taken down while you were approving the payment with PayPal, so the payment was not taken: nothing was charged.',
  // Link decoding (spec 8).
  authenticationErrorTitle: 'Authentication Error',
  noAccess: 'You do not have access to this resource',
  // Lists (spec 8).
  purchasesLoadFailed: 'Failed to fetch resources.',
  noPurchases: 'No purchases found',
  noPayments: 'No payments found',
  // The price number input (browse-search-accounts.md 5).
  priceInputMax: 'Max allowed is 249$',
  activateStore: 'Activate your store to begin selling',
  // Refusals of our own wording.
  ownPost: 'This is your own post: there is nothing to buy.',
  freePost: 'This post is free: open it without buying.',
  notForSale: 'This post is not for sale right now.',
  alreadyPurchased: 'You already own this post. Open it from Purchased Posts.',
  notPurchased: 'This purchase does not exist.',
  alreadyRefunded: 'This purchase was already refunded.',
  providerUnavailable: 'The payment provider is not answering. Nothing was charged; please try again in a few minutes.',
  /** Followed by the provider's reason. */
  providerRefused: 'The payment provider refused this, so nothing was changed here. Its reason:',
  badSignature: 'The webhook signature does not match.',
  notYourPayoutAccount: 'You can only see and change your own payout account.',
  noPayoutAccount: 'There is no payout account to change.',
  checkoutNotFound: 'This checkout does not exist or has expired.',
  /** A price the card provider will not charge (Stripe's least is $0.50); PayPal orders have no such floor. */
  belowCardMinimum: (minimum: string) => `This post costs less than a card payment can be (at least ${minimum}): please pay with PayPal.`,
  /** The seller's side of belowCardMinimum, under the create form's price. */
  belowCardMinimumHint: (minimum: string) => `Card payments start at ${minimum}: buyers of this post can pay with PayPal only.`,
} as const;
