import type { Money } from '../../domain/commerce/money.js';

export interface CreateOrderRequest {
  checkoutId: string;
  templateId: string;
  buyerId: string;
  title: string;
  price: Money;
  /** Where the buyer comes back after approving, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
}

export type CaptureResult =
  | { status: 'completed'; captureId: string; amount: Money }
  /** The provider refused the capture with an issue the buyer can fix by approving again (INSTRUMENT_DECLINED). */
  | { status: 'declined'; issue: string; debugId: string | null };

/**
 * PayPal-style orders (PayPal Orders v2, or the local sandbox that behaves like it): the server
 * creates an order, the buyer approves it on the provider's page, the server captures it.
 * Outages throw PaymentProviderUnavailableError (the API answers 503 and writes nothing).
 */
export interface OrderPaymentProvider {
  /** 'sandbox' when the orders are Tessera's own: its approval page is served at /sandbox-pay/paypal. */
  readonly kind: 'paypal' | 'sandbox';
  /** For logs and /api/health. */
  readonly description: string;
  createOrder(request: CreateOrderRequest): Promise<{ orderId: string; approveUrl: string }>;
  /** Captures an approved order; capturing it again answers the same capture. */
  captureOrder(orderId: string): Promise<CaptureResult>;
  /** Gives a whole capture back to the buyer; asking again for the same capture answers the same refund. */
  refundCapture(captureId: string): Promise<{ refundId: string }>;
}
