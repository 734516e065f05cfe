import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCurrency, type Money } from '../../domain/commerce/money.js';
import type { PaymentProviderName } from '../../domain/commerce/events.js';
import { WebhookSignatureError, type ProviderNotice } from './port.js';

/*
 * Stripe's webhook wire format, shared by the Stripe adapter and the sandbox (which speaks it too,
 * so both reach our webhook route the same way): the `Stripe-Signature` header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, and the event JSON.
 */

/** Stripe's own default: a signature older than this is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('No signature header');
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key, value]) => key === 'v1' && value !== undefined).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError('Malformed signature header');
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches');
}

interface StripeEventShape {
  id?: unknown;
  type?: unknown;
  /** Connect events: the connected account the event is about. */
  account?: unknown;
  created?: unknown;
  data?: { object?: Record<string, unknown> };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function moneyOf(amount: unknown, currency: unknown): Money | null {
  const code = typeof currency === 'string' ? currency.toUpperCase() : '';
  return typeof amount === 'number' && Number.isInteger(amount) && isCurrency(code) ? { amount, currency: code } : null;
}

/** Reads a verified Stripe-format event into a notice; anything we do not act on is `ignored`. */
export function noticeFromStripeEvent(raw: string, provider: PaymentProviderName): ProviderNotice {
  let event: StripeEventShape;
  try {
    event = JSON.parse(raw) as StripeEventShape;
  } catch {
    throw new WebhookSignatureError('The body is not JSON');
  }
  const eventId = text(event.id);
  const type = text(event.type) ?? 'unknown';
  const object = event.data?.object ?? {};
  if (eventId === null) return { kind: 'ignored', type, eventId: 'none', provider };
  const base = { eventId, provider };
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const checkoutId = text(metadata.checkoutId) ?? text(object.client_reference_id);
  const templateId = text(metadata.templateId);
  const buyerId = text(metadata.buyerId);
  switch (type) {
    case 'account.updated': {
      const accountId = text(object.id);
      const created = typeof event.created === 'number' ? event.created : 0;
      if (accountId === null) break;
      return {
        ...base,
        kind: 'account',
        accountId,
        userId: text(metadata.userId),
        detailsSubmitted: object.details_submitted === true,
        chargesEnabled: object.charges_enabled === true,
        observedAt: new Date(created * 1000).toISOString(),
      };
    }
    case 'account.application.deauthorized': {
      const accountId = text(event.account);
      if (accountId === null) break;
      return { ...base, kind: 'account_deauthorized', accountId };
    }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const sessionId = text(object.id);
      const paymentId = text(object.payment_intent);
      const amount = moneyOf(object.amount_total, object.currency);
      if (object.payment_status !== 'paid' || !sessionId || !paymentId || !amount || !checkoutId || !templateId || !buyerId) break;
      return { ...base, kind: 'checkout_paid', checkoutId, templateId, buyerId, sessionId, paymentId, amount };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
    case 'payment_intent.payment_failed': {
      if (!checkoutId || !templateId || !buyerId) break;
      const error = (object.last_payment_error ?? {}) as Record<string, unknown>;
      const reason = text(error.decline_code) ?? text(error.code) ?? (type === 'checkout.session.expired' ? 'expired' : 'payment_failed');
      return { ...base, kind: 'checkout_failed', checkoutId, templateId, buyerId, reason };
    }
    case 'charge.refunded': {
      const paymentId = text(object.payment_intent);
      const refunds = (object.refunds as { data?: { id?: unknown }[] } | undefined)?.data ?? [];
      const refundId = text(refunds[0]?.id) ?? `${text(object.id) ?? eventId}:refund`;
      if (!paymentId) break;
      return { ...base, kind: 'refunded', paymentId, refundId };
    }
  }
  return { ...base, kind: 'ignored', type };
}
