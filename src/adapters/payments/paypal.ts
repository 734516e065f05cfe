import { isCurrency, minorUnitDigits, toMajorUnits, toMinorUnits, type Money } from '../../domain/commerce/money.js';
import type { CaptureResult, CreateOrderRequest, OrderPaymentProvider } from './orders-port.js';
import { PaymentProviderUnavailableError, PaymentRefusedError } from './port.js';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a local server in tests. */
  apiUrl: string;
}

/** A call that waits longer than this counts as an outage (503): the buyer can try again. */
const PAYPAL_TIMEOUT_MS = 15_000;
/** PayPal's answers that no retry changes (invalid request, no such capture, unprocessable such as CAPTURE_FULLY_REFUNDED). */
const PERMANENT_REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 404, 422]);
/** The token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

interface PayPalError {
  name?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
}

interface PayPalOrder {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: { payments?: { captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[] } }[];
}

const issueOf = (body: unknown) => (body as PayPalError | null)?.details?.[0]?.issue ?? null;

/**
 * PayPal Orders v2 over plain fetch: an OAuth client-credentials token, POST /v2/checkout/orders
 * (intent CAPTURE, the buyer approves at the order's approve link), POST …/{id}/capture, and
 * Payments v2 refunds (POST /v2/payments/captures/{capture_id}/refund).
 * A second capture of a captured order answers ORDER_ALREADY_CAPTURED: the order is read back
 * (GET /v2/checkout/orders/{id}) so concurrent captures all see the one capture.
 */
export function createPayPalOrderProvider(settings: PayPalSettings): OrderPaymentProvider {
  const api = settings.apiUrl.replace(/\/+$/u, '');
  let token: { value: string; renewAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.renewAt > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const answer = await send(api, 'POST', '/v1/oauth2/token', {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const granted = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !granted?.access_token)
      throw new PaymentProviderUnavailableError(`PayPal refused the client credentials (${answer.status})`);
    token = { value: granted.access_token, renewAt: Date.now() + (granted.expires_in ?? 0) * 1000 - TOKEN_RENEWAL_MARGIN_MS };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown, requestId?: string): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const answer = await send(api, method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // An expired or revoked token: once more with a fresh one.
    if (answer.status !== 401) return answer;
    token = null;
    headers.authorization = `Bearer ${await accessToken()}`;
    return send(api, method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  return {
    kind: 'paypal',
    description: `paypal (${new URL(api).host})`,
    async createOrder(request) {
      // One order per checkout, however often the call is retried.
      const answer = await call('POST', '/v2/checkout/orders', orderBody(request), `order-${request.checkoutId}`);
      const order = answer.body as PayPalOrder | null;
      const approve = order?.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (answer.status >= 300 || !order?.id || !approve)
        throw new PaymentProviderUnavailableError(`PayPal did not create the order (${answer.status} ${issueOf(answer.body) ?? ''})`);
      return { orderId: order.id, approveUrl: approve.href };
    },
    async captureOrder(orderId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const answer = await call('POST', `${path}/capture`, {});
      if (answer.status === 200 || answer.status === 201) {
        const captured = completedCapture(answer.body as PayPalOrder);
        if (captured) return captured;
        throw new PaymentProviderUnavailableError(`PayPal answered the capture of ${orderId} without a completed capture`);
      }
      const issue = issueOf(answer.body);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await call('GET', path);
        const captured = order.status === 200 ? completedCapture(order.body as PayPalOrder) : null;
        if (captured) return captured;
      }
      if (answer.status === 422 && issue) return { status: 'declined', issue, debugId: (answer.body as PayPalError).debug_id ?? null };
      throw new PaymentProviderUnavailableError(`PayPal capture of ${orderId} answered ${answer.status} ${issue ?? ''}`);
    },
    async refundCapture(captureId) {
      // No amount: the whole capture. The request id makes a retry (or a second refund of the same capture) answer the same refund.
      const answer = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, `refund-${captureId}`);
      const refund = answer.body as { id?: string; status?: string } | null;
      if ((answer.status === 200 || answer.status === 201) && refund?.id && refund.status !== 'FAILED' && refund.status !== 'CANCELLED')
        return { refundId: refund.id };
      const message = `PayPal refund of capture ${captureId} answered ${answer.status} ${issueOf(answer.body) ?? refund?.status ?? ''}`;
      // 5xx and 429 were thrown as outages by send(); a 400/404/422 (CAPTURE_FULLY_REFUNDED, …) or a failed refund stays refused.
      if (PERMANENT_REFUSAL_STATUSES.has(answer.status) || refund?.status === 'FAILED' || refund?.status === 'CANCELLED')
        throw new PaymentRefusedError(message);
      throw new PaymentProviderUnavailableError(message);
    },
  };
}

/** One request to PayPal: a network failure, a timeout, a 5xx or a 429 throws as an outage. */
async function send(
  api: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${api}${path}`, {
      method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PaymentProviderUnavailableError(`PayPal ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status decides.
  }
  if (response.status >= 500 || response.status === 429)
    throw new PaymentProviderUnavailableError(`PayPal ${method} ${path} answered ${response.status}`);
  return { status: response.status, body };
}

function completedCapture(order: PayPalOrder): CaptureResult | null {
  const capture = order.purchase_units?.[0]?.payments?.captures?.find((entry) => entry.status === 'COMPLETED');
  if (!capture) return null;
  const currency = capture.amount.currency_code;
  if (!isCurrency(currency)) throw new PaymentProviderUnavailableError(`PayPal captured an unknown currency ${currency}`);
  return { status: 'completed', captureId: capture.id, amount: toMinorUnits(Number(capture.amount.value), currency) };
}

const valueOf = (price: Money) => toMajorUnits(price).toFixed(minorUnitDigits(price.currency));

/** An order with intent CAPTURE for the checkout, which the buyer pays at once on approving it. */
function orderBody(request: CreateOrderRequest): unknown {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: request.checkoutId,
        custom_id: request.checkoutId,
        description: request.title.slice(0, 127),
        amount: { currency_code: request.price.currency, value: valueOf(request.price) },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
        },
      },
    },
  };
}
