import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../tests/fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../../../tests/fixtures/members.js';
import { purchaseStream } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLOW_TIMEOUT_MS = 120_000;

describe('the sandbox PayPal-style approval page', () => {
  let harness: ApiHarness;
  let admin: Member;
  let buyer: Member;
  let seller: Member;
  let post: { id: string; titleUrl: string };

  const form = (url: string, fields: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 2, seed: 41 });
    admin = await makeMember(harness, { prefix: 'sbadmin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'sbseller' });
    buyer = await makeMember(harness, { prefix: 'sbbuyer' });
    await onboardSandboxSeller(harness, seller);
    const created = await harness.call<Json>('POST', '/api/resources', {
      token: seller.token,
      body: {
        type: 'productivity',
        platform: 'notion',
        title: 'Sandbox PayPal tracker',
        description: 'Bought in the sandbox.',
        url: 'https://example.com/sandbox-pp',
        instructions: 'Duplicate it.',
        tags: [],
        images: [],
        price: 8.5,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    post = { id: created.body.resource._id, titleUrl: created.body.resource.titleUrl };
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: post.id, status: 'live' } }))
        .status,
    ).toBe(200);
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
  });

  it(
    'approves with a declined card (INSTRUMENT_DECLINED: back to the same page), then with one that pays',
    async () => {
      const order = await harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart: [{ id: post.id, quantity: 1 }] } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body.approveUrl).toBe(`/sandbox-pay/paypal/${order.body.id}`);
      const page = await harness.app.inject({ method: 'GET', url: order.body.approveUrl });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('8.50 USD');
      expect(page.body).toContain('Approve payment');
      expect((await harness.app.inject({ method: 'GET', url: '/sandbox-pay/paypal/SANDBOX-NOPE' })).statusCode).toBe(404);

      const declined = await form(order.body.approveUrl, { funding: 'declined' });
      expect(declined.statusCode).toBe(303);
      const back = new URL(declined.headers.location as string);
      expect(back.pathname).toBe(`/resources/${post.titleUrl}`);
      expect(Object.fromEntries(back.searchParams)).toEqual({ paypal: '1', token: order.body.id });
      const refused = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} });
      expect(refused.body).toMatchObject({
        purchased: false,
        details: [{ issue: 'INSTRUMENT_DECLINED' }],
        restartUrl: order.body.approveUrl,
      });

      expect((await form(order.body.approveUrl, { funding: 'pays' })).statusCode).toBe(303);
      const paid = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} });
      expect(paid.body).toMatchObject({ status: 'COMPLETED', purchased: true, redirectUrl: `/resources/${post.titleUrl}?success=true` });
      expect((await harness.infrastructure.store.readStream(purchaseStream(post.id, buyer.userId))).map((event) => event.type)).toEqual([
        'CheckoutStarted',
        'PaymentSucceeded',
        'PurchaseRecorded',
      ]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refunds a sandbox PayPal purchase (admin), and refuses a second refund in words',
    async () => {
      const refund = () =>
        harness.call<Json>('POST', '/api/refund', { token: admin.token, body: { data: { _id: post.id }, buyerId: buyer.userId } });
      const refunded = await refund();
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      const events = await harness.infrastructure.store.readStream(purchaseStream(post.id, buyer.userId));
      expect(events.at(-1)).toMatchObject({
        type: 'PurchaseRefunded',
        data: { provider: 'paypal', providerRefundId: expect.stringMatching(/^REFUND-SANDBOX-/u) },
      });
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(403);
      expect(await refund()).toMatchObject({ status: 409, body: { message: COMMERCE_MESSAGES.alreadyRefunded } });
      // The buyer paid with PayPal: the money goes back to the PayPal account, not a card.
      const told = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).find((mail) =>
          mail.subject.startsWith('Refund for'),
        );
      await expect.poll(async () => (await told())?.text, { timeout: 30_000 }).toContain('8.50 USD goes back to your PayPal account.');
      const sellerTold = (await harness.infrastructure.outbox!.list({ to: `${seller.username}@members.example`, limit: 20 })).find((mail) =>
        mail.subject.startsWith('Refund for'),
      );
      expect(sellerTold?.text).toContain('it no longer counts in your sales');
      expect(sellerTold?.text).not.toContain('statement');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refunds a card payment made after a PayPal capture by itself (the card payment goes back) and tells the buyer',
    async () => {
      const twice = await makeMember(harness, { prefix: 'sbtwice' });
      const stream = purchaseStream(post.id, twice.userId);
      const order = await harness.call<Json>('POST', '/api/orders', { token: twice.token, body: { cart: [{ id: post.id }] } });
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: twice.token,
        body: { data: { _id: post.id } },
      });
      expect([order.status, session.status]).toEqual([200, 200]);
      expect((await form(order.body.approveUrl, { funding: 'pays' })).statusCode).toBe(303);
      expect((await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: twice.token, body: {} })).body.status).toBe(
        'COMPLETED',
      );
      // A card page left open cannot be stopped from taking the card: that payment is refunded.
      expect((await form(session.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).statusCode).toBe(303);
      await expect
        .poll(async () => (await harness.infrastructure.store.readStream(stream)).map((event) => event.type), { timeout: 30_000 })
        .toContain('DuplicatePaymentRefunded');
      const events = await harness.infrastructure.store.readStream(stream);
      expect(events.filter((event) => event.type === 'PurchaseRecorded')).toHaveLength(1);
      expect(events.find((event) => event.type === 'DuplicatePaymentRefunded')!.data).toMatchObject({
        provider: 'sandbox',
        providerRefundId: expect.stringMatching(/^re_sandbox_/u),
      });
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: twice.token })).status).toBe(200);
      const told = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${twice.username}@members.example`, limit: 20 })).filter((mail) =>
          mail.subject.startsWith('We refunded your second payment'),
        );
      await expect.poll(async () => (await told()).length, { timeout: 30_000 }).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'does not capture a PayPal order the buyer approved after buying the post by card: no second payment to refund',
    async () => {
      const twice = await makeMember(harness, { prefix: 'sbowned' });
      const stream = purchaseStream(post.id, twice.userId);
      const order = await harness.call<Json>('POST', '/api/orders', { token: twice.token, body: { cart: [{ id: post.id }] } });
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: twice.token,
        body: { data: { _id: post.id } },
      });
      expect((await form(session.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).statusCode).toBe(303);
      expect((await form(order.body.approveUrl, { funding: 'pays' })).statusCode).toBe(303);

      const capture = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: twice.token, body: {} });
      // Back on the post, which the buyer owns: no result modal, as nothing was paid this time.
      expect(capture).toMatchObject({ status: 200, body: { purchased: true, redirectUrl: `/resources/${post.titleUrl}` } });
      expect(capture.body.purchase_units).toBeUndefined();
      const sandboxOrder = await harness.infrastructure.database.db
        .selectFrom('sandbox_orders')
        .select('capture_id')
        .where('order_id', '=', order.body.id)
        .executeTakeFirstOrThrow();
      expect(sandboxOrder.capture_id).toBeNull();
      expect((await harness.infrastructure.store.readStream(stream)).map((event) => event.type)).toEqual([
        'CheckoutStarted',
        'CheckoutStarted',
        'PaymentSucceeded',
        'PurchaseRecorded',
      ]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps an open PayPal order and an open card checkout through a restart: both still open and pay',
    async () => {
      const payer = await makeMember(harness, { prefix: 'sbrestartpp' });
      const carder = await makeMember(harness, { prefix: 'sbrestartcard' });
      const order = await harness.call<Json>('POST', '/api/orders', { token: payer.token, body: { cart: [{ id: post.id }] } });
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: carder.token,
        body: { data: { _id: post.id } },
      });
      expect([order.status, session.status]).toEqual([200, 200]);

      await harness.restart();

      // Pay with PayPal offers the same open order again; its approval page and capture still know it.
      const again = await harness.call<Json>('POST', '/api/orders', { token: payer.token, body: { cart: [{ id: post.id }] } });
      expect(again.body.id).toBe(order.body.id);
      expect((await harness.app.inject({ method: 'GET', url: again.body.approveUrl })).statusCode).toBe(200);
      expect((await form(again.body.approveUrl, { funding: 'pays' })).statusCode).toBe(303);
      const captured = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: payer.token, body: {} });
      expect(captured.body).toMatchObject({ status: 'COMPLETED', purchased: true });
      // The card checkout page left open before the restart still opens and takes the test card.
      expect((await harness.app.inject({ method: 'GET', url: session.body.url })).statusCode).toBe(200);
      expect((await form(session.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).statusCode).toBe(303);
      for (const buyer of [payer, carder]) {
        await expect
          .poll(async () => (await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status, {
            timeout: 30_000,
          })
          .toBe(200);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
