import { PaymentProviderUnavailableError, PaymentRefusedError } from '../../adapters/payments/port.js';
import { purchaseStream, type PaymentProviderName } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';
import { ORDER_PROVIDER_NAME, purchaseDecider, type ReturnedPayment } from '../../domain/commerce/purchase.js';
import { DomainError } from '../../domain/shared/events.js';
import type { CommandContext } from '../bus/handle-command.js';
import { fromProvider, settle, type CommerceServiceDeps, type Member } from './deps.js';

/**
 * An admin gives the buyer their money back through the provider that took it (the card provider,
 * or PayPal orders): the provider first, then the event (an outage writes nothing).
 */
export async function refundPurchase(
  deps: CommerceServiceDeps,
  admin: Member,
  templateId: string,
  buyerId: string,
): Promise<{ position: bigint | null }> {
  const stream = purchaseStream(templateId, buyerId);
  const state = await deps.commands.stateOf(purchaseDecider, stream);
  const purchase = state.active;
  if (!purchase)
    throw state.refunded.length > 0
      ? new DomainError('conflict', COMMERCE_MESSAGES.alreadyRefunded)
      : new DomainError('not_found', COMMERCE_MESSAGES.notPurchased);
  const refund = await refundAtProvider(deps, purchase.provider, purchase.providerPaymentId);
  const result = await deps.commands.handle(
    purchaseDecider,
    stream,
    {
      type: 'RefundPurchase',
      data: { purchaseId: purchase.purchaseId, provider: purchase.provider, providerRefundId: refund.refundId, refundedBy: admin.userId },
    },
    { actor: admin, idempotencyKey: `refund:${refund.refundId}` },
  );
  await settle(deps, result.position);
  return { position: result.position };
}

/**
 * Gives back a payment that bought nothing: one that arrived while the buyer already owned the post,
 * or one for a post removed meanwhile (the payment-return reactor calls it). Already refunded, or
 * refused for good: nothing asked, nothing written. Otherwise the provider is asked (its refund is
 * idempotent per payment, so a retry after a crash is the same refund), then the refund recorded; a
 * permanent refusal is recorded with the provider's reason (for the admin) instead of being retried.
 * An outage throws (the reactor retries). Answers whether this call recorded a refund (and so the
 * buyer is to be told).
 */
export async function returnPayment(
  deps: CommerceServiceDeps,
  payment: ReturnedPayment,
  context: CommandContext,
): Promise<{ refunded: boolean; refundId: string | null }> {
  const stream = purchaseStream(payment.templateId, payment.buyerId);
  const known = (await deps.commands.stateOf(purchaseDecider, stream)).checkouts[payment.checkoutId];
  if (known?.returned || known?.returnFailed) return { refunded: false, refundId: null };
  let refund: { refundId: string };
  try {
    refund = await refundAtProvider(deps, payment.provider, payment.providerPaymentId);
  } catch (error) {
    if (!(error instanceof PaymentRefusedError)) throw error;
    const failed = await deps.commands.handle(
      purchaseDecider,
      stream,
      { type: 'RecordPaymentReturnFailure', data: { checkoutId: payment.checkoutId, reason: error.reason } },
      context,
    );
    await settle(deps, failed.position);
    return { refunded: false, refundId: null };
  }
  const result = await deps.commands.handle(
    purchaseDecider,
    stream,
    { type: 'RecordPaymentReturned', data: { checkoutId: payment.checkoutId, providerRefundId: refund.refundId } },
    context,
  );
  await settle(deps, result.position);
  return { refunded: !result.repeated && result.events.length > 0, refundId: refund.refundId };
}

/** One payment back, through the provider that took it: card payments from the card provider, PayPal captures from the orders provider. */
async function refundAtProvider(
  deps: CommerceServiceDeps,
  provider: PaymentProviderName,
  paymentId: string,
): Promise<{ refundId: string }> {
  if (provider === ORDER_PROVIDER_NAME) return fromProvider(() => deps.orders.refundCapture(paymentId));
  // A payment the sandbox took cannot be refunded by Stripe, nor the other way round (the server was switched since).
  if (provider !== deps.provider.name)
    throw new PaymentProviderUnavailableError(`The payment ${paymentId} was taken by ${provider}, which is not configured now`);
  return fromProvider(() => deps.provider.refund({ paymentId, reason: 'requested_by_customer' }));
}
