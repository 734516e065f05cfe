import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { payoutAccountStream, purchaseStream, type CommerceEvent } from '../../../domain/commerce/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { commerceProjection } from './projection.js';

const price = { amount: 1250, currency: 'USD' as const };
const platformFee = { amount: 125, currency: 'USD' as const };
const bought = { revision: 2, title: 'Lead router', titleUrl: 'lead-router-t1', url: 'https://example.com/lead-router' };
const purchaseEvent = (event: CommerceEvent) => ({ streamId: purchaseStream('t1', 'b1'), ...event });
const payoutEvent = (event: CommerceEvent) => ({ streamId: payoutAccountStream('s1'), ...event });

const LOG = recordedLog([
  payoutEvent({ type: 'PayoutAccountCreated', data: { userId: 's1', provider: 'sandbox', accountId: 'acct_1' } }),
  payoutEvent({
    type: 'PayoutAccountUpdated',
    data: {
      userId: 's1',
      accountId: 'acct_1',
      providerEventId: 'e1',
      detailsSubmitted: true,
      chargesEnabled: false,
      observedAt: '2026-01-01T00:01:00.000Z',
    },
  }),
  payoutEvent({
    type: 'PayoutAccountUpdated',
    data: {
      userId: 's1',
      accountId: 'acct_1',
      providerEventId: 'e2',
      detailsSubmitted: true,
      chargesEnabled: true,
      observedAt: '2026-01-01T00:02:00.000Z',
    },
  }),
  // A payment overtaking its checkout (a webhook before our append), then the checkout and the purchase.
  purchaseEvent({
    type: 'PaymentSucceeded',
    data: {
      checkoutId: 'c1',
      templateId: 't1',
      buyerId: 'b1',
      provider: 'sandbox',
      providerEventId: 'e3',
      providerPaymentId: 'pi_1',
      amount: price,
    },
  }),
  purchaseEvent({
    type: 'CheckoutStarted',
    data: {
      checkoutId: 'c1',
      templateId: 't1',
      buyerId: 'b1',
      sellerId: 's1',
      price,
      platformFee,
      bought,
      provider: 'sandbox',
      providerSessionId: 'cs_1',
      sellerAccountId: 'acct_1',
      checkoutUrl: '/x',
      expiresAt: '2026-01-01T01:00:00.000Z',
      priceHeldUntil: '2026-01-01T00:55:00.000Z',
    },
  }),
  purchaseEvent({
    type: 'PurchaseRecorded',
    data: {
      purchaseId: 'c1',
      checkoutId: 'c1',
      templateId: 't1',
      buyerId: 'b1',
      sellerId: 's1',
      price,
      platformFee,
      bought,
      provider: 'sandbox',
      providerPaymentId: 'pi_1',
    },
  }),
  purchaseEvent({
    type: 'CheckoutStarted',
    data: {
      checkoutId: 'c2',
      templateId: 't1',
      buyerId: 'b1',
      sellerId: 's1',
      price,
      platformFee,
      bought,
      provider: 'sandbox',
      providerSessionId: 'cs_2',
      sellerAccountId: 'acct_1',
      checkoutUrl: '/y',
      expiresAt: '2026-01-01T01:00:00.000Z',
      priceHeldUntil: '2026-01-01T00:55:00.000Z',
    },
  }),
  purchaseEvent({
    type: 'PaymentFailed',
    data: { checkoutId: 'c2', templateId: 't1', buyerId: 'b1', provider: 'sandbox', providerEventId: 'e4', reason: 'card_declined' },
  }),
  purchaseEvent({
    type: 'PurchaseRefunded',
    data: {
      purchaseId: 'c1',
      templateId: 't1',
      buyerId: 'b1',
      sellerId: 's1',
      title: bought.title,
      amount: price,
      provider: 'sandbox',
      providerRefundId: 're_1',
      refundedBy: 'admin',
    },
  }),
  payoutEvent({ type: 'PayoutAccountDisconnected', data: { userId: 's1', accountId: 'acct_1', reason: 'disconnect' } }),
]);

describe.each(databaseTargets())('commerce projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, commerceProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps payout states, checkouts and purchases (refunds kept, marked); applied twice, the same rows', async () => {
    const enabled = await spec.given(LOG.slice(0, 6), 2);
    expect(enabled.payout_accounts!.map((row) => [row.user_id, row.status, row.charges_enabled])).toEqual([['s1', 'enabled', true]]);
    expect(enabled.checkouts!.map((row) => [row.checkout_id, row.status])).toEqual([['c1', 'paid']]);
    expect(enabled.purchases!.map((row) => [row.purchase_id, row.amount, row.currency, row.revision, row.url, row.refunded_at])).toEqual([
      ['c1', 1250, 'USD', 2, bought.url, null],
    ]);

    const all = await spec.given(LOG, 3);
    expect(all.payout_accounts!.map((row) => [row.user_id, row.status])).toEqual([['s1', 'not_connected']]);
    expect(all.checkouts!.map((row) => [row.checkout_id, row.status])).toEqual([
      ['c1', 'paid'],
      ['c2', 'failed'],
    ]);
    expect(all.purchases!.map((row) => [row.purchase_id, row.provider_refund_id, row.refunded_at instanceof Date])).toEqual([
      ['c1', 're_1', true],
    ]);
  });
});
