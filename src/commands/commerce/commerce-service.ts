import type { OrderPaymentProvider } from '../../adapters/payments/orders-port.js';
import type { PaymentProvider } from '../../adapters/payments/port.js';
import type { Offer, ReturnedPayment } from '../../domain/commerce/purchase.js';
import type { CommandContext } from '../bus/handle-command.js';
import { startCardCheckout, createOrder } from './checkout.js';
import type { CommerceServiceDeps, Member } from './deps.js';
import { offerFor } from './offers.js';
import { captureOrder, confirmReturn, type OrderCaptureOutcome } from './payment-completion.js';
import { connectPayoutAccount, disconnectPayoutAccount } from './payout-accounts.js';
import { applyNotice } from './provider-notices.js';
import { refundPurchase, returnPayment } from './refunds.js';

export type { CommerceServiceDeps, Member } from './deps.js';
export type { OrderCaptureOutcome } from './payment-completion.js';

/** The money path: payout accounts, checkout, the provider's webhooks, the /success return and refunds (one module per use case beside this one). */
export class CommerceService {
  constructor(private readonly deps: CommerceServiceDeps) {}

  /** The platform fee on new sales, in percent: what the pages quote (a past sale keeps the fee recorded with it). */
  get platformFeePercent(): number {
    return this.deps.platformFeePercent;
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  get orderProvider(): OrderPaymentProvider {
    return this.deps.orders;
  }

  connect(seller: Member, email: string | null, origin: string): Promise<{ accountLinkUrl: string }> {
    return connectPayoutAccount(this.deps, seller, email, origin);
  }

  disconnect(seller: Member, reason: 'disconnect' | 'reset'): Promise<void> {
    return disconnectPayoutAccount(this.deps, seller, reason);
  }

  offerFor(templateId: string): Promise<Offer> {
    return offerFor(this.deps, templateId);
  }

  startCheckout(buyer: Member, templateId: string, origin: string): Promise<{ sessionId: string; url: string }> {
    return startCardCheckout(this.deps, buyer, templateId, origin);
  }

  createOrder(buyer: Member, templateId: string, origin: string): Promise<{ orderId: string; approveUrl: string }> {
    return createOrder(this.deps, buyer, templateId, origin);
  }

  captureOrder(buyer: Member, orderId: string): Promise<OrderCaptureOutcome> {
    return captureOrder(this.deps, buyer, orderId);
  }

  confirmReturn(
    buyer: Member,
    templateId: string,
    sessionId: string,
  ): Promise<{ purchased: boolean; postRemoved: boolean; quoteExpired: boolean; titleUrl: string }> {
    return confirmReturn(this.deps, buyer, templateId, sessionId);
  }

  /** A provider's webhook as it arrived: its signature checked on the raw body (WebhookSignatureError), then applied once. */
  receiveWebhook(rawBody: string, signature: string | undefined): Promise<void> {
    return applyNotice(this.deps, this.deps.provider.parseWebhook(rawBody, signature));
  }

  refund(admin: Member, templateId: string, buyerId: string): Promise<{ position: bigint | null }> {
    return refundPurchase(this.deps, admin, templateId, buyerId);
  }

  returnPayment(payment: ReturnedPayment, context: CommandContext): Promise<{ refunded: boolean; refundId: string | null }> {
    return returnPayment(this.deps, payment, context);
  }
}
