import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { formatMoney } from '../../domain/commerce/money.js';
import { PaymentProviderUnavailableError } from './port.js';
import { SANDBOX_BASE_PATH, type SandboxPaymentProvider } from './sandbox.js';
import { escapeHtml } from '../../domain/shared/html.js';

/*
 * The sandbox provider's hosted pages, as Stripe hosts its own: seller onboarding and a card
 * checkout. Plain HTML forms (no script), styled by one stylesheet, so they work under our CSP.
 */

const STYLESHEET = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f7fb;color:#1a1f36}
.sandbox-bar{background:#ffe8a3;color:#5c4400;font-size:14px;text-align:center;padding:6px 12px}
main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(26,31,54,.12);padding:24px}
h1{font-size:22px;margin:0 0 4px}.muted{color:#5b6275;font-size:14px;margin:0 0 16px}
.amount{font-size:30px;font-weight:700;margin:8px 0 20px}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #c9cfdb;border-radius:8px;background:#fff}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
button{width:100%;margin-top:20px;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#e9ebf2;color:#1a1f36;margin-top:10px}
.error{background:#fdecec;color:#a11;border-radius:8px;padding:10px 12px;margin:12px 0 0}
.hint{font-size:13px;color:#5b6275;margin-top:16px}
a{color:#635bff}.back{display:inline-block;margin-top:16px;font-size:14px}
`;

/** The icon link keeps the browser from asking for /favicon.ico, which Tessera does not serve (a 404 in the console). */
export function sandboxPage(
  title: string,
  body: string,
  banner = 'Sandbox payments: no real money moves. Test card 4242 4242 4242 4242.',
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_BASE_PATH}/pay.css"></head><body><div class="sandbox-bar">${escapeHtml(banner)}</div><main>${body}</main></body></html>`;
}

/** Only addresses on this site (a path, or this origin): the pages never send anyone elsewhere. */
function sameSite(target: string, origin: string): boolean {
  if (target.startsWith('/') && !target.startsWith('//')) return true;
  try {
    return new URL(target).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

function checkoutPage(
  sessionId: string,
  session: NonNullable<ReturnType<SandboxPaymentProvider['openSession']>>,
  error: string | null,
  values: { cardNumber?: string; expiry?: string; cvc?: string } = {},
): string {
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  return sandboxPage(
    'Checkout',
    `<div class="card"><h1>Pay Tessera seller</h1><p class="muted">${escapeHtml(session.title)}</p><div class="amount">${escapeHtml(formatMoney(session.price))}</div>
<form method="post" action="${SANDBOX_BASE_PATH}/checkout?session=${encodeURIComponent(sessionId)}">
<label for="card-number">Card number</label><input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${value(values.cardNumber)}>
<div class="row"><div><label for="card-expiry">Expiry</label><input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required${value(values.expiry)}></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required${value(values.cvc)}></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay ${escapeHtml(formatMoney(session.price))}</button></form>
<p class="hint">4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and any CVC.</p>
<a class="back" href="${escapeHtml(session.cancelUrl)}">← Back to Tessera</a></div>`,
  );
}

function onboardingPage(accountId: string, returnUrl: string, sig: string): string {
  const hidden = `<input type="hidden" name="return" value="${escapeHtml(returnUrl)}"><input type="hidden" name="sig" value="${escapeHtml(sig)}">`;
  return sandboxPage(
    'Set up payouts',
    `<div class="card"><h1>Set up payouts</h1><p class="muted">Tessera partners with a payment provider to pay you. Account ${escapeHtml(accountId)}</p>
<form method="post" action="${SANDBOX_BASE_PATH}/onboarding/${encodeURIComponent(accountId)}">${hidden}
<label for="legal-name">Legal name</label><input id="legal-name" name="legalName" value="Sandbox Seller" required>
<label for="country">Country</label><select id="country" name="country"><option>United States</option><option>United Kingdom</option><option>Germany</option><option>France</option><option>Canada</option></select>
<label for="bank">Bank account (test)</label><input id="bank" name="bank" value="000123456789" required>
<button type="submit" name="outcome" value="complete">Submit and finish</button>
<button type="submit" name="outcome" value="half_done" class="secondary">Save and finish later</button></form>
<p class="hint">“Save and finish later” leaves the account restricted, as a real provider does while it still needs details.</p>
<a class="back" href="${escapeHtml(returnUrl)}">← Back to Tessera without saving</a></div>`,
  );
}

/**
 * Registers the sandbox's pages at /sandbox-pay (outside /api: they stand for the provider's site).
 * `originOf` is the site's origin for a request, as the checkout and onboarding links were made with.
 */
/**
 * The sandbox stands in for the provider's hosted pages (Stripe's are on Stripe's own site): they are
 * not Tessera's API, so the API description leaves them out.
 */
export const PROVIDER_PAGE = { schema: { hide: true } } as const;

export function sandboxPages(provider: SandboxPaymentProvider, originOf: (request: { host: string }) => string): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.get(`${SANDBOX_BASE_PATH}/pay.css`, PROVIDER_PAGE, async (_request, reply) =>
      reply.type('text/css').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
    );
    registerOnboardingPages(app, provider, originOf);
    registerCheckoutPages(app, provider);
  };
}

/** A form field as text, at most 2 000 characters; empty when absent. */
function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value.slice(0, 2000) : '';
}

function registerOnboardingPages(
  app: FastifyInstance,
  provider: SandboxPaymentProvider,
  originOf: (request: { host: string }) => string,
): void {
  app.get<{ Params: { accountId: string }; Querystring: { return?: string; sig?: string } }>(
    `${SANDBOX_BASE_PATH}/onboarding/:accountId`,
    PROVIDER_PAGE,
    async (request, reply) => {
      const { accountId } = request.params;
      const returnUrl = request.query.return ?? '';
      const sig = request.query.sig ?? '';
      if (!provider.verifyOnboarding(accountId, returnUrl, sig) || !sameSite(returnUrl, originOf(request)))
        return reply
          .status(404)
          .type('text/html')
          .send(
            sandboxPage(
              'Link expired',
              '<div class="card"><h1>This onboarding link is not valid</h1><p>Start again from your account’s Payments tab.</p></div>',
            ),
          );
      return reply.type('text/html').send(onboardingPage(accountId, returnUrl, sig));
    },
  );

  app.post<{ Params: { accountId: string } }>(`${SANDBOX_BASE_PATH}/onboarding/:accountId`, PROVIDER_PAGE, async (request, reply) => {
    const returnUrl = field(request.body, 'return');
    if (
      !provider.verifyOnboarding(request.params.accountId, returnUrl, field(request.body, 'sig')) ||
      !sameSite(returnUrl, originOf(request))
    )
      return reply.status(400).type('text/html').send(sandboxPage('Not valid', '<div class="card"><h1>This form is not valid</h1></div>'));
    const outcome = field(request.body, 'outcome') === 'half_done' ? 'half_done' : 'complete';
    try {
      await provider.finishOnboarding(request.params.accountId, outcome);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      return reply
        .status(503)
        .type('text/html')
        .send(
          sandboxPage(
            'Try again',
            `<div class="card"><h1>Something went wrong</h1><p>Your details were not saved. Please try again.</p><a class="back" href="${escapeHtml(returnUrl)}">← Back to Tessera</a></div>`,
          ),
        );
    }
    return reply.redirect(returnUrl, 303);
  });
}

function registerCheckoutPages(app: FastifyInstance, provider: SandboxPaymentProvider): void {
  // The session id rides in the query: it carries the whole signed session, longer than a path parameter may be.
  app.get<{ Querystring: { session?: string } }>(`${SANDBOX_BASE_PATH}/checkout`, PROVIDER_PAGE, async (request, reply) => {
    const sessionId = request.query.session ?? '';
    const session = provider.openSession(sessionId);
    if (!session || session.expiresAt <= new Date().toISOString())
      return reply
        .status(404)
        .type('text/html')
        .send(
          sandboxPage(
            'Checkout expired',
            '<div class="card"><h1>This checkout has expired</h1><p>Go back to the post and press Buy again.</p></div>',
          ),
        );
    return reply.type('text/html').send(checkoutPage(sessionId, session, null));
  });

  app.post<{ Querystring: { session?: string } }>(`${SANDBOX_BASE_PATH}/checkout`, PROVIDER_PAGE, async (request, reply) => {
    const sessionId = request.query.session ?? '';
    const session = provider.openSession(sessionId);
    if (!session || session.expiresAt <= new Date().toISOString())
      return reply
        .status(404)
        .type('text/html')
        .send(sandboxPage('Checkout expired', '<div class="card"><h1>This checkout has expired</h1></div>'));
    const values = {
      cardNumber: field(request.body, 'cardNumber'),
      expiry: field(request.body, 'expiry'),
      cvc: field(request.body, 'cvc'),
    };
    if (!/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/u.test(values.expiry))
      return reply
        .status(400)
        .type('text/html')
        .send(checkoutPage(sessionId, session, 'Your card’s expiry date is incomplete (MM / YY).', values));
    if (!/^\d{3,4}$/u.test(values.cvc.trim()))
      return reply
        .status(400)
        .type('text/html')
        .send(checkoutPage(sessionId, session, 'Your card’s security code is incomplete.', values));
    let outcome: Awaited<ReturnType<SandboxPaymentProvider['pay']>>;
    try {
      outcome = await provider.pay(sessionId, values.cardNumber);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      return reply
        .status(503)
        .type('text/html')
        .send(checkoutPage(sessionId, session, 'Something went wrong and you were not charged. Please try again.', values));
    }
    if (outcome === 'declined')
      return reply
        .status(402)
        .type('text/html')
        .send(checkoutPage(sessionId, session, 'Your card was declined. Try another card.', { expiry: values.expiry, cvc: values.cvc }));
    if (outcome === 'invalid_card')
      return reply
        .status(400)
        .type('text/html')
        .send(checkoutPage(sessionId, session, 'Your card number is invalid.', values));
    return reply.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)), 303);
  });
}
