import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../../tests/fixtures/members.js';
import { startFakePayPal, type FakePayPal } from '../../../tests/fixtures/paypal-server.js';
import { purchaseStream } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLOW_TIMEOUT_MS = 120_000;

const postBody = {
  type: 'productivity',
  platform: 'notion',
  description: 'Sold through PayPal.',
  url: 'https://example.com/paypal-tracker',
  instructions: 'Duplicate it.',
  tags: [],
  images: [],
};

describe('PayPal orders against a local PayPal-speaking server', () => {
  let paypal: FakePayPal;
  let harness: ApiHarness;
  let admin: Member;
  let seller: Member;
  let post: { id: string; titleUrl: string };

  const eventsOf = async (stream: string) => (await harness.infrastructure.store.readStream(stream)).map((recorded) => recorded.type);
  const createOrder = (buyer: Member, cart: Json[]) =>
    harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart, amount: '0.01', currency: 'JPY' } });
  const capture = (buyer: Member, orderId: string) =>
    harness.call<Json>('POST', `/api/orders/${orderId}/capture`, { token: buyer.token, body: {} });
  const form = (url: string, fields: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Card-provider onboarding through the sandbox pages: PayPal orders need the seller able to take charges, as card checkout does. */
  async function onboard(member: Member) {
    const link = await harness.call<Json>('POST', '/api/stripe/account', { token: member.token, body: {} });
    const url = new URL(link.body.accountLinkUrl, 'http://localhost');
    expect(
      (await form(url.pathname, { return: url.searchParams.get('return')!, sig: url.searchParams.get('sig')!, outcome: 'complete' }))
        .statusCode,
    ).toBe(303);
    await harness.catchUp();
  }

  async function newPost(author: Member, title: string, price: number, live = true) {
    const answer = await harness.call<Json>('POST', '/api/resources', { token: author.token, body: { ...postBody, title, price } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = answer.body.resource._id as string;
    if (live)
      expect(
        (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: id, status: 'live' } })).status,
      ).toBe(200);
    return { id, titleUrl: answer.body.resource.titleUrl as string };
  }

  beforeAll(async () => {
    paypal = await startFakePayPal();
    harness = await startApiHarness(
      { users: 2, templates: 2, seed: 37 },
      { paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url } },
    );
    admin = await makeMember(harness, { prefix: 'ppadmin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'ppseller' });
    await onboard(seller);
    post = await newPost(seller, 'PayPal tracker', 19.99);
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
    await paypal?.close();
  });

  it(
    'creates an order at the server price, restarts on INSTRUMENT_DECLINED, and records one purchase on capture',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'ppbuyer' });
      const order = await createOrder(buyer, [{ id: post.id, quantity: 7, price: 0.01 }]);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body).toMatchObject({
        id: expect.any(String),
        status: 'CREATED',
        approveUrl: `https://www.paypal.test/checkoutnow?token=${order.body.id}`,
      });
      const token = paypal.requests.find((request) => request.path === '/v1/oauth2/token')!;
      expect(token.headers.authorization).toBe(`Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}`);
      const sent = paypal.requests.filter((request) => request.path === '/v2/checkout/orders').at(-1)!;
      expect(sent.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '19.99' } }] });
      expect(sent.headers['paypal-request-id']).toMatch(/^order-/u);
      // A second click while the order is open offers the same order.
      expect((await createOrder(buyer, [{ id: post.id }])).body.id).toBe(order.body.id);

      const stream = purchaseStream(post.id, buyer.userId);
      // Not approved yet: PayPal's issue comes back, nothing recorded.
      expect(await capture(buyer, order.body.id)).toMatchObject({
        status: 200,
        body: { purchased: false, details: [{ issue: 'ORDER_NOT_APPROVED' }], restartUrl: null },
      });
      // A declined funding source: INSTRUMENT_DECLINED, and the buyer is sent to approve the same order again.
      paypal.approve(order.body.id, 'declined');
      const declined = await capture(buyer, order.body.id);
      expect(declined).toMatchObject({
        status: 200,
        body: {
          purchased: false,
          details: [{ issue: 'INSTRUMENT_DECLINED' }],
          restartUrl: order.body.approveUrl,
          redirectUrl: `/resources/${post.titleUrl}?success=false`,
        },
      });
      expect(await eventsOf(stream)).toEqual(['CheckoutStarted']);

      paypal.approve(order.body.id, 'pays');
      const captured = await capture(buyer, order.body.id);
      expect(captured.status, JSON.stringify(captured.body)).toBe(200);
      expect(captured.body).toMatchObject({
        status: 'COMPLETED',
        purchased: true,
        purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '19.99' } }] } }],
        redirectUrl: `/resources/${post.titleUrl}?success=true`,
      });
      // Captured again: the same capture, nothing new, PayPal not asked.
      const calls = paypal.requests.length;
      const again = await capture(buyer, order.body.id);
      expect(again.body.purchase_units[0].payments.captures[0].id).toBe(captured.body.purchase_units[0].payments.captures[0].id);
      expect(paypal.requests.length).toBe(calls);
      expect(await eventsOf(stream)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).body.link).toBe(
        'https://example.com/paypal-tracker',
      );
      // Owned now: no second order.
      expect(await createOrder(buyer, [{ id: post.id }])).toMatchObject({
        status: 409,
        body: { message: COMMERCE_MESSAGES.alreadyPurchased },
      });
      // Someone else's order is not theirs to capture.
      const stranger = await makeMember(harness, { prefix: 'ppstranger' });
      expect(await capture(stranger, order.body.id)).toMatchObject({ status: 404, body: { message: COMMERCE_MESSAGES.checkoutNotFound } });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'records one purchase when the same order is captured twice at once',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'ppracer' });
      const order = await createOrder(buyer, [{ id: post.id }]);
      paypal.approve(order.body.id);
      const [first, second] = await Promise.all([capture(buyer, order.body.id), capture(buyer, order.body.id)]);
      expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
      expect(first.body.purchase_units[0].payments.captures[0].id).toBe(second.body.purchase_units[0].payments.captures[0].id);
      await harness.catchUp();
      expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refuses what card checkout refuses: own post, free, not live, seller without charges',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'pprefused' });
      expect(await createOrder(seller, [{ id: post.id }])).toMatchObject({ status: 403, body: { message: COMMERCE_MESSAGES.ownPost } });
      const free = await newPost(seller, 'Free PayPal tracker', 0);
      expect(await createOrder(buyer, [{ id: free.id }])).toMatchObject({ status: 400, body: { message: COMMERCE_MESSAGES.freePost } });
      const waiting = await newPost(seller, 'Waiting PayPal tracker', 4, false);
      expect(await createOrder(buyer, [{ id: waiting.id }])).toMatchObject({
        status: 409,
        body: { message: COMMERCE_MESSAGES.notForSale },
      });
      expect(await createOrder(buyer, [])).toMatchObject({ status: 400 });
      expect((await harness.call<Json>('POST', `/api/stripe/disconnect/${seller.userId}`, { token: seller.token, body: {} })).status).toBe(
        200,
      );
      try {
        expect(await createOrder(buyer, [{ id: post.id }])).toMatchObject({
          status: 409,
          body: { message: COMMERCE_MESSAGES.paymentErrorText },
        });
      } finally {
        await onboard(seller);
      }
      expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'answers 503 with nothing written while PayPal is down, for create and capture alike',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'ppdown' });
      const stream = purchaseStream(post.id, buyer.userId);
      paypal.failWith = 503;
      try {
        expect(await createOrder(buyer, [{ id: post.id }])).toMatchObject({
          status: 503,
          body: { message: COMMERCE_MESSAGES.providerUnavailable },
        });
        expect(await eventsOf(stream)).toEqual([]);
      } finally {
        paypal.failWith = null;
      }
      const order = await createOrder(buyer, [{ id: post.id }]);
      paypal.approve(order.body.id);
      paypal.failWith = 503;
      try {
        expect(await capture(buyer, order.body.id)).toMatchObject({
          status: 503,
          body: { message: COMMERCE_MESSAGES.providerUnavailable },
        });
        expect(await eventsOf(stream)).toEqual(['CheckoutStarted']);
      } finally {
        paypal.failWith = null;
      }
      expect((await capture(buyer, order.body.id)).body).toMatchObject({ status: 'COMPLETED', purchased: true });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "refunds a PayPal purchase through PayPal: the buyer loses access, the seller's sales drop it, both are e-mailed; an outage or PayPal's refusal writes nothing; a second refund is refused",
    async () => {
      const buyer = await makeMember(harness, { prefix: 'pprefund' });
      const stream = purchaseStream(post.id, buyer.userId);
      const order = await createOrder(buyer, [{ id: post.id }]);
      paypal.approve(order.body.id);
      const captured = await capture(buyer, order.body.id);
      const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
      await harness.catchUp();
      const salesBefore = (await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token })).body;
      const refund = () =>
        harness.call<Json>('POST', '/api/refund', { token: admin.token, body: { data: { _id: post.id }, buyerId: buyer.userId } });

      paypal.failWith = 503;
      try {
        expect(await refund()).toMatchObject({ status: 503, body: { message: COMMERCE_MESSAGES.providerUnavailable } });
      } finally {
        paypal.failWith = null;
      }
      // Refused for good (refunded in PayPal's dashboard meanwhile): 409 with PayPal's reason, nothing written either.
      paypal.refundFailures.set(order.body.id, 422);
      try {
        expect(await refund()).toMatchObject({
          status: 409,
          body: {
            message: `${COMMERCE_MESSAGES.providerRefused} PayPal refund of capture ${captureId} answered 422 CAPTURE_FULLY_REFUNDED`,
          },
        });
      } finally {
        paypal.refundFailures.delete(order.body.id);
      }
      expect(await eventsOf(stream)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);

      const refunded = await refund();
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      const asked = paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`).at(-1)!;
      expect(asked).toMatchObject({ method: 'POST', headers: { 'paypal-request-id': `refund-${captureId}` } });
      const events = await harness.infrastructure.store.readStream(stream);
      expect(events.map((event) => event.type)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded', 'PurchaseRefunded']);
      expect(events.at(-1)!.data).toMatchObject({
        provider: 'paypal',
        providerRefundId: expect.stringMatching(/^1JU/u),
        refundedBy: admin.userId,
      });
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(403);
      const salesAfter = (await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token })).body;
      expect(salesAfter.productsSold).toBe(salesBefore.productsSold - 1);
      expect(salesAfter.totalEarnings).toBeCloseTo(salesBefore.totalEarnings - 19.99, 2);
      for (const member of [buyer, seller]) {
        await expect
          .poll(async () => (await harness.lastMailTo(`${member.username}@members.example`).catch(() => null))?.subject, {
            timeout: 30_000,
          })
          .toBe('Refund for "PayPal tracker"');
      }
      // Again: refused in words, PayPal not asked.
      const calls = paypal.requests.length;
      expect(await refund()).toMatchObject({ status: 409, body: { message: COMMERCE_MESSAGES.alreadyRefunded } });
      expect(paypal.requests.length).toBe(calls);
    },
    FLOW_TIMEOUT_MS,
  );

  /** Pays the post with the (sandbox) card of another tab while PayPal captures the buyer's order: both are paid, the capture second. */
  async function captureWhileCardPays(buyer: Member, orderId: string): Promise<Json> {
    const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
      token: buyer.token,
      body: { data: { _id: post.id } },
    });
    paypal.whileCapturing = async () => {
      expect((await form(session.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).statusCode).toBe(303);
    };
    try {
      return await capture(buyer, orderId);
    } finally {
      paypal.whileCapturing = null;
    }
  }

  it(
    'does not capture the PayPal order of a post the buyer bought meanwhile with a card in another tab',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'ppowned' });
      const order = await createOrder(buyer, [{ id: post.id }]);
      paypal.approve(order.body.id);
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id } },
      });
      expect((await form(session.body.url, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).statusCode).toBe(303);
      const answer = await capture(buyer, order.body.id);
      expect(answer).toMatchObject({ status: 200, body: { purchased: true, redirectUrl: `/resources/${post.titleUrl}` } });
      expect(paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${order.body.id}/capture`)).toEqual([]);
      expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual([
        'CheckoutStarted',
        'CheckoutStarted',
        'PaymentSucceeded',
        'PurchaseRecorded',
      ]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refunds a PayPal capture by itself when the card payment of another tab landed while PayPal captured',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'pptwice' });
      const stream = purchaseStream(post.id, buyer.userId);
      const order = await createOrder(buyer, [{ id: post.id }]);
      paypal.approve(order.body.id);
      // The money is taken twice, the post is not bought twice.
      const captured = await captureWhileCardPays(buyer, order.body.id);
      expect(captured.body).toMatchObject({ status: 'COMPLETED', purchased: true });
      const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
      await expect.poll(async () => eventsOf(stream), { timeout: 30_000 }).toContain('DuplicatePaymentRefunded');
      const types = await eventsOf(stream);
      expect(types.filter((type) => type === 'PurchaseRecorded')).toHaveLength(1);
      expect(paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`)).toHaveLength(1);
      const refunded = (await harness.infrastructure.store.readStream(stream)).find((event) => event.type === 'DuplicatePaymentRefunded')!;
      expect(refunded.data).toMatchObject({ provider: 'paypal', providerPaymentId: captureId, amount: { amount: 1999, currency: 'USD' } });
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);
      const refundMail = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).find(
          (mail) => mail.subject === 'We refunded your second payment for "PayPal tracker"',
        );
      await expect.poll(refundMail, { timeout: 30_000 }).toBeDefined();
      expect((await refundMail())!.text).toContain('19.99 USD was refunded to your PayPal account');
    },
    FLOW_TIMEOUT_MS,
  );

  /** The post bought with the (sandbox) card in one tab while the PayPal order of the other tab is captured: a duplicate payment. */
  async function payTwice(buyer: Member, refundFailure?: number): Promise<string> {
    const order = await createOrder(buyer, [{ id: post.id }]);
    if (refundFailure !== undefined) paypal.refundFailures.set(order.body.id, refundFailure);
    paypal.approve(order.body.id);
    const captured = await captureWhileCardPays(buyer, order.body.id);
    expect(captured.body).toMatchObject({ status: 'COMPLETED', purchased: true });
    return captured.body.purchase_units[0].payments.captures[0].id as string;
  }
  const refundsOf = (captureId: string) =>
    paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`);
  const duplicateEventsOf = async (buyer: Member) =>
    (await eventsOf(purchaseStream(post.id, buyer.userId))).filter((type) => type.startsWith('Duplicate'));
  const duplicateRefundMails = async (buyer: Member) =>
    (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).filter((mail) =>
      mail.subject.startsWith('We refunded your second payment'),
    );

  it(
    'records a duplicate refund PayPal refuses for good (422, 404) with its reason, asks once each, and goes on with the next duplicate',
    async () => {
      const fullyRefunded = await makeMember(harness, { prefix: 'pp422' });
      const unknownCapture = await makeMember(harness, { prefix: 'pp404' });
      const next = await makeMember(harness, { prefix: 'ppnext' });
      const refusals = [
        { buyer: fullyRefunded, captureId: await payTwice(fullyRefunded, 422), issue: '422 CAPTURE_FULLY_REFUNDED' },
        { buyer: unknownCapture, captureId: await payTwice(unknownCapture, 404), issue: '404 INVALID_RESOURCE_ID' },
      ];
      const nextCapture = await payTwice(next);

      // The later duplicate is refunded: the refused ones did not hold the reactor back.
      await expect
        .poll(async () => duplicateEventsOf(next), { timeout: 30_000 })
        .toEqual(['DuplicatePaymentReceived', 'DuplicatePaymentRefunded']);
      expect(refundsOf(nextCapture)).toHaveLength(1);
      for (const { buyer, captureId, issue } of refusals) {
        expect(await duplicateEventsOf(buyer)).toEqual(['DuplicatePaymentReceived', 'DuplicatePaymentRefundFailed']);
        const failed = (await harness.infrastructure.store.readStream(purchaseStream(post.id, buyer.userId))).at(-1)!;
        expect(failed.data).toMatchObject({
          provider: 'paypal',
          providerPaymentId: captureId,
          amount: { amount: 1999, currency: 'USD' },
          reason: expect.stringContaining(issue),
        });
        expect(refundsOf(captureId)).toHaveLength(1);
        // The buyer keeps the post and is not told of a refund that did not happen.
        expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);
        expect(await duplicateRefundMails(buyer)).toEqual([]);
      }
      await expect.poll(async () => (await duplicateRefundMails(next)).length, { timeout: 30_000 }).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'retries a duplicate refund while PayPal refunds answer 5xx, records nothing meanwhile, and refunds once PayPal answers',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'pprefunddown' });
      let captureId = '';
      try {
        captureId = await payTwice(buyer, 503);
        // Asked again after the outage answer: an outage is retried, not taken for a refusal.
        await expect.poll(() => refundsOf(captureId).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        expect(await duplicateEventsOf(buyer)).toEqual(['DuplicatePaymentReceived']);
      } finally {
        paypal.refundFailures.clear();
      }
      await expect
        .poll(async () => duplicateEventsOf(buyer), { timeout: 30_000 })
        .toEqual(['DuplicatePaymentReceived', 'DuplicatePaymentRefunded']);
      await expect.poll(async () => (await duplicateRefundMails(buyer)).length, { timeout: 30_000 }).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );
});
