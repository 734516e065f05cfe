import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../../tests/fixtures/members.js';
import { startFakeStripe, type FakeStripe } from '../../../tests/fixtures/stripe-server.js';
import { payoutAccountStream, purchaseStream } from '../../domain/commerce/events.js';
import { isSandboxOrderProvider } from './paypal-sandbox.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WEBHOOK_SECRET = 'whsec_test_commerce';
const FLOW_TIMEOUT_MS = 120_000;
/** Signs as Stripe does (the SDK's own test helper: t=…,v1=HMAC-SHA256 of "t.payload"). */
const signed = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('the Stripe adapter against a local Stripe-speaking server', () => {
  let stripe: FakeStripe;
  let harness: ApiHarness;
  let admin: Member;
  let seller: Member;
  let accountId: string;
  let post: { id: string; titleUrl: string };

  const deliver = (payload: string, signature = signed(payload)) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const event = (id: string, type: string, object: Json) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const eventsOf = async (stream: string) => (await harness.infrastructure.store.readStream(stream)).map((recorded) => recorded.type);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    harness = await startApiHarness(
      { users: 2, templates: 2, seed: 31 },
      { stripe: { secretKey: 'sk_test_commerce', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url } },
    );
    admin = await makeMember(harness, { prefix: 'stripeadmin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'stripeseller' });

    // Connect Express onboarding: an account, an Account Link, then Stripe's account.updated webhook.
    const link = await harness.call<Json>('POST', '/api/stripe/account', { token: seller.token, body: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const created = stripe.requests.find((request) => request.path === '/v1/accounts')!;
    expect(created.body).toMatchObject({ type: 'express', 'metadata[userId]': seller.userId });
    accountId = link.body.accountLinkUrl.split('/').pop();
    expect(link.body.accountLinkUrl).toBe(`https://connect.stripe.test/setup/${accountId}`);
    const updated = event('evt_acct_1', 'account.updated', {
      id: accountId,
      object: 'account',
      metadata: { userId: seller.userId },
      details_submitted: true,
      charges_enabled: true,
    });
    expect((await deliver(updated)).statusCode).toBe(200);
    await harness.catchUp();

    const answer = await harness.call<Json>('POST', '/api/resources', {
      token: seller.token,
      body: {
        type: 'productivity',
        platform: 'notion',
        title: 'Stripe tracker',
        description: 'Sold through Stripe.',
        url: 'https://example.com/stripe-tracker',
        instructions: 'Duplicate it.',
        tags: [],
        images: [],
        price: 19.99,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    post = { id: answer.body.resource._id, titleUrl: answer.body.resource.titleUrl };
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: post.id, status: 'live' } }))
        .status,
    ).toBe(200);
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
  });

  it(
    'creates a Checkout Session with a destination charge at the server price, whatever the request says',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'stripebuyer' });
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id, price: 0.5, currency: 'jpy' } },
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      expect(session.body.url).toBe(`https://checkout.stripe.test/c/pay/${session.body.id}`);
      const sent = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!.body;
      expect(sent).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][unit_amount]': '1999',
        'line_items[0][price_data][currency]': 'usd',
        'payment_intent_data[transfer_data][destination]': accountId,
        'metadata[templateId]': post.id,
        'metadata[buyerId]': buyer.userId,
      });
      // The beta's 0 % platform fee: no application fee at all.
      expect(Object.keys(sent).some((key) => key.includes('application_fee_amount'))).toBe(false);

      // Stripe's webhook, signed by Stripe's scheme, records the purchase; a bad signature writes nothing.
      const checkoutId = sent['metadata[checkoutId]'];
      const completed = event('evt_cs_1', 'checkout.session.completed', {
        id: session.body.id,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_fake_1',
        client_reference_id: checkoutId,
        metadata: { checkoutId, templateId: post.id, buyerId: buyer.userId },
        amount_total: 1999,
        currency: 'usd',
      });
      expect((await deliver(completed, signed(completed, 'whsec_other'))).statusCode).toBe(400);
      expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual(['CheckoutStarted']);
      expect((await deliver(completed)).statusCode).toBe(200);
      expect((await deliver(completed)).statusCode).toBe(200);
      expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);

      // Refund: Stripe is asked to refund the payment intent, reversing the transfer.
      const refund = await harness.call<Json>('POST', '/api/refund', {
        token: admin.token,
        body: { data: { _id: post.id }, buyerId: buyer.userId },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(stripe.requests.at(-1)).toMatchObject({
        path: '/v1/refunds',
        body: { payment_intent: 'pi_fake_1', reverse_transfer: 'true' },
      });
      // Stripe's own charge.refunded notice afterwards changes nothing more.
      const echo = event('evt_ch_1', 'charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: 'pi_fake_1',
        refunds: { data: [{ id: 're_other' }] },
      });
      expect((await deliver(echo)).statusCode).toBe(200);
      expect((await eventsOf(purchaseStream(post.id, buyer.userId))).filter((type) => type === 'PurchaseRefunded')).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'confirms a paid session on the /success return when the webhook is late, by asking Stripe',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'stripelate' });
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id } },
      });
      const early = await harness.call<Json>('POST', '/api/update-resource', {
        token: buyer.token,
        body: { id: post.id, sessionId: session.body.id },
      });
      expect(early.body).toEqual({
        purchased: false,
        postRemoved: false,
        quoteExpired: false,
        redirectUrl: `/resources/${post.titleUrl}?success=false`,
      });
      stripe.pay(session.body.id, 'pi_fake_late');
      const back = await harness.call<Json>('POST', '/api/update-resource', {
        token: buyer.token,
        body: { id: post.id, sessionId: session.body.id },
      });
      expect(back.body).toEqual({
        purchased: true,
        postRemoved: false,
        quoteExpired: false,
        redirectUrl: `/resources/${post.titleUrl}?success=true`,
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'answers 503 with nothing written while Stripe is down, for checkout and refund alike',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'stripedown' });
      stripe.failWith = 500;
      try {
        const down = await harness.call<Json>('POST', '/api/create-checkout-session', {
          token: buyer.token,
          body: { data: { _id: post.id } },
        });
        expect(down).toMatchObject({ status: 503, body: { message: COMMERCE_MESSAGES.providerUnavailable } });
        expect(await eventsOf(purchaseStream(post.id, buyer.userId))).toEqual([]);
      } finally {
        stripe.failWith = null;
      }
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id } },
      });
      stripe.pay(session.body.id, 'pi_fake_down');
      expect(
        (
          await harness.call<Json>('POST', '/api/update-resource', {
            token: buyer.token,
            body: { id: post.id, sessionId: session.body.id },
          })
        ).body.purchased,
      ).toBe(true);
      stripe.failWith = 502;
      try {
        const refund = await harness.call<Json>('POST', '/api/refund', {
          token: admin.token,
          body: { data: { _id: post.id }, buyerId: buyer.userId },
        });
        expect(refund.status).toBe(503);
      } finally {
        stripe.failWith = null;
      }
      expect((await eventsOf(purchaseStream(post.id, buyer.userId))).includes('PurchaseRefunded')).toBe(false);
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'answers an admin refund Stripe refuses for good with 409 and its reason, writes nothing, and refunds once Stripe accepts',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'stripekept' });
      const stream = purchaseStream(post.id, buyer.userId);
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id } },
      });
      stripe.pay(session.body.id, 'pi_fake_kept');
      expect(
        (
          await harness.call<Json>('POST', '/api/update-resource', {
            token: buyer.token,
            body: { id: post.id, sessionId: session.body.id },
          })
        ).body.purchased,
      ).toBe(true);
      const refund = () =>
        harness.call<Json>('POST', '/api/refund', { token: admin.token, body: { data: { _id: post.id }, buyerId: buyer.userId } });
      const refundMails = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).filter((mail) =>
          mail.subject.startsWith('Refund for'),
        );

      stripe.refundedElsewhere.add('pi_fake_kept');
      try {
        const refused = await refund();
        expect(refused.status, JSON.stringify(refused.body)).toBe(409);
        expect(refused.body.message).toBe(
          `${COMMERCE_MESSAGES.providerRefused} Stripe refunds.create: Charge for pi_fake_kept has already been refunded.`,
        );
      } finally {
        stripe.refundedElsewhere.delete('pi_fake_kept');
      }
      // Nothing written: the purchase stands, the buyer keeps the post, no refund e-mail goes out.
      expect(await eventsOf(stream)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);
      await harness.catchUp();
      expect(await refundMails()).toEqual([]);

      // Once Stripe accepts, the admin's retry refunds it.
      const accepted = await refund();
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(
        stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === 'pi_fake_kept'),
      ).toHaveLength(2);
      expect((await eventsOf(stream)).filter((type) => type === 'PurchaseRefunded')).toHaveLength(1);
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(403);
      await expect.poll(async () => (await refundMails()).length, { timeout: 30_000 }).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refunds a second paid checkout of an owned post through Stripe by itself, once, through an outage and a restart',
    async () => {
      const buyer = await makeMember(harness, { prefix: 'stripetwice' });
      const stream = purchaseStream(post.id, buyer.userId);
      const orders = harness.infrastructure.commerce.orderProvider;
      if (!isSandboxOrderProvider(orders)) throw new Error('The harness runs the sandbox PayPal orders');
      // Two tabs: a card checkout is opened, then the post is bought with PayPal in the other.
      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        token: buyer.token,
        body: { data: { _id: post.id } },
      });
      const checkoutId = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!.body['metadata[checkoutId]'];
      const order = await harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart: [{ id: post.id }] } });
      await orders.approve(order.body.id, 'pays');
      expect(
        (await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} })).body.purchased,
      ).toBe(true);

      // Then the card tab is paid too, while Stripe is down: the refund waits for Stripe, nothing recorded meanwhile.
      const refundCalls = () =>
        stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === 'pi_fake_twice');
      stripe.failWith = 500;
      try {
        const paid = event('evt_cs_twice', 'checkout.session.completed', {
          id: session.body.id,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_fake_twice',
          client_reference_id: checkoutId,
          metadata: { checkoutId, templateId: post.id, buyerId: buyer.userId },
          amount_total: 1999,
          currency: 'usd',
        });
        expect((await deliver(paid)).statusCode).toBe(200);
        await expect.poll(() => refundCalls().length, { timeout: 30_000 }).toBeGreaterThan(0);
        expect(await eventsOf(stream)).not.toContain('DuplicatePaymentRefunded');
      } finally {
        stripe.failWith = null;
      }
      await expect.poll(async () => eventsOf(stream), { timeout: 30_000 }).toContain('DuplicatePaymentRefunded');
      const types = await eventsOf(stream);
      expect(types.filter((type) => type === 'PurchaseRecorded')).toHaveLength(1);
      expect(types.filter((type) => type.startsWith('Duplicate'))).toEqual(['DuplicatePaymentReceived', 'DuplicatePaymentRefunded']);
      expect(refundCalls().at(-1)!.body).toMatchObject({ payment_intent: 'pi_fake_twice', reverse_transfer: 'true' });
      // The buyer keeps the post bought with PayPal, and is told about the refund.
      expect((await harness.call<Json>('GET', `/api/decode-link/${post.id}`, { token: buyer.token })).status).toBe(200);
      const mailsAboutIt = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).filter((mail) =>
          mail.subject.startsWith('We refunded your second payment'),
        );
      await expect.poll(async () => (await mailsAboutIt()).length, { timeout: 30_000 }).toBe(1);
      expect((await mailsAboutIt())[0]!.text).toContain('19.99 USD was refunded to your card');

      // A restart that replays the event (as after a crash before the checkpoint) asks Stripe nothing and mails nothing again.
      const reactor = harness.infrastructure.paymentReturns;
      const received = (await harness.infrastructure.store.readStream(stream)).find(
        (recorded) => recorded.type === 'DuplicatePaymentReceived',
      )!;
      const calls = refundCalls().length;
      await reactor.stop();
      await harness.infrastructure.database.db
        .updateTable('reactor_checkpoints')
        .set({ position: received.position - 1n })
        .where('reactor', '=', reactor.name)
        .execute();
      reactor.start();
      const head = await harness.infrastructure.store.headPosition();
      // The stored checkpoint (the runner's in-memory one still remembers the old position).
      await expect.poll(async () => (await reactor.checkpoint()) >= head, { timeout: 30_000 }).toBe(true);
      expect(refundCalls().length).toBe(calls);
      expect((await eventsOf(stream)).filter((type) => type === 'DuplicatePaymentRefunded')).toHaveLength(1);
      expect(await mailsAboutIt()).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'records a duplicate refund Stripe refuses for good (already refunded) with its reason, asks once, and goes on with the next duplicate',
    async () => {
      const orders = harness.infrastructure.commerce.orderProvider;
      if (!isSandboxOrderProvider(orders)) throw new Error('The harness runs the sandbox PayPal orders');
      /** The post bought with PayPal, then a card checkout opened before it paid as well: a duplicate payment. */
      const payTwice = async (buyer: Member, paymentIntent: string) => {
        const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
          token: buyer.token,
          body: { data: { _id: post.id } },
        });
        const checkoutId = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!.body[
          'metadata[checkoutId]'
        ];
        const order = await harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart: [{ id: post.id }] } });
        await orders.approve(order.body.id, 'pays');
        expect(
          (await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} })).body.purchased,
        ).toBe(true);
        const paid = event(`evt_${paymentIntent}`, 'checkout.session.completed', {
          id: session.body.id,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: paymentIntent,
          client_reference_id: checkoutId,
          metadata: { checkoutId, templateId: post.id, buyerId: buyer.userId },
          amount_total: 1999,
          currency: 'usd',
        });
        expect((await deliver(paid)).statusCode).toBe(200);
      };
      const refusedBuyer = await makeMember(harness, { prefix: 'striperefused' });
      const nextBuyer = await makeMember(harness, { prefix: 'stripenext' });
      stripe.refundedElsewhere.add('pi_fake_refused');
      await payTwice(refusedBuyer, 'pi_fake_refused');
      await payTwice(nextBuyer, 'pi_fake_next');

      // The later duplicate is refunded: the refused one did not hold the reactor back.
      await expect
        .poll(async () => eventsOf(purchaseStream(post.id, nextBuyer.userId)), { timeout: 30_000 })
        .toContain('DuplicatePaymentRefunded');
      const refused = await harness.infrastructure.store.readStream(purchaseStream(post.id, refusedBuyer.userId));
      expect(refused.map((recorded) => recorded.type).filter((type) => type.startsWith('Duplicate'))).toEqual([
        'DuplicatePaymentReceived',
        'DuplicatePaymentRefundFailed',
      ]);
      expect(refused.at(-1)!.data).toMatchObject({
        provider: 'stripe',
        providerPaymentId: 'pi_fake_refused',
        amount: { amount: 1999, currency: 'USD' },
        reason: expect.stringContaining('has already been refunded'),
      });
      expect(
        stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === 'pi_fake_refused'),
      ).toHaveLength(1);
      // The buyer is not told of a refund that did not happen; the admin sees the refusal in the post's history.
      const refundMails = await harness.infrastructure.outbox!.list({ to: `${refusedBuyer.username}@members.example`, limit: 20 });
      expect(refundMails.filter((mail) => mail.subject.startsWith('We refunded your second payment'))).toEqual([]);
      const history = await harness.call<Json>('POST', '/api/admin/resources/fetchHistory', {
        token: admin.token,
        body: { resourceId: post.id },
      });
      expect(history.body.data[0].history).toContainEqual(
        expect.objectContaining({
          type: 'DuplicatePaymentRefundFailed',
          title: 'Duplicate payment refund failed',
          reason: expect.stringContaining('has already been refunded'),
        }),
      );
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'disconnects a seller who removed Tessera from their Stripe account (account.application.deauthorized), once, so Buy says why instead of failing at Stripe',
    async () => {
      const leaver = await makeMember(harness, { prefix: 'stripeleaver' });
      const link = await harness.call<Json>('POST', '/api/stripe/account', { token: leaver.token, body: {} });
      const leaverAccount = link.body.accountLinkUrl.split('/').pop() as string;
      expect(
        (
          await deliver(
            event('evt_leaver_on', 'account.updated', {
              id: leaverAccount,
              object: 'account',
              metadata: { userId: leaver.userId },
              details_submitted: true,
              charges_enabled: true,
            }),
          )
        ).statusCode,
      ).toBe(200);
      const created = await harness.call<Json>('POST', '/api/resources', {
        token: leaver.token,
        body: {
          type: 'productivity',
          platform: 'notion',
          title: 'Leaver tracker',
          description: 'Sold through Stripe.',
          url: 'https://example.com/leaver',
          instructions: 'Duplicate it.',
          tags: [],
          images: [],
          price: 5,
        },
      });
      expect(
        (
          await harness.call<Json>('PUT', '/api/admin/resources/update', {
            token: admin.token,
            body: { _id: created.body.resource._id, status: 'live' },
          })
        ).status,
      ).toBe(200);

      // Stripe's Connect event names the account at the top level; its object is the application.
      const deauthorized = JSON.stringify({
        id: 'evt_leaver_off',
        object: 'event',
        type: 'account.application.deauthorized',
        account: leaverAccount,
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'ca_tessera', object: 'application' } },
      });
      for (let delivery = 0; delivery < 2; delivery += 1) expect((await deliver(deauthorized)).statusCode).toBe(200);
      await harness.catchUp();
      expect((await harness.call<Json>('GET', `/api/stripe/account-status/${leaver.userId}`, { token: leaver.token })).body).toMatchObject({
        status: 'not_connected',
        charges_enabled: false,
      });
      expect((await eventsOf(payoutAccountStream(leaver.userId))).filter((type) => type === 'PayoutAccountDisconnected')).toHaveLength(1);
      const buyer = await makeMember(harness, { prefix: 'stripeleaverbuyer' });
      const sessions = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
      expect(
        await harness.call<Json>('POST', '/api/create-checkout-session', {
          token: buyer.token,
          body: { data: { _id: created.body.resource._id } },
        }),
      ).toMatchObject({ status: 409, body: { message: COMMERCE_MESSAGES.paymentErrorText } });
      expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(sessions);
    },
    FLOW_TIMEOUT_MS,
  );
});
