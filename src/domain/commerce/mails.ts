import { sellerEarningsOf } from './commission.js';
import { formatMoney, type Money } from './money.js';
import { CHECKOUT_PRICE_HOLD_MS } from './checkout-timing.js';
import { ORDER_PROVIDER_NAME } from './purchase.js';

/** The e-mails of the money path: a sale to the seller, a receipt to the buyer, a refund to both. */
export interface CommerceMail {
  subject: string;
  text: string;
}

interface Sale {
  title: string;
  price: Money;
  /** The platform's cut, as recorded with the sale. */
  platformFee: Money;
  /** The post's page, absolute. */
  pageUrl: string;
  purchaseId: string;
  provider: string;
  providerPaymentId: string;
}

/**
 * A card sale is paid into the seller's payout account; a PayPal order is captured by the platform's
 * own PayPal account (the order carries no seller account), so that money is owed to the seller.
 */
function whereTheMoneyWent(sale: Sale): string {
  const fee =
    sale.platformFee.amount === 0 ? 'no commission during the beta' : `the price less the platform fee of ${formatMoney(sale.platformFee)}`;
  if (sale.provider === ORDER_PROVIDER_NAME) {
    return `The buyer paid with PayPal, into Tessera’s PayPal account, not yours: Tessera owes you ${formatMoney(sellerEarningsOf(sale))} (${fee}).`;
  }
  return sale.platformFee.amount === 0
    ? 'The payment goes to your payout account, less the provider’s card fee (no commission during the beta).'
    : `You earn ${formatMoney(sellerEarningsOf(sale))}: ${fee}, and less the provider’s card fee.`;
}

export function saleNotificationMail(sale: Sale, buyerName: string): CommerceMail {
  return {
    subject: `You sold "${sale.title}"`,
    text: [
      `Good news: ${buyerName} bought "${sale.title}" for ${formatMoney(sale.price)}.`,
      whereTheMoneyWent(sale),
      `Post: ${sale.pageUrl}`,
      `Purchase ${sale.purchaseId} (${sale.provider} payment ${sale.providerPaymentId})`,
    ].join('\n\n'),
  };
}

export function purchaseReceiptMail(sale: Sale, sellerName: string): CommerceMail {
  return {
    subject: `Your receipt for "${sale.title}"`,
    text: [
      `Thanks for purchasing the resource. You paid ${formatMoney(sale.price)} to ${sellerName} for "${sale.title}".`,
      `Open it any time from Purchased Posts or here: ${sale.pageUrl}`,
      `Purchase ${sale.purchaseId} (${sale.provider} payment ${sale.providerPaymentId})`,
    ].join('\n\n'),
  };
}

/** Where refunded money goes: PayPal captures back to the PayPal account, card payments to the card. */
const refundedTo = (provider: string) => (provider === ORDER_PROVIDER_NAME ? 'your PayPal account' : 'your card');

export function refundMail(
  refund: { title: string; amount: Money; purchaseId: string; provider: string; providerRefundId: string },
  to: 'buyer' | 'seller',
): CommerceMail {
  const what =
    to === 'buyer'
      ? `Your purchase of "${refund.title}" was refunded: ${formatMoney(refund.amount)} goes back to ${refundedTo(refund.provider)}.`
      : `A purchase of your post "${refund.title}" was refunded (${formatMoney(refund.amount)}); it no longer counts in your sales.`;
  return {
    subject: `Refund for "${refund.title}"`,
    // Only the buyer has a statement to watch.
    text: [
      what,
      ...(to === 'buyer' ? ['Refunds usually show on the statement within 5–10 business days.'] : []),
      `Purchase ${refund.purchaseId} (refund ${refund.providerRefundId})`,
    ].join('\n\n'),
  };
}

/** The buyer paid twice for a post they own (two checkouts both paid): the second payment went back by itself. */
export function duplicatePaymentRefundMail(refund: {
  title: string;
  amount: Money;
  provider: string;
  providerRefundId: string;
}): CommerceMail {
  const where = refundedTo(refund.provider);
  return {
    subject: `We refunded your second payment for "${refund.title}"`,
    text: [
      `You paid for "${refund.title}" twice (two checkouts both went through). You already own it, so the second payment of ${formatMoney(refund.amount)} was refunded to ${where} automatically. There is nothing you need to do.`,
      'Refunds usually show on the statement within 5–10 business days.',
      `Refund ${refund.providerRefundId}`,
    ].join('\n\n'),
  };
}

/** The buyer paid for a post that was removed while they were paying: the payment went back by itself. */
export function removedPostRefundMail(refund: { title: string; amount: Money; provider: string; providerRefundId: string }): CommerceMail {
  const post = refund.title === '' ? 'the post you were buying' : `"${refund.title}"`;
  return {
    subject: `We refunded your payment for ${post}`,
    text: [
      `${post.charAt(0).toUpperCase()}${post.slice(1)} was removed from Tessera while you were paying for it, so there is nothing to download. Your payment of ${formatMoney(refund.amount)} was refunded to ${refundedTo(refund.provider)} automatically. There is nothing you need to do.`,
      'Refunds usually show on the statement within 5–10 business days.',
      `Refund ${refund.providerRefundId}`,
    ].join('\n\n'),
  };
}

/** The buyer paid a checkout after its quoted price stopped holding, and the price had changed: the payment went back by itself. */
export function expiredQuoteRefundMail(refund: {
  title: string;
  amount: Money;
  currentPrice: Money;
  provider: string;
  providerRefundId: string;
}): CommerceMail {
  return {
    subject: `We refunded your payment for "${refund.title}"`,
    text: [
      `You paid ${formatMoney(refund.amount)} for "${refund.title}" more than ${CHECKOUT_PRICE_HOLD_MS / 60_000} minutes after opening the checkout, and its price has changed since (it is now ${formatMoney(refund.currentPrice)}). A checkout's price holds only that long, so your payment was refunded to ${refundedTo(refund.provider)} automatically. To buy it, open the post and check out again.`,
      'Refunds usually show on the statement within 5–10 business days.',
      `Refund ${refund.providerRefundId}`,
    ].join('\n\n'),
  };
}
