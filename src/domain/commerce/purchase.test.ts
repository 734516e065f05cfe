import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import type {
  CheckoutStarted,
  DuplicatePaymentReceived,
  DuplicatePaymentRefunded,
  ExpiredQuotePaymentReceived,
  RemovedPostPaymentReceived,
  RemovedPostPaymentRefunded,
  PaymentFailed,
  PaymentSucceeded,
  PurchaseEvent,
  PurchaseRecorded,
  PurchaseRefunded,
} from './events.js';
import { COMMERCE_MESSAGES } from './messages.js';
import { toMinorUnits, type Money } from './money.js';
import { withPriceHeldUntil } from './checkout-timing.js';
import { checkoutRefusal, purchaseDecider, type Offer, type PurchaseCommand } from './purchase.js';

const spec = deciderSpec(purchaseDecider);
const buyerId = 'buyer-1';
const now = '2026-11-23T06:00:00.000Z';
const later = '2026-11-23T07:00:00.000Z';
const offer: Offer = {
  templateId: 't1',
  sellerId: 'seller-1',
  forSale: true,
  price: toMinorUnits(12.5),
  bought: { revision: 3, title: 'Lead router', titleUrl: 'lead-router-t1', url: 'https://example.com/template' },
  sellerPayoutStatus: 'enabled',
  sellerAccountId: 'acct_1',
};
const session = (n: number) => ({
  provider: 'sandbox' as const,
  providerSessionId: `cs_${n}`,
  checkoutUrl: `/sandbox/checkout/cs_${n}`,
  expiresAt: '2026-11-23T06:35:00.000Z',
});
const start = (checkoutId: string, n = 1, overrides: Partial<Offer> = {}, at = now): PurchaseCommand => ({
  type: 'StartCheckout',
  data: {
    checkoutId,
    buyerId,
    offer: { ...offer, ...overrides },
    platformFee: { amount: 125, currency: 'USD' },
    session: session(n),
    now: at,
  },
});
/** Started at `at` (its price holds 30 minutes, its session 35). */
const started = (checkoutId: string, n = 1, at = now): CheckoutStarted => ({
  type: 'CheckoutStarted',
  data: {
    checkoutId,
    templateId: 't1',
    buyerId,
    sellerId: 'seller-1',
    price: { amount: 1250, currency: 'USD' },
    platformFee: { amount: 125, currency: 'USD' },
    bought: offer.bought,
    provider: 'sandbox',
    providerSessionId: `cs_${n}`,
    sellerAccountId: 'acct_1',
    checkoutUrl: `/sandbox/checkout/cs_${n}`,
    expiresAt: '2026-11-23T06:35:00.000Z',
    priceHeldUntil: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
  },
});
const paid = (checkoutId: string, eventId = `evt_${checkoutId}`): PaymentSucceeded => ({
  type: 'PaymentSucceeded',
  data: {
    checkoutId,
    templateId: 't1',
    buyerId,
    provider: 'sandbox',
    providerEventId: eventId,
    providerPaymentId: `pi_${checkoutId}`,
    amount: { amount: 1250, currency: 'USD' },
  },
});
const failed = (checkoutId: string): PaymentFailed => ({
  type: 'PaymentFailed',
  data: { checkoutId, templateId: 't1', buyerId, provider: 'sandbox', providerEventId: `evt_fail_${checkoutId}`, reason: 'card_declined' },
});
const recorded = (checkoutId: string): PurchaseRecorded => ({
  type: 'PurchaseRecorded',
  data: {
    purchaseId: checkoutId,
    checkoutId,
    templateId: 't1',
    buyerId,
    sellerId: 'seller-1',
    price: { amount: 1250, currency: 'USD' },
    platformFee: { amount: 125, currency: 'USD' },
    bought: offer.bought,
    provider: 'sandbox',
    providerPaymentId: `pi_${checkoutId}`,
  },
});
const refunded = (checkoutId: string, refundedBy: string | null = 'admin-1'): PurchaseRefunded => ({
  type: 'PurchaseRefunded',
  data: {
    purchaseId: checkoutId,
    templateId: 't1',
    buyerId,
    sellerId: 'seller-1',
    title: 'Lead router',
    amount: { amount: 1250, currency: 'USD' },
    provider: 'sandbox',
    providerRefundId: 're_1',
    refundedBy,
  },
});
const duplicate = (checkoutId: string): DuplicatePaymentReceived => ({
  type: 'DuplicatePaymentReceived',
  data: {
    checkoutId,
    templateId: 't1',
    buyerId,
    provider: 'sandbox',
    providerPaymentId: `pi_${checkoutId}`,
    amount: { amount: 1250, currency: 'USD' },
    standingPurchaseId: 'c1',
    title: 'Lead router',
  },
});
const pay = (
  event: PaymentSucceeded,
  postRemoved = false,
  at = now,
  currentPrice: Money | null = postRemoved ? null : { amount: 1250, currency: 'USD' },
): PurchaseCommand => ({
  type: 'RecordPaymentSucceeded',
  data: event.data,
  postRemoved,
  currentPrice,
  now: at,
});
const removedPostPayment = (checkoutId: string, title = 'Lead router'): RemovedPostPaymentReceived => ({
  type: 'RemovedPostPaymentReceived',
  data: {
    checkoutId,
    templateId: 't1',
    buyerId,
    provider: 'sandbox',
    providerPaymentId: `pi_${checkoutId}`,
    amount: { amount: 1250, currency: 'USD' },
    title,
  },
});

describe('purchase decider', () => {
  it('starts a checkout priced from the offer, and records the purchase of that revision when paid', () => {
    spec
      .given([])
      .when(start('c1'))
      .then([started('c1')]);
    spec
      .given([started('c1')])
      .when(pay(paid('c1')))
      .then([paid('c1'), recorded('c1')]);
  });

  it('accepts the payment before its checkout (a webhook overtaking our append), in either order one purchase', () => {
    spec
      .given([])
      .when(pay(paid('c1')))
      .then([paid('c1')]);
    spec
      .given([paid('c1')])
      .when(start('c1'))
      .then([started('c1'), recorded('c1')]);
  });

  it('ignores a repeated payment notice and a repeated checkout start', () => {
    const history: PurchaseEvent[] = [started('c1'), paid('c1'), recorded('c1')];
    spec
      .given(history)
      .when(pay(paid('c1', 'evt_other_delivery')))
      .then([]);
    spec.given(history).when(start('c1')).then([]);
  });

  it('refuses a second purchase politely, and allows one again after a refund', () => {
    const owned: PurchaseEvent[] = [started('c1'), paid('c1'), recorded('c1')];
    spec.given(owned).when(start('c2', 2)).thenThrows('conflict', COMMERCE_MESSAGES.alreadyPurchased);
    spec
      .given([...owned, refunded('c1')])
      .when(start('c2', 2, {}, later))
      .then([{ ...started('c2', 2, later) }]);
  });

  it('records a second paid checkout as a duplicate payment to refund, never as a second purchase', () => {
    const owned: PurchaseEvent[] = [started('c1'), paid('c1'), recorded('c1'), started('c2', 2)];
    spec
      .given(owned)
      .when(pay(paid('c2')))
      .then([paid('c2'), duplicate('c2')]);
    // Its webhook overtook its checkout start, and the other purchase was recorded in between.
    spec
      .given([paid('c2'), started('c1'), paid('c1'), recorded('c1')])
      .when(start('c2', 2))
      .then([started('c2', 2), duplicate('c2')]);
    // Repeated notices add nothing.
    spec
      .given([...owned, paid('c2'), duplicate('c2')])
      .when(pay(paid('c2', 'evt_again')))
      .then([]);
  });

  it('records the refund of a duplicate payment once, and only of a duplicate', () => {
    const twice: PurchaseEvent[] = [started('c1'), paid('c1'), recorded('c1'), started('c2', 2), paid('c2'), duplicate('c2')];
    const refundIt: PurchaseCommand = { type: 'RecordPaymentReturned', data: { checkoutId: 'c2', providerRefundId: 're_dup' } };
    const back: DuplicatePaymentRefunded = {
      type: 'DuplicatePaymentRefunded',
      data: {
        checkoutId: 'c2',
        templateId: 't1',
        buyerId,
        provider: 'sandbox',
        providerPaymentId: 'pi_c2',
        providerRefundId: 're_dup',
        amount: { amount: 1250, currency: 'USD' },
        title: 'Lead router',
      },
    };
    spec.given(twice).when(refundIt).then([back]);
    spec
      .given([...twice, back])
      .when(refundIt)
      .then([]);
    spec
      .given([started('c1'), paid('c1'), recorded('c1')])
      .when({ type: 'RecordPaymentReturned', data: { checkoutId: 'c1', providerRefundId: 're_x' } })
      .thenThrows('not_found', COMMERCE_MESSAGES.notPurchased);
    // The buyer's own purchase stands throughout.
    expect([...twice, back].reduce(purchaseDecider.evolve, purchaseDecider.initialState()).active?.purchaseId).toBe('c1');
  });

  it('records a payment for a post removed while the buyer paid as money to return, not as a purchase', () => {
    spec
      .given([started('c1')])
      .when(pay(paid('c1'), true))
      .then([paid('c1'), removedPostPayment('c1')]);
    // Its webhook overtook its checkout start: the title is not known, the money goes back all the same.
    spec
      .given([])
      .when(pay(paid('c1'), true))
      .then([paid('c1'), removedPostPayment('c1', '')]);
    // Owned already: it is a duplicate, whatever became of the post.
    spec
      .given([started('c1'), paid('c1'), recorded('c1'), started('c2', 2)])
      .when(pay(paid('c2'), true))
      .then([paid('c2'), duplicate('c2')]);
    const owed: PurchaseEvent[] = [started('c1'), paid('c1'), removedPostPayment('c1')];
    expect(owed.reduce(purchaseDecider.evolve, purchaseDecider.initialState()).active).toBeNull();
    spec
      .given(owed)
      .when(pay(paid('c1', 'evt_again'), true))
      .then([]);

    const back: RemovedPostPaymentRefunded = {
      type: 'RemovedPostPaymentRefunded',
      data: {
        checkoutId: 'c1',
        templateId: 't1',
        buyerId,
        provider: 'sandbox',
        providerPaymentId: 'pi_c1',
        providerRefundId: 're_gone',
        amount: { amount: 1250, currency: 'USD' },
        title: 'Lead router',
      },
    };
    const returnIt: PurchaseCommand = { type: 'RecordPaymentReturned', data: { checkoutId: 'c1', providerRefundId: 're_gone' } };
    spec.given(owed).when(returnIt).then([back]);
    spec
      .given([...owed, back])
      .when(returnIt)
      .then([]);
    const refusal: PurchaseCommand = { type: 'RecordPaymentReturnFailure', data: { checkoutId: 'c1', reason: 'already refunded' } };
    const { providerRefundId: _none, ...unrefunded } = back.data;
    spec
      .given(owed)
      .when(refusal)
      .then([{ type: 'RemovedPostPaymentRefundFailed', data: { ...unrefunded, reason: 'already refunded' } }]);
    spec
      .given([...owed, back])
      .when(refusal)
      .then([]);
  });

  it('honours the quoted price for 30 minutes; later, at a changed price, the payment is money to return', () => {
    const quoted = { amount: 1250, currency: 'USD' } as const;
    const repriced = { amount: 9900, currency: 'USD' } as const;
    const expired: ExpiredQuotePaymentReceived = {
      type: 'ExpiredQuotePaymentReceived',
      data: {
        checkoutId: 'c1',
        templateId: 't1',
        buyerId,
        provider: 'sandbox',
        providerPaymentId: 'pi_c1',
        amount: quoted,
        title: 'Lead router',
        currentPrice: repriced,
      },
    };
    // Within the hold (it ends at 06:30), the quote stands even though the price changed.
    spec
      .given([started('c1')])
      .when(pay(paid('c1'), false, '2026-11-23T06:29:59.000Z', repriced))
      .then([paid('c1'), recorded('c1')]);
    // After it, at the old price: refused, and owed back.
    spec
      .given([started('c1')])
      .when(pay(paid('c1'), false, '2026-11-23T06:30:01.000Z', repriced))
      .then([paid('c1'), expired]);
    // After it, at an unchanged price: the purchase stands, nobody is owed anything.
    spec
      .given([started('c1')])
      .when(pay(paid('c1'), false, '2026-11-23T06:30:01.000Z', quoted))
      .then([paid('c1'), recorded('c1')]);
    const owed: PurchaseEvent[] = [started('c1'), paid('c1'), expired];
    expect(owed.reduce(purchaseDecider.evolve, purchaseDecider.initialState()).active).toBeNull();
    const { currentPrice: _price, ...refunded } = expired.data;
    spec
      .given(owed)
      .when({ type: 'RecordPaymentReturned', data: { checkoutId: 'c1', providerRefundId: 're_late' } })
      .then([{ type: 'ExpiredQuotePaymentRefunded', data: { ...refunded, providerRefundId: 're_late' } }]);
    spec
      .given(owed)
      .when({ type: 'RecordPaymentReturnFailure', data: { checkoutId: 'c1', reason: 'gone' } })
      .then([{ type: 'ExpiredQuotePaymentRefundFailed', data: { ...refunded, reason: 'gone' } }]);
    // A checkout stored before the hold was recorded holds its price for its session's recorded life.
    expect(withPriceHeldUntil({ expiresAt: '2026-11-23T06:35:00.000Z' })).toEqual({
      expiresAt: '2026-11-23T06:35:00.000Z',
      priceHeldUntil: '2026-11-23T06:35:00.000Z',
    });
  });

  it('offers the open checkout again instead of a second session, until it expires or fails', () => {
    spec
      .given([started('c1')])
      .when(start('c2', 2))
      .then([]);
    // Its price no longer held (after 30 of its 35 minutes): a new checkout, quoted anew.
    const pastHold = '2026-11-23T06:31:00.000Z';
    spec
      .given([started('c1')])
      .when(start('c2', 2, {}, pastHold))
      .then([started('c2', 2, pastHold)]);
    spec
      .given([started('c1')])
      .when(start('c2', 2, {}, later))
      .then([started('c2', 2, later)]);
    spec
      .given([started('c1'), failed('c1')])
      .when(start('c2', 2))
      .then([started('c2', 2)]);
  });

  it('refuses own, free and unpublished posts, and sellers whose account takes no charges', () => {
    spec
      .given([])
      .when(start('c1', 1, { sellerId: buyerId }))
      .thenThrows('forbidden', COMMERCE_MESSAGES.ownPost);
    spec
      .given([])
      .when(start('c1', 1, { price: { amount: 0, currency: 'USD' } }))
      .thenThrows('invalid', COMMERCE_MESSAGES.freePost);
    spec
      .given([])
      .when(start('c1', 1, { forSale: false }))
      .thenThrows('conflict', COMMERCE_MESSAGES.notForSale);
    spec
      .given([])
      .when(start('c1', 1, { sellerPayoutStatus: 'restricted' }))
      .thenThrows('conflict', COMMERCE_MESSAGES.paymentErrorText);
    spec
      .given([])
      .when(start('c1', 1, { sellerPayoutStatus: 'enabled', sellerAccountId: null }))
      .thenThrows('conflict', COMMERCE_MESSAGES.paymentErrorText);
    expect(checkoutRefusal(purchaseDecider.initialState(), buyerId, offer)).toBeNull();
  });

  it('records a declined card once, and no purchase', () => {
    spec
      .given([started('c1')])
      .when({ type: 'RecordPaymentFailed', data: failed('c1').data })
      .then([failed('c1')]);
    spec
      .given([started('c1'), failed('c1')])
      .when({ type: 'RecordPaymentFailed', data: failed('c1').data })
      .then([]);
  });

  it('refunds the standing purchase once, by id or by the provider payment id, and ignores the provider echo', () => {
    const owned: PurchaseEvent[] = [started('c1'), paid('c1'), recorded('c1')];
    const byAdmin: PurchaseCommand = {
      type: 'RefundPurchase',
      data: { purchaseId: 'c1', provider: 'sandbox', providerRefundId: 're_1', refundedBy: 'admin-1' },
    };
    spec
      .given(owned)
      .when(byAdmin)
      .then([refunded('c1')]);
    spec
      .given([...owned, refunded('c1')])
      .when(byAdmin)
      .then([]);
    const echo: PurchaseCommand = {
      type: 'RefundPurchase',
      data: { purchaseId: null, providerPaymentId: 'pi_c1', provider: 'sandbox', providerRefundId: 're_1', refundedBy: null },
    };
    spec
      .given(owned)
      .when(echo)
      .then([refunded('c1', null)]);
    spec
      .given([...owned, refunded('c1')])
      .when(echo)
      .then([]);
    spec.given([]).when(byAdmin).thenThrows('not_found', COMMERCE_MESSAGES.notPurchased);
  });
});
