import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { CARD_MINIMUM_CHARGE, isCurrency, type Money } from '../../domain/commerce/money.js';
import {
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentProvider,
  type ProviderNotice,
} from './port.js';
import { noticeFromStripeEvent, signStripePayload, verifyStripeSignature } from './stripe-events.js';

/** Stripe's test cards, which the sandbox honours the same way. */
export const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

/** Where the sandbox's hosted pages live (outside /api: they stand for the provider's own site). */
export const SANDBOX_BASE_PATH = '/sandbox-pay';

/** What a checkout page needs, carried in its signed session id so a restart loses no open checkout. */
export interface SandboxSession {
  checkoutId: string;
  templateId: string;
  buyerId: string;
  title: string;
  price: Money;
  sellerAccountId: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: string;
}

/** Hands a signed webhook to our own webhook route: the sandbox's results take Stripe's path. */
export type WebhookDelivery = (payload: string, signature: string) => Promise<{ status: number }>;

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What Stripe calls the endpoint's signing secret: the webhook route verifies with it (and tests sign with it). */
  readonly webhookSecret: string;
  /** Set by the app once its webhook route exists. */
  setDelivery(deliver: WebhookDelivery): void;
  openSession(sessionId: string): SandboxSession | null;
  /** The onboarding link's signature covers the account and where it sends the seller back. */
  verifyOnboarding(accountId: string, returnUrl: string, signature: string): boolean;
  /** The seller finished the onboarding form, or left it half done (submitted without payout details). */
  finishOnboarding(accountId: string, outcome: 'complete' | 'half_done'): Promise<void>;
  /** The buyer pressed Pay: 4242… pays, 4000…0002 is declined, other numbers are refused as invalid. */
  pay(sessionId: string, cardNumber: string): Promise<'paid' | 'declined' | 'invalid_card'>;
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.name === 'sandbox';
}

const base64url = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

/**
 * The default payment provider: hosted onboarding and checkout pages served by Tessera
 * (sandbox-pages.ts), results delivered as Stripe-format webhooks signed with the sandbox secret
 * through the same route Stripe's use. Paid sessions are remembered in memory for the /success
 * return; that return falls back to our own read model after a restart. Session ids and onboarding
 * links are signed with `signingKey`, which the caller keeps stable across restarts of the same
 * data, so a checkout page left open survives a restart.
 */
export function createSandboxPaymentProvider(options: { signingKey: string; webhookSecret?: string }): SandboxPaymentProvider {
  const secret = options.webhookSecret ?? `whsec_sandbox_${randomBytes(24).toString('hex')}`;
  const signer = linkSigner(options.signingKey);
  const paidSessions = new Map<string, string>();
  /** Account → seller, for the webhook's metadata (after a restart the route finds the seller by account). */
  const accountOwners = new Map<string, string>();
  let deliver: WebhookDelivery | null = null;

  async function send(type: string, object: Record<string, unknown>): Promise<void> {
    if (deliver === null) throw new PaymentProviderUnavailableError('The sandbox has no webhook route to deliver to');
    const payload = stripeEvent(type, object);
    const answer = await deliver(payload, signStripePayload(payload, secret));
    // Stripe retries what the endpoint did not accept; the sandbox tells the person at once instead.
    if (answer.status >= 300) throw new PaymentProviderUnavailableError(`The webhook route answered ${answer.status}`);
  }

  const openSession = (sessionId: string) => openSignedSession(signer, sessionId);

  return {
    name: 'sandbox',
    webhookSecret: secret,
    description: 'local sandbox (hosted pages at /sandbox-pay, test cards 4242… and 4000…0002)',
    // As Stripe's: a price that the sandbox sells and Stripe would not shows up before going live.
    minimumCharge: CARD_MINIMUM_CHARGE,
    setDelivery(next) {
      deliver = next;
    },
    async createAccount({ userId }) {
      const accountId = `acct_sandbox_${randomBytes(8).toString('hex')}`;
      accountOwners.set(accountId, userId);
      return { accountId };
    },
    async onboardingLink({ accountId, returnUrl }) {
      const query = new URLSearchParams({ return: returnUrl, sig: signer.sign(`${accountId}\n${returnUrl}`) });
      return { url: `${SANDBOX_BASE_PATH}/onboarding/${accountId}?${query}` };
    },
    async createCheckout(request: CheckoutRequest) {
      const body = base64url(JSON.stringify(sessionOf(request)));
      const sessionId = `cs_sandbox_${body}.${signer.sign(body)}`;
      return { sessionId, url: `${SANDBOX_BASE_PATH}/checkout?session=${sessionId}` };
    },
    async retrieveCheckout(sessionId) {
      return checkoutStatus(openSession(sessionId), paidSessions.get(sessionId) ?? null);
    },
    async refund({ paymentId }) {
      if (!paymentId.startsWith('pi_sandbox_')) throw new PaymentRefusedError(`The sandbox knows no payment ${paymentId}`);
      return { refundId: `re_sandbox_${randomBytes(8).toString('hex')}` };
    },
    parseWebhook(rawBody, signature): ProviderNotice {
      verifyStripeSignature(rawBody, signature, secret);
      return noticeFromStripeEvent(rawBody, 'sandbox');
    },
    openSession,
    verifyOnboarding(accountId, returnUrl, signature) {
      return signer.verify(`${accountId}\n${returnUrl}`, signature);
    },
    async finishOnboarding(accountId, outcome) {
      await send('account.updated', updatedAccount(accountId, accountOwners.get(accountId), outcome));
    },
    async pay(sessionId, cardNumber) {
      const session = openSession(sessionId);
      if (!session) throw new PaymentProviderUnavailableError('Unknown checkout session');
      const digits = cardNumber.replace(/\D/gu, '');
      if (digits === SANDBOX_CARDS.declined) {
        const paymentId = `pi_sandbox_${randomBytes(8).toString('hex')}`;
        await send('payment_intent.payment_failed', declinedPayment(paymentId, session));
        return 'declined';
      }
      if (digits !== SANDBOX_CARDS.succeeds) return 'invalid_card';
      const paymentId = paidSessions.get(sessionId) ?? `pi_sandbox_${randomBytes(8).toString('hex')}`;
      paidSessions.set(sessionId, paymentId);
      await send('checkout.session.completed', completedCheckout(sessionId, session, paymentId));
      return 'paid';
    },
  };
}

interface LinkSigner {
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
}

function linkSigner(key: string): LinkSigner {
  const sign = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    sign,
    verify(value, signature) {
      const expected = Buffer.from(sign(value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The session a signed session id carries, or null when the id is forged, garbled or names no known currency. */
function openSignedSession(signer: LinkSigner, sessionId: string): SandboxSession | null {
  const match = /^cs_sandbox_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/u.exec(sessionId);
  if (!match || !signer.verify(match[1]!, match[2]!)) return null;
  try {
    const session = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as SandboxSession;
    return isCurrency(session.price.currency) ? session : null;
  } catch {
    return null;
  }
}

function sessionOf(request: CheckoutRequest): SandboxSession {
  return {
    checkoutId: request.checkoutId,
    templateId: request.templateId,
    buyerId: request.buyerId,
    title: request.title,
    price: request.price,
    sellerAccountId: request.sellerAccountId,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    expiresAt: request.expiresAt.toISOString(),
  };
}

function checkoutStatus(session: SandboxSession | null, paymentId: string | null): CheckoutStatus {
  const status = paymentId ? 'paid' : session && session.expiresAt > new Date().toISOString() ? 'open' : 'expired';
  return {
    status,
    paymentId,
    checkoutId: session?.checkoutId ?? null,
    templateId: session?.templateId ?? null,
    buyerId: session?.buyerId ?? null,
    amount: session?.price ?? null,
  };
}

/** A Stripe event's JSON around one object, as Stripe's webhooks carry it. */
function stripeEvent(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_sandbox_${randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
}

function updatedAccount(accountId: string, owner: string | undefined, outcome: 'complete' | 'half_done'): Record<string, unknown> {
  return {
    id: accountId,
    object: 'account',
    metadata: owner ? { userId: owner } : {},
    details_submitted: true,
    charges_enabled: outcome === 'complete',
    payouts_enabled: outcome === 'complete',
  };
}

function declinedPayment(paymentId: string, session: SandboxSession): Record<string, unknown> {
  return {
    id: paymentId,
    object: 'payment_intent',
    metadata: metadataOf(session),
    last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
  };
}

const metadataOf = (session: SandboxSession) => ({
  checkoutId: session.checkoutId,
  templateId: session.templateId,
  buyerId: session.buyerId,
});

/** The Stripe checkout.session object of a paid session, as its webhook carries it. */
function completedCheckout(sessionId: string, session: SandboxSession, paymentId: string): Record<string, unknown> {
  return {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    payment_intent: paymentId,
    client_reference_id: session.checkoutId,
    metadata: metadataOf(session),
    amount_total: session.price.amount,
    currency: session.price.currency.toLowerCase(),
  };
}
