import Stripe from 'stripe';
import { CARD_MINIMUM_CHARGE, isCurrency } from '../../domain/commerce/money.js';
import {
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  WebhookSignatureError,
  type CheckoutStatus,
  type PaymentProvider,
  type ProviderNotice,
} from './port.js';
import { noticeFromStripeEvent } from './stripe-events.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests: a local server speaking its protocol). */
  apiUrl?: string;
  /** Retries of failed calls (with Stripe's idempotency keys); tests use 0. */
  maxNetworkRetries?: number;
}

/** A call that waits longer than this counts as an outage (503): the buyer can try again. */
const STRIPE_TIMEOUT_MS = 15_000;
/**
 * Stripe's answers that no retry changes (invalid request such as charge_already_refunded, card
 * error, no such object); 401/403 (our keys), 409 (a concurrent idempotent request), 429 and 5xx pass.
 */
const PERMANENT_REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 402, 404]);

/**
 * Stripe through its SDK: Connect Express accounts and Account Links for sellers, Checkout Sessions
 * with destination charges (the platform fee as application_fee_amount) for buyers, refunds, and
 * webhooks verified by the SDK on the raw body.
 */
export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  /** `refusals`: a permanent refusal is told apart from an outage (refunds, which a reactor retries). */
  async function call<T>(what: string, request: () => Promise<T>, options: { refusals?: boolean } = {}): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const message = `Stripe ${what}: ${error instanceof Error ? error.message : String(error)}`;
      if (
        options.refusals &&
        error instanceof Stripe.errors.StripeError &&
        error.statusCode !== undefined &&
        PERMANENT_REFUSAL_STATUSES.has(error.statusCode)
      ) {
        throw new PaymentRefusedError(message);
      }
      throw new PaymentProviderUnavailableError(message);
    }
  }

  return {
    name: 'stripe',
    description: api ? `stripe (${api.host})` : 'stripe',
    minimumCharge: CARD_MINIMUM_CHARGE,
    async createAccount({ userId, email }) {
      const account = await call('accounts.create', () =>
        stripe.accounts.create({ type: 'express', ...(email ? { email } : {}), metadata: { userId } }),
      );
      return { accountId: account.id };
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await call('accountLinks.create', () =>
        stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' }),
      );
      return { url: link.url };
    },
    async createCheckout(request) {
      const metadata = { checkoutId: request.checkoutId, templateId: request.templateId, buyerId: request.buyerId };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.checkoutId,
            metadata,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.price.currency.toLowerCase(),
                  unit_amount: request.price.amount,
                  product_data: { name: request.title },
                },
              },
            ],
            payment_intent_data: {
              metadata,
              transfer_data: { destination: request.sellerAccountId },
              ...(request.platformFee.amount > 0 ? { application_fee_amount: request.platformFee.amount } : {}),
            },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // One session per checkout, however often the call is retried.
          { idempotencyKey: `checkout-${request.checkoutId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderUnavailableError('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async retrieveCheckout(sessionId): Promise<CheckoutStatus> {
      const session = await call('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(sessionId));
      const currency = (session.currency ?? '').toUpperCase();
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      return {
        status: session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
        paymentId: paymentIntent,
        checkoutId: session.metadata?.checkoutId ?? session.client_reference_id ?? null,
        templateId: session.metadata?.templateId ?? null,
        buyerId: session.metadata?.buyerId ?? null,
        amount: session.amount_total !== null && isCurrency(currency) ? { amount: session.amount_total, currency } : null,
      };
    },
    async refund({ paymentId }) {
      // A destination charge: the transfer to the seller is reversed with it, and the platform fee returned.
      const refund = await call(
        'refunds.create',
        () =>
          stripe.refunds.create(
            { payment_intent: paymentId, reverse_transfer: true, refund_application_fee: true },
            { idempotencyKey: `refund-${paymentId}` },
          ),
        { refusals: true },
      );
      return { refundId: refund.id };
    },
    parseWebhook(rawBody, signature): ProviderNotice {
      try {
        stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature');
      }
      return noticeFromStripeEvent(rawBody, 'stripe');
    },
  };
}
