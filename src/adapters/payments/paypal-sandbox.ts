import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { formatMoney } from '../../domain/commerce/money.js';
import { INSTRUMENT_DECLINED } from '../../domain/commerce/purchase.js';
import type { CreateOrderRequest, OrderPaymentProvider } from './orders-port.js';
import { PaymentProviderUnavailableError } from './port.js';
import { escapeHtml, sandboxPage } from './sandbox-pages.js';
import { SANDBOX_BASE_PATH } from './sandbox.js';

/** Where the sandbox's PayPal-style approval page lives. */
export const SANDBOX_PAYPAL_PATH = `${SANDBOX_BASE_PATH}/paypal`;

const SANDBOX_CAPTURE_PREFIX = 'CAPTURE-SANDBOX-';

type Approval = 'none' | 'approved' | 'approved_declined';
interface SandboxOrder {
  request: CreateOrderRequest;
  approval: Approval;
  captureId: string | null;
}

export interface SandboxOrderProvider extends OrderPaymentProvider {
  readonly kind: 'sandbox';
  orderOf(orderId: string): CreateOrderRequest | null;
  /** The buyer approved on the sandbox page, with a funding source that pays or one that is declined at capture. */
  approve(orderId: string, funding: 'pays' | 'declined'): void;
}

export function isSandboxOrderProvider(provider: OrderPaymentProvider): provider is SandboxOrderProvider {
  return provider.kind === 'sandbox';
}

/**
 * The default PayPal-style provider: orders kept in memory (an order open across a restart is
 * simply created again by the next click), approved on a page Tessera serves, captured as PayPal
 * does: not approved → ORDER_NOT_APPROVED, a declined funding source → INSTRUMENT_DECLINED (and the
 * buyer must approve again), a repeated capture → the same capture.
 */
export function createSandboxOrderProvider(): SandboxOrderProvider {
  const orders = new Map<string, SandboxOrder>();
  const refunds = new Map<string, string>();
  return {
    kind: 'sandbox',
    description: `local sandbox (PayPal-style approval page at ${SANDBOX_PAYPAL_PATH})`,
    async createOrder(request) {
      const orderId = `SANDBOX-${randomBytes(8).toString('hex').toUpperCase()}`;
      orders.set(orderId, { request, approval: 'none', captureId: null });
      return { orderId, approveUrl: `${SANDBOX_PAYPAL_PATH}/${orderId}` };
    },
    async captureOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new PaymentProviderUnavailableError(`The sandbox knows no order ${orderId}`);
      if (order.captureId) return { status: 'completed', captureId: order.captureId, amount: order.request.price };
      if (order.approval === 'none') return { status: 'declined', issue: 'ORDER_NOT_APPROVED', debugId: null };
      if (order.approval === 'approved_declined') {
        order.approval = 'none';
        return { status: 'declined', issue: INSTRUMENT_DECLINED, debugId: null };
      }
      order.captureId = `${SANDBOX_CAPTURE_PREFIX}${randomBytes(8).toString('hex').toUpperCase()}`;
      return { status: 'completed', captureId: order.captureId, amount: order.request.price };
    },
    async refundCapture(captureId) {
      // Capture ids are the sandbox's own (kept in the purchase's events), so a refund needs no order in memory.
      if (!captureId.startsWith(SANDBOX_CAPTURE_PREFIX)) throw new PaymentProviderUnavailableError(`The sandbox knows no capture ${captureId}`);
      const refundId = refunds.get(captureId) ?? `REFUND-SANDBOX-${randomBytes(8).toString('hex').toUpperCase()}`;
      refunds.set(captureId, refundId);
      return { refundId };
    },
    orderOf(orderId) {
      return orders.get(orderId)?.request ?? null;
    },
    approve(orderId, funding) {
      const order = orders.get(orderId);
      if (order && !order.captureId) order.approval = funding === 'pays' ? 'approved' : 'approved_declined';
    },
  };
}

/** The approval page (plain HTML forms, no script): approve, approve with a card that is declined at capture, or cancel. */
export function sandboxOrderPages(provider: SandboxOrderProvider): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const notFound = sandboxPage('Order not found', '<div class="card"><h1>This order does not exist or has expired</h1><p>Go back to the post and choose Pay with PayPal again.</p></div>');

    app.get<{ Params: { orderId: string } }>(`${SANDBOX_PAYPAL_PATH}/:orderId`, async (request, reply) => {
      const order = provider.orderOf(request.params.orderId);
      if (!order) return reply.status(404).type('text/html').send(notFound);
      const action = `${SANDBOX_PAYPAL_PATH}/${encodeURIComponent(request.params.orderId)}`;
      return reply.type('text/html').send(
        sandboxPage(
          'PayPal sandbox',
          `<div class="card"><h1>Pay with PayPal (sandbox)</h1><p class="muted">${escapeHtml(order.title)}</p><div class="amount">${escapeHtml(formatMoney(order.price))}</div>
<form method="post" action="${action}"><button type="submit" name="funding" value="pays">Approve payment</button>
<button type="submit" name="funding" value="declined" class="secondary">Approve with a card that will be declined</button></form>
<p class="hint">The declined card answers INSTRUMENT_DECLINED at capture: you are sent back here to approve again.</p>
<a class="back" href="${escapeHtml(order.cancelUrl)}">← Cancel and return to Tessera</a></div>`,
          'Sandbox PayPal: no real money moves.',
        ),
      );
    });

    app.post<{ Params: { orderId: string } }>(`${SANDBOX_PAYPAL_PATH}/:orderId`, async (request, reply) => {
      const { orderId } = request.params;
      const order = provider.orderOf(orderId);
      if (!order) return reply.status(404).type('text/html').send(notFound);
      const funding = (request.body as Record<string, unknown> | null)?.funding === 'declined' ? 'declined' : 'pays';
      provider.approve(orderId, funding);
      // PayPal appends the order id as `token` to the return URL.
      const back = new URL(order.returnUrl);
      back.searchParams.set('token', orderId);
      return reply.redirect(back.toString(), 303);
    });
  };
}
