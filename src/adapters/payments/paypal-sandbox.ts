import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { formatMoney } from '../../domain/commerce/money.js';
import { INSTRUMENT_DECLINED } from '../../domain/commerce/purchase.js';
import type { CreateOrderRequest, OrderPaymentProvider } from './orders-port.js';
import { PaymentRefusedError } from './port.js';
import { escapeHtml } from '../../domain/shared/html.js';
import { PROVIDER_PAGE, sandboxPage } from './sandbox-pages.js';
import { SANDBOX_BASE_PATH } from './sandbox.js';

/** Where the sandbox's PayPal-style approval page lives. */
export const SANDBOX_PAYPAL_PATH = `${SANDBOX_BASE_PATH}/paypal`;

const SANDBOX_CAPTURE_PREFIX = 'CAPTURE-SANDBOX-';

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

export interface SandboxOrderProvider extends OrderPaymentProvider {
  readonly kind: 'sandbox';
  orderOf(orderId: string): Promise<CreateOrderRequest | null>;
  /** The buyer approved on the sandbox page, with a funding source that pays or one that is declined at capture. */
  approve(orderId: string, funding: 'pays' | 'declined'): Promise<void>;
}

export function isSandboxOrderProvider(provider: OrderPaymentProvider): provider is SandboxOrderProvider {
  return provider.kind === 'sandbox';
}

/**
 * The default PayPal-style provider: orders kept in the database (sandbox_orders, so an order
 * offered again after a restart still opens and captures), approved on a page Tessera serves,
 * captured as PayPal does: not approved → ORDER_NOT_APPROVED, a declined funding source →
 * INSTRUMENT_DECLINED (and the buyer must approve again), a repeated capture → the same capture.
 */
export function createSandboxOrderProvider(db: Kysely<Schema>): SandboxOrderProvider {
  const rowOf = (orderId: string) => db.selectFrom('sandbox_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  const requestOf = (row: { request: string }) => JSON.parse(row.request) as CreateOrderRequest;

  return {
    kind: 'sandbox',
    description: `local sandbox (PayPal-style approval page at ${SANDBOX_PAYPAL_PATH})`,
    async createOrder(request) {
      const orderId = newId('SANDBOX-');
      await db
        .insertInto('sandbox_orders')
        .values({ order_id: orderId, request: JSON.stringify(request), approval: 'none', capture_id: null, refund_id: null })
        .execute();
      return { orderId, approveUrl: `${SANDBOX_PAYPAL_PATH}/${orderId}` };
    },
    async captureOrder(orderId) {
      const order = await rowOf(orderId);
      if (!order) throw new PaymentRefusedError(`The sandbox knows no order ${orderId}`);
      const price = requestOf(order).price;
      if (order.capture_id) return { status: 'completed', captureId: order.capture_id, amount: price };
      if (order.approval === 'none') return { status: 'declined', issue: 'ORDER_NOT_APPROVED', debugId: null };
      if (order.approval === 'approved_declined') {
        await db
          .updateTable('sandbox_orders')
          .set({ approval: 'none' })
          .where('order_id', '=', orderId)
          .where('capture_id', 'is', null)
          .execute();
        return { status: 'declined', issue: INSTRUMENT_DECLINED, debugId: null };
      }
      // Concurrent captures: the first update wins, every caller answers its capture.
      await db
        .updateTable('sandbox_orders')
        .set({ capture_id: newId(SANDBOX_CAPTURE_PREFIX) })
        .where('order_id', '=', orderId)
        .where('capture_id', 'is', null)
        .execute();
      const captured = await rowOf(orderId);
      return { status: 'completed', captureId: captured!.capture_id!, amount: price };
    },
    async refundCapture(captureId) {
      await db
        .updateTable('sandbox_orders')
        .set({ refund_id: newId('REFUND-SANDBOX-') })
        .where('capture_id', '=', captureId)
        .where('refund_id', 'is', null)
        .execute();
      const order = await db.selectFrom('sandbox_orders').select('refund_id').where('capture_id', '=', captureId).executeTakeFirst();
      if (!order) throw new PaymentRefusedError(`The sandbox knows no capture ${captureId}`);
      return { refundId: order.refund_id! };
    },
    async orderOf(orderId) {
      const order = await rowOf(orderId);
      return order ? requestOf(order) : null;
    },
    async approve(orderId, funding) {
      await db
        .updateTable('sandbox_orders')
        .set({ approval: funding === 'pays' ? 'approved' : 'approved_declined' })
        .where('order_id', '=', orderId)
        .where('capture_id', 'is', null)
        .execute();
    },
  };
}

/** The approval page (plain HTML forms, no script): approve, approve with a card that is declined at capture, or cancel. */
export function sandboxOrderPages(provider: SandboxOrderProvider): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const notFound = sandboxPage(
      'Order not found',
      '<div class="card"><h1>This order does not exist or has expired</h1><p>Go back to the post and choose Pay with PayPal again.</p></div>',
    );

    app.get<{ Params: { orderId: string } }>(`${SANDBOX_PAYPAL_PATH}/:orderId`, PROVIDER_PAGE, async (request, reply) => {
      const order = await provider.orderOf(request.params.orderId);
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

    app.post<{ Params: { orderId: string } }>(`${SANDBOX_PAYPAL_PATH}/:orderId`, PROVIDER_PAGE, async (request, reply) => {
      const { orderId } = request.params;
      const order = await provider.orderOf(orderId);
      if (!order) return reply.status(404).type('text/html').send(notFound);
      const funding = (request.body as Record<string, unknown> | null)?.funding === 'declined' ? 'declined' : 'pays';
      await provider.approve(orderId, funding);
      // PayPal appends the order id as `token` to the return URL.
      const back = new URL(order.returnUrl);
      back.searchParams.set('token', orderId);
      return reply.redirect(back.toString(), 303);
    });
  };
}
