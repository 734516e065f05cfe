import { DomainError, type Decider } from '../shared/events.js';
import type {
  CheckoutStarted,
  DuplicatePaymentReceived,
  ExpiredQuotePaymentReceived,
  PaymentFailed,
  PaymentProviderName,
  PaymentSucceeded,
  PurchaseEvent,
  PurchaseRecorded,
  PurchaseRefunded,
  PurchasedRevision,
  RemovedPostPaymentReceived,
} from './events.js';
import { CHECKOUT_PRICE_HOLD_MS } from './checkout-timing.js';
import { COMMERCE_MESSAGES } from './messages.js';
import type { Money } from './money.js';
import { canTakeCharges, type PayoutStatus } from './payout-account.js';

/** PayPal-style orders are recorded as 'paypal' whether PayPal or the sandbox took them (the ids tell which). */
export const ORDER_PROVIDER_NAME = 'paypal' satisfies PaymentProviderName;
/** The detail page's query parameter that says the buyer is back from approving a PayPal order (PayPal adds `token`, the order id). */
export const PAYPAL_RETURN_PARAM = 'paypal';
/** PayPal's issue code when the buyer's funding source is refused at capture: the buyer approves again (spec 2.3). */
export const INSTRUMENT_DECLINED = 'INSTRUMENT_DECLINED';

/**
 * What the server knows about a post when a buyer asks to buy it: read from the read models,
 * never from the request (a tampered amount or currency in the request is simply not read).
 */
export interface Offer {
  templateId: string;
  sellerId: string;
  /** The post may be bought in its current status (template lifecycle: isForSale). */
  forSale: boolean;
  price: Money;
  bought: PurchasedRevision;
  sellerPayoutStatus: PayoutStatus;
  sellerAccountId: string | null;
}

interface CheckoutTrack {
  started: CheckoutStarted['data'] | null;
  /** When it stops being offered again; from the command that started it. */
  expiresAt: string | null;
  paid: PaymentSucceeded['data'] | null;
  failed: boolean;
  /** Paid while another purchase stood: to be refunded (once). */
  duplicate: DuplicatePaymentReceived['data'] | null;
  /** Paid after the post was removed: to be refunded (once). */
  removedPost: RemovedPostPaymentReceived['data'] | null;
  /** Paid after its quoted price stopped holding, at a price the post no longer has: to be refunded (once). */
  expiredQuote: ExpiredQuotePaymentReceived['data'] | null;
  /** The duplicate, removed-post or expired-quote payment went back. */
  returned: boolean;
  /** The provider refused that refund for good: not asked again. */
  returnFailed: boolean;
}

/** A payment that bought nothing and goes back to the buyer: a second one for an owned post, one for a removed post, or one at an expired quote. */
export type ReturnedPayment = DuplicatePaymentReceived['data'] | RemovedPostPaymentReceived['data'] | ExpiredQuotePaymentReceived['data'];

export interface PurchaseState {
  checkouts: Readonly<Record<string, CheckoutTrack>>;
  /** The purchase that gives the buyer access; null before one and after a refund. */
  active: PurchaseRecorded['data'] | null;
  refunded: readonly string[];
}

export type PurchaseCommand =
  | {
      type: 'StartCheckout';
      data: {
        checkoutId: string;
        buyerId: string;
        offer: Offer;
        /** The platform's cut of this sale, at the configured percent (commission.ts: platformFeeOf). */
        platformFee: Money;
        session: { provider: CheckoutStarted['data']['provider']; providerSessionId: string; checkoutUrl: string; expiresAt: string };
        now: string;
      };
    }
  /**
   * `postRemoved`: the post was removed (deleted) when the payment arrived, as the catalogue says;
   * `currentPrice`: its price then; `now`: when the payment is recorded.
   */
  | { type: 'RecordPaymentSucceeded'; data: PaymentSucceeded['data']; postRemoved: boolean; currentPrice: Money | null; now: string }
  | { type: 'RecordPaymentFailed'; data: PaymentFailed['data'] }
  | { type: 'RecordPaymentReturned'; data: { checkoutId: string; providerRefundId: string } }
  | { type: 'RecordPaymentReturnFailure'; data: { checkoutId: string; reason: string } }
  | {
      type: 'RefundPurchase';
      data: {
        purchaseId: string | null;
        providerPaymentId?: string;
        provider: PurchaseRefunded['data']['provider'];
        providerRefundId: string;
        refundedBy: string | null;
      };
    };

/** Why this buyer may not buy this offer now; null when they may. The API checks it before asking the provider for a session. */
export function checkoutRefusal(state: PurchaseState, buyerId: string, offer: Offer): DomainError | null {
  if (offer.sellerId === buyerId) return new DomainError('forbidden', COMMERCE_MESSAGES.ownPost);
  if (!(offer.price.amount > 0)) return new DomainError('invalid', COMMERCE_MESSAGES.freePost);
  if (!offer.forSale) return new DomainError('conflict', COMMERCE_MESSAGES.notForSale);
  if (state.active !== null) return new DomainError('conflict', COMMERCE_MESSAGES.alreadyPurchased);
  if (!canTakeCharges(offer.sellerPayoutStatus) || offer.sellerAccountId === null)
    return new DomainError('conflict', COMMERCE_MESSAGES.paymentErrorText);
  return null;
}

/**
 * An open checkout of the same price and provider that the buyer can still pay, its price still held:
 * offered again rather than a second session (a card checkout is no answer to a PayPal order, nor the
 * other way round).
 */
export function openCheckout(
  state: PurchaseState,
  offer: Offer,
  now: string,
  provider: PaymentProviderName,
): CheckoutStarted['data'] | null {
  for (const track of Object.values(state.checkouts)) {
    const started = track.started;
    if (
      !started ||
      started.provider !== provider ||
      track.paid ||
      track.failed ||
      track.expiresAt === null ||
      track.expiresAt <= now ||
      started.priceHeldUntil <= now
    )
      continue;
    if (
      started.price.amount === offer.price.amount &&
      started.price.currency === offer.price.currency &&
      started.bought.revision === offer.bought.revision
    )
      return started;
  }
  return null;
}

/** Paid after the quote stopped holding, at a price the post no longer has: the quote is not honoured. */
function quoteExpired(started: CheckoutStarted['data'], currentPrice: Money | null, now: string): currentPrice is Money {
  if (currentPrice === null || now <= started.priceHeldUntil) return false;
  return currentPrice.amount !== started.price.amount || currentPrice.currency !== started.price.currency;
}

function purchaseOf(started: CheckoutStarted['data'], paid: PaymentSucceeded['data']): PurchaseRecorded {
  return {
    type: 'PurchaseRecorded',
    data: {
      purchaseId: started.checkoutId,
      checkoutId: started.checkoutId,
      templateId: started.templateId,
      buyerId: started.buyerId,
      sellerId: started.sellerId,
      price: started.price,
      platformFee: started.platformFee,
      bought: started.bought,
      provider: paid.provider,
      providerPaymentId: paid.providerPaymentId,
    },
  };
}

function duplicateOf(standing: PurchaseRecorded['data'], paid: PaymentSucceeded['data']): DuplicatePaymentReceived {
  return {
    type: 'DuplicatePaymentReceived',
    data: {
      checkoutId: paid.checkoutId,
      templateId: paid.templateId,
      buyerId: paid.buyerId,
      provider: paid.provider,
      providerPaymentId: paid.providerPaymentId,
      amount: paid.amount,
      standingPurchaseId: standing.purchaseId,
      title: standing.bought.title,
    },
  };
}

function removedPostPaymentOf(started: CheckoutStarted['data'] | null, paid: PaymentSucceeded['data']): RemovedPostPaymentReceived {
  const { checkoutId, templateId, buyerId, provider, providerPaymentId, amount } = paid;
  return {
    type: 'RemovedPostPaymentReceived',
    data: { checkoutId, templateId, buyerId, provider, providerPaymentId, amount, title: started?.bought.title ?? '' },
  };
}

function expiredQuotePaymentOf(
  started: CheckoutStarted['data'],
  paid: PaymentSucceeded['data'],
  currentPrice: Money,
): ExpiredQuotePaymentReceived {
  const { checkoutId, templateId, buyerId, provider, providerPaymentId, amount } = paid;
  return {
    type: 'ExpiredQuotePaymentReceived',
    data: { checkoutId, templateId, buyerId, provider, providerPaymentId, amount, title: started.bought.title, currentPrice },
  };
}

/** The payment of this checkout that is owed back to the buyer, if any, and the events that record its return. */
function owedReturn(known: CheckoutTrack) {
  if (known.duplicate)
    return { owed: known.duplicate, refunded: 'DuplicatePaymentRefunded', failed: 'DuplicatePaymentRefundFailed' } as const;
  if (known.removedPost)
    return { owed: known.removedPost, refunded: 'RemovedPostPaymentRefunded', failed: 'RemovedPostPaymentRefundFailed' } as const;
  if (known.expiredQuote)
    return { owed: known.expiredQuote, refunded: 'ExpiredQuotePaymentRefunded', failed: 'ExpiredQuotePaymentRefundFailed' } as const;
  return null;
}

const track = (state: PurchaseState, checkoutId: string): CheckoutTrack =>
  state.checkouts[checkoutId] ?? {
    started: null,
    expiresAt: null,
    paid: null,
    failed: false,
    duplicate: null,
    removedPost: null,
    expiredQuote: null,
    returned: false,
    returnFailed: false,
  };
const withTrack = (state: PurchaseState, checkoutId: string, change: Partial<CheckoutTrack>): PurchaseState => ({
  ...state,
  checkouts: { ...state.checkouts, [checkoutId]: { ...track(state, checkoutId), ...change } },
});

/**
 * One buyer's purchases of one post. A purchase needs both the checkout we started and the
 * provider's word that it was paid, in either order (webhooks may overtake our own append).
 * Every command is idempotent: a repeated webhook decides nothing new.
 */
export const purchaseDecider: Decider<PurchaseState, PurchaseCommand, PurchaseEvent> = {
  initialState: () => ({ checkouts: {}, active: null, refunded: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CheckoutStarted':
        return withTrack(state, event.data.checkoutId, { started: event.data, expiresAt: event.data.expiresAt });
      case 'PaymentSucceeded':
        return withTrack(state, event.data.checkoutId, { paid: event.data });
      case 'PaymentFailed':
        return withTrack(state, event.data.checkoutId, { failed: true });
      case 'DuplicatePaymentReceived':
        return withTrack(state, event.data.checkoutId, { duplicate: event.data });
      case 'RemovedPostPaymentReceived':
        return withTrack(state, event.data.checkoutId, { removedPost: event.data });
      case 'ExpiredQuotePaymentReceived':
        return withTrack(state, event.data.checkoutId, { expiredQuote: event.data });
      case 'DuplicatePaymentRefunded':
      case 'RemovedPostPaymentRefunded':
      case 'ExpiredQuotePaymentRefunded':
        return withTrack(state, event.data.checkoutId, { returned: true });
      case 'DuplicatePaymentRefundFailed':
      case 'RemovedPostPaymentRefundFailed':
      case 'ExpiredQuotePaymentRefundFailed':
        return withTrack(state, event.data.checkoutId, { returnFailed: true });
      case 'PurchaseRecorded':
        return { ...state, active: event.data };
      case 'PurchaseRefunded':
        return {
          ...state,
          active: state.active?.purchaseId === event.data.purchaseId ? null : state.active,
          refunded: [...state.refunded, event.data.purchaseId],
        };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartCheckout': {
        const { checkoutId, buyerId, offer, platformFee, session, now } = command.data;
        const known = track(state, checkoutId);
        if (known.started) return [];
        const refusal = checkoutRefusal(state, buyerId, offer);
        // A payment for this checkout already arrived: it was started before the refusal could apply.
        if (refusal && !known.paid) throw refusal;
        // Someone (a second tab, a double click) opened a checkout meanwhile: the buyer pays that one.
        if (!known.paid && openCheckout(state, offer, now, session.provider)) return [];
        const started: CheckoutStarted = {
          type: 'CheckoutStarted',
          data: {
            checkoutId,
            templateId: offer.templateId,
            buyerId,
            sellerId: offer.sellerId,
            price: offer.price,
            platformFee,
            bought: offer.bought,
            provider: session.provider,
            providerSessionId: session.providerSessionId,
            sellerAccountId: offer.sellerAccountId!,
            checkoutUrl: session.checkoutUrl,
            expiresAt: session.expiresAt,
            priceHeldUntil: new Date(Date.parse(now) + CHECKOUT_PRICE_HOLD_MS).toISOString(),
          },
        };
        if (known.paid && state.active === null) return [started, purchaseOf(started.data, known.paid)];
        // Its payment arrived first, and another purchase was recorded meanwhile: that money goes back.
        if (known.paid && !known.duplicate) return [started, duplicateOf(state.active!, known.paid)];
        return [started];
      }
      case 'RecordPaymentSucceeded': {
        const paid = command.data;
        const known = track(state, paid.checkoutId);
        if (known.paid) return [];
        const events: PurchaseEvent[] = [{ type: 'PaymentSucceeded', data: paid }];
        // A second paid checkout while one purchase stands is no second purchase: the money is refunded.
        if (state.active !== null) events.push(duplicateOf(state.active, paid));
        // Nor does paying for a post removed meanwhile buy it: nothing is left to own.
        else if (command.postRemoved) events.push(removedPostPaymentOf(known.started, paid));
        // Nor does an old price once its quote stopped holding (the buyer left the checkout open, paid at 12.50 a post now at 99).
        else if (known.started && quoteExpired(known.started, command.currentPrice, command.now))
          events.push(expiredQuotePaymentOf(known.started, paid, command.currentPrice!));
        else if (known.started) events.push(purchaseOf(known.started, paid));
        return events;
      }
      case 'RecordPaymentFailed': {
        const known = track(state, command.data.checkoutId);
        if (known.paid || known.failed) return [];
        return [{ type: 'PaymentFailed', data: command.data }];
      }
      case 'RecordPaymentReturned': {
        const owing = owedReturn(track(state, command.data.checkoutId));
        if (!owing) throw new DomainError('not_found', COMMERCE_MESSAGES.notPurchased);
        if (track(state, command.data.checkoutId).returned) return [];
        const { checkoutId, templateId, buyerId, provider, providerPaymentId, amount, title } = owing.owed;
        const data = {
          checkoutId,
          templateId,
          buyerId,
          provider,
          providerPaymentId,
          providerRefundId: command.data.providerRefundId,
          amount,
          title,
        };
        return [{ type: owing.refunded, data }];
      }
      case 'RecordPaymentReturnFailure': {
        const known = track(state, command.data.checkoutId);
        const owing = owedReturn(known);
        if (!owing) throw new DomainError('not_found', COMMERCE_MESSAGES.notPurchased);
        if (known.returned || known.returnFailed) return [];
        const { checkoutId, templateId, buyerId, provider, providerPaymentId, amount, title } = owing.owed;
        const data = { checkoutId, templateId, buyerId, provider, providerPaymentId, amount, title, reason: command.data.reason };
        return [{ type: owing.failed, data }];
      }
      case 'RefundPurchase': {
        const { purchaseId, providerPaymentId, provider, providerRefundId, refundedBy } = command.data;
        const active = state.active;
        const matches =
          active !== null && (purchaseId !== null ? active.purchaseId === purchaseId : active.providerPaymentId === providerPaymentId);
        if (!matches) {
          // The provider's own refund notice after our refund, or a repeat: nothing new.
          if (purchaseId === null || state.refunded.includes(purchaseId)) return [];
          throw new DomainError('not_found', COMMERCE_MESSAGES.notPurchased);
        }
        return [
          {
            type: 'PurchaseRefunded',
            data: {
              purchaseId: active.purchaseId,
              templateId: active.templateId,
              buyerId: active.buyerId,
              sellerId: active.sellerId,
              title: active.bought.title,
              amount: active.price,
              provider,
              providerRefundId,
              refundedBy,
            },
          },
        ];
      }
    }
  },
};
