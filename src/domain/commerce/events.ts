import type { DomainEvent } from '../shared/events.js';
import type { Money } from './money.js';

/** Which payment provider a fact came from: the local sandbox, Stripe, or PayPal orders. */
export type PaymentProviderName = 'sandbox' | 'stripe' | 'paypal';

/*
 * Every cent an event (issue 13): each fact carries the provider's ids, so any payment can be
 * traced to the provider's dashboard, and webhooks are deduplicated by the provider's event id.
 */

// ── Payout accounts: one stream per seller ────────────────────────────────────────────────────

/** The seller started onboarding: the provider opened an account for them. */
export type PayoutAccountCreated = DomainEvent<
  'PayoutAccountCreated',
  { userId: string; provider: PaymentProviderName; accountId: string }
>;
/** The provider told us the account's state changed (a webhook, or a status read after onboarding). */
export type PayoutAccountUpdated = DomainEvent<
  'PayoutAccountUpdated',
  {
    userId: string;
    accountId: string;
    providerEventId: string;
    detailsSubmitted: boolean;
    chargesEnabled: boolean;
    /** When the provider observed this state: an older update arriving late changes nothing. */
    observedAt: string;
  }
>;
/** Disconnect, or Start Fresh (reset): the account no longer takes payments for this seller. */
export type PayoutAccountDisconnected = DomainEvent<
  'PayoutAccountDisconnected',
  { userId: string; accountId: string; reason: 'disconnect' | 'reset' }
>;

export type PayoutAccountEvent = PayoutAccountCreated | PayoutAccountUpdated | PayoutAccountDisconnected;
export const PAYOUT_ACCOUNT_EVENT_TYPES = [
  'PayoutAccountCreated',
  'PayoutAccountUpdated',
  'PayoutAccountDisconnected',
] as const satisfies readonly PayoutAccountEvent['type'][];
export const payoutAccountStream = (userId: string) => `payout-account-${userId}`;

// ── Purchases: one stream per buyer and post, so one buyer's purchases of a post are serialised ──

/** What the buyer is shown and gets: the post's public content at the revision they pay for. */
export interface PurchasedRevision {
  revision: number;
  /** The post's version on sale (absent in purchases from before versions): the buyer is entitled to it and every later one. */
  version?: number;
  title: string;
  titleUrl: string;
  url: string;
}

export type CheckoutStarted = DomainEvent<
  'CheckoutStarted',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    sellerId: string;
    /** Priced by the server from the post, never from the request. */
    price: Money;
    /** The platform's cut at the PLATFORM_FEE_PERCENT of the moment (schema v2): a later change leaves this sale as it was. */
    platformFee: Money;
    bought: PurchasedRevision;
    provider: PaymentProviderName;
    providerSessionId: string;
    sellerAccountId: string;
    /** Where the buyer pays (the provider's hosted page); offered again until `expiresAt`. */
    checkoutUrl: string;
    expiresAt: string;
    /**
     * Until when `price` holds (schema v3): a payment recorded later, when the post's price has
     * changed since, buys nothing and is refunded (ExpiredQuotePaymentReceived).
     */
    priceHeldUntil: string;
  }
>;
export type PaymentSucceeded = DomainEvent<
  'PaymentSucceeded',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerEventId: string;
    providerPaymentId: string;
    amount: Money;
  }
>;
export type PaymentFailed = DomainEvent<
  'PaymentFailed',
  { checkoutId: string; templateId: string; buyerId: string; provider: PaymentProviderName; providerEventId: string; reason: string }
>;
/**
 * Checkout started and payment succeeded, in whichever order they arrived: the buyer owns the revision
 * they paid for. One checkout makes at most one purchase, so the purchase id is the checkout id.
 */
export type PurchaseRecorded = DomainEvent<
  'PurchaseRecorded',
  {
    purchaseId: string;
    checkoutId: string;
    templateId: string;
    buyerId: string;
    sellerId: string;
    price: Money;
    /** The platform's cut, as its checkout recorded it (schema v2); the seller earns the rest. */
    platformFee: Money;
    bought: PurchasedRevision;
    provider: PaymentProviderName;
    providerPaymentId: string;
  }
>;
/** The money went back: the buyer loses access, the seller's totals drop it. `refundedBy`: the admin, or null when the provider reported it. */
export type PurchaseRefunded = DomainEvent<
  'PurchaseRefunded',
  {
    purchaseId: string;
    templateId: string;
    buyerId: string;
    sellerId: string;
    /** The bought revision's title, for the e-mails. */
    title: string;
    amount: Money;
    provider: PaymentProviderName;
    providerRefundId: string;
    refundedBy: string | null;
  }
>;

/**
 * A checkout was paid while another purchase of the same post by the same buyer stands (two tabs, a
 * card and a PayPal checkout both paid): the money is no second purchase and must go back.
 */
export type DuplicatePaymentReceived = DomainEvent<
  'DuplicatePaymentReceived',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    /** The purchase the buyer already owns, and its title for the e-mail. */
    standingPurchaseId: string;
    title: string;
  }
>;
/** The duplicate payment went back to the buyer through the provider that took it. */
export type DuplicatePaymentRefunded = DomainEvent<
  'DuplicatePaymentRefunded',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    providerRefundId: string;
    amount: Money;
    title: string;
  }
>;

/** The provider refused for good to give the duplicate payment back (already refunded at the provider, …): an admin looks at it. */
export type DuplicatePaymentRefundFailed = DomainEvent<
  'DuplicatePaymentRefundFailed',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    title: string;
    reason: string;
  }
>;

/**
 * A checkout was paid after its post was removed (the seller deleted it, an admin took it down for
 * good, while the buyer was at the provider): there is nothing to own, so the money must go back.
 * `title`: the post's as the checkout recorded it, for the e-mail.
 */
export type RemovedPostPaymentReceived = DomainEvent<
  'RemovedPostPaymentReceived',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    title: string;
  }
>;
/** The payment for a removed post went back to the buyer through the provider that took it. */
export type RemovedPostPaymentRefunded = DomainEvent<
  'RemovedPostPaymentRefunded',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    providerRefundId: string;
    amount: Money;
    title: string;
  }
>;
/** The provider refused for good to give the payment for a removed post back: an admin looks at it. */
export type RemovedPostPaymentRefundFailed = DomainEvent<
  'RemovedPostPaymentRefundFailed',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    title: string;
    reason: string;
  }
>;

/**
 * A checkout was paid after its quoted price stopped holding (CHECKOUT_PRICE_HOLD_MS), and the post's
 * price had changed since: the old price buys nothing and the money must go back. `currentPrice`: the
 * post's price when the payment was recorded, for the e-mail.
 */
export type ExpiredQuotePaymentReceived = DomainEvent<
  'ExpiredQuotePaymentReceived',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    title: string;
    currentPrice: Money;
  }
>;
/** The payment at an expired quote went back to the buyer through the provider that took it. */
export type ExpiredQuotePaymentRefunded = DomainEvent<
  'ExpiredQuotePaymentRefunded',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    providerRefundId: string;
    amount: Money;
    title: string;
  }
>;
/** The provider refused for good to give the payment at an expired quote back: an admin looks at it. */
export type ExpiredQuotePaymentRefundFailed = DomainEvent<
  'ExpiredQuotePaymentRefundFailed',
  {
    checkoutId: string;
    templateId: string;
    buyerId: string;
    provider: PaymentProviderName;
    providerPaymentId: string;
    amount: Money;
    title: string;
    reason: string;
  }
>;

export type PurchaseEvent =
  | CheckoutStarted
  | PaymentSucceeded
  | PaymentFailed
  | PurchaseRecorded
  | PurchaseRefunded
  | DuplicatePaymentReceived
  | DuplicatePaymentRefunded
  | DuplicatePaymentRefundFailed
  | RemovedPostPaymentReceived
  | RemovedPostPaymentRefunded
  | RemovedPostPaymentRefundFailed
  | ExpiredQuotePaymentReceived
  | ExpiredQuotePaymentRefunded
  | ExpiredQuotePaymentRefundFailed;
export const PURCHASE_EVENT_TYPES = [
  'CheckoutStarted',
  'PaymentSucceeded',
  'PaymentFailed',
  'PurchaseRecorded',
  'PurchaseRefunded',
  'DuplicatePaymentReceived',
  'DuplicatePaymentRefunded',
  'DuplicatePaymentRefundFailed',
  'RemovedPostPaymentReceived',
  'RemovedPostPaymentRefunded',
  'RemovedPostPaymentRefundFailed',
  'ExpiredQuotePaymentReceived',
  'ExpiredQuotePaymentRefunded',
  'ExpiredQuotePaymentRefundFailed',
] as const satisfies readonly PurchaseEvent['type'][];
export const purchaseStream = (templateId: string, buyerId: string) => `purchase-${templateId}-${buyerId}`;

export type CommerceEvent = PayoutAccountEvent | PurchaseEvent;
