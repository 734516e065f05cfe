import type { Money } from '../../domain/commerce/money.js';
import type { PaymentProviderName } from '../../domain/commerce/events.js';

/**
 * The card payment provider (Stripe, or the local sandbox that behaves like it): payout accounts
 * for sellers, hosted checkout for buyers, refunds, and signed webhooks. Every answer that changes
 * money also arrives as a webhook; one route turns those into events for both adapters.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** For logs and /api/health. */
  readonly description: string;
  /** The least a checkout may charge: the provider refuses a session below it. */
  readonly minimumCharge: Money;
  /** Opens a payout account for a seller (Stripe: a Connect Express account). */
  createAccount(input: { userId: string; email: string | null }): Promise<{ accountId: string }>;
  /** Where the seller completes onboarding (Stripe: an Account Link). */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** A hosted checkout for one post; the money goes to the seller's account minus the platform fee. */
  createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider sees it now: the /success return asks when the webhook is late. */
  retrieveCheckout(sessionId: string): Promise<CheckoutStatus>;
  /** Gives the whole payment back to the buyer. */
  refund(input: { paymentId: string; reason: string }): Promise<{ refundId: string }>;
  /** Verifies the signature on the raw body (WebhookSignatureError if it does not match) and reads the event. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderNotice;
}

export interface CheckoutRequest {
  checkoutId: string;
  templateId: string;
  buyerId: string;
  title: string;
  price: Money;
  sellerAccountId: string;
  /** The platform's share (0 during the beta). */
  platformFee: Money;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutStatus {
  status: 'open' | 'paid' | 'expired';
  paymentId: string | null;
  checkoutId: string | null;
  templateId: string | null;
  buyerId: string | null;
  amount: Money | null;
}

/** A provider's webhook, read into what we act on; `ignored` for event types we do not use. */
export type ProviderNotice = { eventId: string; provider: PaymentProviderName } & (
  | { kind: 'account'; accountId: string; userId: string | null; detailsSubmitted: boolean; chargesEnabled: boolean; observedAt: string }
  /** The seller removed the platform from their provider account: it takes no more of our charges. */
  | { kind: 'account_deauthorized'; accountId: string }
  | { kind: 'checkout_paid'; checkoutId: string; templateId: string; buyerId: string; sessionId: string; paymentId: string; amount: Money }
  | { kind: 'checkout_failed'; checkoutId: string; templateId: string; buyerId: string; reason: string }
  | { kind: 'refunded'; paymentId: string; refundId: string }
  | { kind: 'ignored'; type: string }
);

/** The provider could not be reached or refused for reasons of its own: the API answers 503 and writes nothing. */
export class PaymentProviderUnavailableError extends Error {
  override readonly name = 'PaymentProviderUnavailableError';
}

/**
 * The provider answered, and refused for good (Stripe 400/402/404 such as "charge already refunded",
 * PayPal 422 CAPTURE_FULLY_REFUNDED): asking again answers the same, so callers record it and move
 * on rather than retry. `reason` is the provider's own words.
 */
export class PaymentRefusedError extends Error {
  override readonly name = 'PaymentRefusedError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}
