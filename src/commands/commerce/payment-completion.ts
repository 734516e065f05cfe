import { purchaseStream } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';
import type { Money } from '../../domain/commerce/money.js';
import { INSTRUMENT_DECLINED, ORDER_PROVIDER_NAME, purchaseDecider } from '../../domain/commerce/purchase.js';
import { DomainError } from '../../domain/shared/events.js';
import { TEMPLATE_MESSAGES } from '../../domain/templates/rules.js';
import { activePurchaseOf, checkoutBySession } from '../../projections/read-models/commerce/queries.js';
import { resourceById } from '../../projections/read-models/templates/queries.js';
import { fromProvider, type CommerceServiceDeps, type Member } from './deps.js';
import { offerFor, postRemoved } from './offers.js';
import { applyNotice } from './provider-notices.js';

export type OrderCaptureOutcome = { titleUrl: string } & (
  | { status: 'completed'; captureId: string; amount: Money; purchased: boolean }
  | { status: 'declined'; issue: string; debugId: string | null; restartUrl: string | null }
  /** The buyer owns the post through another checkout: the order is left uncaptured (it lapses), nothing paid twice. */
  | { status: 'owned' }
);

/**
 * Captures the buyer's approved order. A completed capture records the payment with the same
 * command a card webhook runs (one purchase however often, or however concurrently, it is
 * captured); INSTRUMENT_DECLINED answers where the buyer approves again (the flow restarts); an
 * order of a post the buyer owns by now is not captured.
 */
export async function captureOrder(deps: CommerceServiceDeps, buyer: Member, orderId: string): Promise<OrderCaptureOutcome> {
  const checkout = await checkoutBySession(deps.db, orderId);
  if (!checkout || checkout.provider !== ORDER_PROVIDER_NAME || checkout.buyer_id !== buyer.userId)
    throw new DomainError('not_found', COMMERCE_MESSAGES.checkoutNotFound);
  const stream = purchaseStream(checkout.template_id, buyer.userId);
  const titleUrl = (await offerFor(deps, checkout.template_id)).bought.titleUrl;
  const state = await deps.commands.stateOf(purchaseDecider, stream);
  const known = state.checkouts[checkout.checkout_id];
  if (known?.paid)
    return { status: 'completed', captureId: known.paid.providerPaymentId, amount: known.paid.amount, titleUrl, purchased: true };
  // Bought by card since this order was approved: capturing would take the money only for it to be refunded.
  if (state.active !== null) return { status: 'owned', titleUrl };

  const capture = await fromProvider(() => deps.orders.captureOrder(orderId));
  if (capture.status === 'declined') {
    return {
      status: 'declined',
      issue: capture.issue,
      debugId: capture.debugId,
      restartUrl: capture.issue === INSTRUMENT_DECLINED ? (known?.started?.checkoutUrl ?? null) : null,
      titleUrl,
    };
  }
  await applyNotice(deps, {
    kind: 'checkout_paid',
    provider: ORDER_PROVIDER_NAME,
    eventId: `capture:${capture.captureId}`,
    checkoutId: checkout.checkout_id,
    templateId: checkout.template_id,
    buyerId: buyer.userId,
    sessionId: orderId,
    paymentId: capture.captureId,
    amount: capture.amount,
  });
  const purchased = (await activePurchaseOf(deps.db, checkout.template_id, buyer.userId)) !== undefined;
  return { ...capture, titleUrl, purchased };
}

/**
 * The buyer is back on /success: when the webhook has not been applied yet, ask the provider about
 * the session and record what it says (the same command a webhook runs, so nothing counts twice).
 * Answers whether the buyer now owns the post, and the post's address.
 */
export async function confirmReturn(
  deps: CommerceServiceDeps,
  buyer: Member,
  templateId: string,
  sessionId: string,
): Promise<{ purchased: boolean; postRemoved: boolean; quoteExpired: boolean; titleUrl: string }> {
  const row = await resourceById(deps.db, templateId);
  if (!row) throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
  const known = await checkoutBySession(deps.db, sessionId);
  if (known && (known.buyer_id !== buyer.userId || known.template_id !== templateId))
    throw new DomainError('not_found', COMMERCE_MESSAGES.checkoutNotFound);
  if (!(await activePurchaseOf(deps.db, templateId, buyer.userId))) {
    const session = await fromProvider(() => deps.provider.retrieveCheckout(sessionId));
    if (
      session.status === 'paid' &&
      session.paymentId &&
      session.checkoutId &&
      session.templateId === templateId &&
      session.buyerId === buyer.userId &&
      session.amount
    ) {
      await applyNotice(deps, {
        kind: 'checkout_paid',
        provider: deps.provider.name,
        eventId: `session:${sessionId}`,
        checkoutId: session.checkoutId,
        templateId,
        buyerId: buyer.userId,
        sessionId,
        paymentId: session.paymentId,
        amount: session.amount,
      });
    }
  }
  const purchased = (await activePurchaseOf(deps.db, templateId, buyer.userId)) !== undefined;
  // A post removed while the buyer paid, or a price no longer held: the payment is refunded (the payment-return reactor), and the buyer is told so.
  const checkouts = purchased
    ? []
    : Object.values((await deps.commands.stateOf(purchaseDecider, purchaseStream(templateId, buyer.userId))).checkouts);
  return {
    purchased,
    postRemoved: !purchased && (await postRemoved(deps, templateId)),
    quoteExpired: checkouts.some((checkout) => checkout.started?.providerSessionId === sessionId && checkout.expiredQuote !== null),
    titleUrl: row.title_url,
  };
}
