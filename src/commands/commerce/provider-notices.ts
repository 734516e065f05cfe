import type { ProviderNotice } from '../../adapters/payments/port.js';
import { payoutAccountStream, purchaseStream } from '../../domain/commerce/events.js';
import { payoutAccountDecider } from '../../domain/commerce/payout-account.js';
import { purchaseDecider } from '../../domain/commerce/purchase.js';
import type { Actor } from '../../domain/shared/events.js';
import { payoutAccountOwner, purchaseByProviderPayment } from '../../projections/read-models/commerce/queries.js';
import { nowOf, settle, type CommerceServiceDeps } from './deps.js';
import { catalogueEntry } from './offers.js';

/** A verified provider webhook, applied once however often and in whatever order it arrives. */
export async function applyNotice(deps: CommerceServiceDeps, notice: ProviderNotice): Promise<void> {
  const actor: Actor = { userId: null, role: 'system' };
  const context = { actor, idempotencyKey: `${notice.provider}:${notice.eventId}` };
  switch (notice.kind) {
    case 'account': {
      const owner = notice.userId ?? (await payoutAccountOwner(deps.db, notice.accountId));
      if (owner === null) return;
      const { accountId, detailsSubmitted, chargesEnabled, observedAt, eventId } = notice;
      const result = await deps.commands.handle(
        payoutAccountDecider,
        payoutAccountStream(owner),
        {
          type: 'RecordPayoutAccountState',
          data: { userId: owner, accountId, providerEventId: eventId, detailsSubmitted, chargesEnabled, observedAt },
        },
        context,
      );
      await settle(deps, result.position);
      return;
    }
    case 'account_deauthorized': {
      const owner = await payoutAccountOwner(deps.db, notice.accountId);
      // An account the seller already left (disconnected, started afresh) is no longer theirs to disconnect.
      if (owner === null || (await deps.commands.stateOf(payoutAccountDecider, payoutAccountStream(owner))).accountId !== notice.accountId)
        return;
      const result = await deps.commands.handle(
        payoutAccountDecider,
        payoutAccountStream(owner),
        { type: 'DisconnectPayoutAccount', data: { userId: owner, reason: 'disconnect' } },
        context,
      );
      await settle(deps, result.position);
      return;
    }
    case 'checkout_paid': {
      const { checkoutId, templateId, buyerId, paymentId, amount, eventId, provider } = notice;
      const catalogue = await catalogueEntry(deps, templateId);
      const result = await deps.commands.handle(
        purchaseDecider,
        purchaseStream(templateId, buyerId),
        {
          type: 'RecordPaymentSucceeded',
          data: { checkoutId, templateId, buyerId, provider, providerEventId: eventId, providerPaymentId: paymentId, amount },
          postRemoved: catalogue.removed,
          currentPrice: catalogue.price,
          now: nowOf(deps).toISOString(),
        },
        context,
      );
      await settle(deps, result.position);
      return;
    }
    case 'checkout_failed': {
      const { checkoutId, templateId, buyerId, reason, eventId, provider } = notice;
      const result = await deps.commands.handle(
        purchaseDecider,
        purchaseStream(templateId, buyerId),
        {
          type: 'RecordPaymentFailed',
          data: { checkoutId, templateId, buyerId, provider, providerEventId: eventId, reason },
        },
        context,
      );
      await settle(deps, result.position);
      return;
    }
    case 'refunded': {
      const purchase = await purchaseByProviderPayment(deps.db, notice.paymentId);
      if (!purchase) return;
      const result = await deps.commands.handle(
        purchaseDecider,
        purchaseStream(purchase.template_id, purchase.buyer_id),
        {
          type: 'RefundPurchase',
          data: {
            purchaseId: null,
            providerPaymentId: notice.paymentId,
            provider: notice.provider,
            providerRefundId: notice.refundId,
            refundedBy: null,
          },
        },
        context,
      );
      await settle(deps, result.position);
      return;
    }
    case 'ignored':
      return;
  }
}
