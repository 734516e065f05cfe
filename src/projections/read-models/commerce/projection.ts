import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { payoutStatusOf } from '../../../domain/commerce/payout-account.js';
import type { RecordedOneOf } from '../../../domain/shared/events.js';
import { defineProjection, type ProjectableEvent, type ProjectableEventOf } from '../../projection.js';
import type { GenerationTables } from '../tables.js';
import { createCommerceTables } from './tables.js';

type Recorded<T extends ProjectableEvent['type']> = RecordedOneOf<ProjectableEventOf<T>>;

/**
 * Payout accounts, checkouts and purchases. Every write is guarded by the event's position, so a
 * replayed or late event never undoes a newer one.
 */
export const commerceProjection = defineProjection({
  name: 'commerce',
  version: 2,
  handles: [
    'PayoutAccountCreated',
    'PayoutAccountUpdated',
    'PayoutAccountDisconnected',
    'CheckoutStarted',
    'PaymentSucceeded',
    'PaymentFailed',
    'PurchaseRecorded',
    'PurchaseRefunded',
  ],
  tables: ['payout_accounts', 'checkouts', 'purchases'],
  createTables: createCommerceTables,
  async apply(trx, events, t) {
    for (const event of events) {
      switch (event.type) {
        case 'PayoutAccountCreated':
        case 'PayoutAccountUpdated':
        case 'PayoutAccountDisconnected':
          await applyPayoutAccountEvent(trx, t, event);
          break;
        case 'CheckoutStarted':
        case 'PaymentSucceeded':
        case 'PaymentFailed':
          await applyCheckoutEvent(trx, t, event);
          break;
        case 'PurchaseRecorded':
        case 'PurchaseRefunded':
          await applyPurchaseEvent(trx, t, event);
          break;
      }
    }
  },
});

/** A seller's payout account, one row per seller. */
async function applyPayoutAccountEvent(
  trx: Kysely<Schema>,
  t: GenerationTables,
  event: Recorded<'PayoutAccountCreated' | 'PayoutAccountUpdated' | 'PayoutAccountDisconnected'>,
): Promise<void> {
  const at = new Date(event.metadata.occurredAt);
  const position = event.position;
  switch (event.type) {
    case 'PayoutAccountCreated': {
      const row = {
        provider: event.data.provider,
        account_id: event.data.accountId,
        details_submitted: false,
        charges_enabled: false,
        status: payoutStatusOf({ detailsSubmitted: false, chargesEnabled: false }),
        updated_at: at,
        last_position: position,
      };
      await trx
        .insertInto(t.payout_accounts)
        .values({ user_id: event.data.userId, ...row })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet(row)
            .where(sql.ref(`${t.payout_accounts}.last_position`), '<', position),
        )
        .execute();
      break;
    }
    case 'PayoutAccountUpdated': {
      const { detailsSubmitted, chargesEnabled } = event.data;
      await trx
        .updateTable(t.payout_accounts)
        .set({
          details_submitted: detailsSubmitted,
          charges_enabled: chargesEnabled,
          status: payoutStatusOf({ detailsSubmitted, chargesEnabled }),
          updated_at: at,
          last_position: position,
        })
        .where('user_id', '=', event.data.userId)
        .where('account_id', '=', event.data.accountId)
        .where('last_position', '<', position)
        .execute();
      break;
    }
    case 'PayoutAccountDisconnected':
      // Kept as a not-connected row rather than deleted, so a late replay of its creation cannot revive it.
      await trx
        .updateTable(t.payout_accounts)
        .set({ details_submitted: false, charges_enabled: false, status: payoutStatusOf(null), updated_at: at, last_position: position })
        .where('user_id', '=', event.data.userId)
        .where('account_id', '=', event.data.accountId)
        .where('last_position', '<', position)
        .execute();
      break;
  }
}

/** A checkout from its start to its payment's outcome. */
async function applyCheckoutEvent(
  trx: Kysely<Schema>,
  t: GenerationTables,
  event: Recorded<'CheckoutStarted' | 'PaymentSucceeded' | 'PaymentFailed'>,
): Promise<void> {
  const at = new Date(event.metadata.occurredAt);
  const position = event.position;
  switch (event.type) {
    case 'CheckoutStarted': {
      const d = event.data;
      await trx
        .insertInto(t.checkouts)
        .values({
          checkout_id: d.checkoutId,
          template_id: d.templateId,
          buyer_id: d.buyerId,
          seller_id: d.sellerId,
          provider: d.provider,
          provider_session_id: d.providerSessionId,
          amount: d.price.amount,
          currency: d.price.currency,
          status: 'open',
          started_at: at,
          last_position: position,
        })
        .onConflict((oc) => oc.column('checkout_id').doNothing())
        .execute();
      break;
    }
    case 'PaymentSucceeded':
    case 'PaymentFailed':
      await trx
        .updateTable(t.checkouts)
        .set({ status: event.type === 'PaymentSucceeded' ? 'paid' : 'failed', last_position: position })
        .where('checkout_id', '=', event.data.checkoutId)
        .where('last_position', '<', position)
        .execute();
      break;
  }
}

/** A purchase, and its refund. */
async function applyPurchaseEvent(
  trx: Kysely<Schema>,
  t: GenerationTables,
  event: Recorded<'PurchaseRecorded' | 'PurchaseRefunded'>,
): Promise<void> {
  const at = new Date(event.metadata.occurredAt);
  const position = event.position;
  switch (event.type) {
    case 'PurchaseRecorded': {
      const d = event.data;
      await trx
        .insertInto(t.purchases)
        .values({
          purchase_id: d.purchaseId,
          template_id: d.templateId,
          buyer_id: d.buyerId,
          seller_id: d.sellerId,
          amount: d.price.amount,
          platform_fee: d.platformFee.amount,
          currency: d.price.currency,
          revision: d.bought.revision,
          title: d.bought.title,
          title_url: d.bought.titleUrl,
          url: d.bought.url,
          provider: d.provider,
          provider_payment_id: d.providerPaymentId,
          purchased_at: at,
          refunded_at: null,
          provider_refund_id: null,
          last_position: position,
        })
        .onConflict((oc) => oc.column('purchase_id').doNothing())
        .execute();
      // The payment may have been read before its checkout row existed (a webhook overtaking our append).
      await trx
        .updateTable(t.checkouts)
        .set({ status: 'paid', last_position: position })
        .where('checkout_id', '=', d.checkoutId)
        .where('last_position', '<', position)
        .execute();
      break;
    }
    case 'PurchaseRefunded':
      await trx
        .updateTable(t.purchases)
        .set({ refunded_at: at, provider_refund_id: event.data.providerRefundId, last_position: position })
        .where('purchase_id', '=', event.data.purchaseId)
        .where('last_position', '<', position)
        .execute();
      break;
  }
}
