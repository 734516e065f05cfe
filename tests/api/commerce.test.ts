import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, harnessDatabases, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { isSandboxOrderProvider } from '../../src/adapters/payments/paypal-sandbox.js';
import { isSandboxProvider, SANDBOX_CARDS, type SandboxPaymentProvider } from '../../src/adapters/payments/sandbox.js';
import { signStripePayload } from '../../src/adapters/payments/stripe-events.js';
import { purchaseStream } from '../../src/domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../src/domain/commerce/messages.js';
import { CHECKOUT_PRICE_HOLD_MS } from '../../src/domain/commerce/checkout-timing.js';
import { REWARD_DESCRIPTIONS, REWARD_POINTS, REWARD_REVOKED_DESCRIPTIONS, signedPointsLabel } from '../../src/domain/rewards/constants.js';
import { rewardsStream } from '../../src/domain/rewards/events.js';
import { createRewardsReactor } from '../../src/projections/reactors/rewards-reactor.js';
import { TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';
import { templateStream } from '../../src/domain/templates/events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Payment flows with several HTTP round trips and projections; a loaded 2-core machine needs the margin. */
const FLOW_TIMEOUT_MS = 120_000;

const post = {
  type: 'productivity',
  platform: 'notion',
  title: 'Invoice Tracker',
  description: 'Track invoices in Notion.',
  url: 'https://example.com/invoice-tracker',
  instructions: 'Duplicate it.',
  tags: ['Invoices'],
  images: [] as unknown[],
};

describe.each(harnessDatabases())('commerce: $name', (database) => {
  let harness: ApiHarness;
  let sandbox: SandboxPaymentProvider;
  let admin: Member;
  let seller: Member;
  /** How far the server's clock is ahead of the wall clock: a test moves it instead of waiting. */
  let clockAheadMs = 0;

  beforeAll(async () => {
    if (database.skipped) return;
    harness = await startApiHarness(
      { users: 2, templates: 2, seed: 13 },
      { database: database.name, now: () => new Date(Date.now() + clockAheadMs) },
    );
    const provider = harness.infrastructure.payments;
    if (!isSandboxProvider(provider)) throw new Error('The harness runs the sandbox provider');
    sandbox = provider;
    admin = await makeMember(harness, { prefix: 'shopadmin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'seller' });
  }, FLOW_TIMEOUT_MS);
  afterAll(async () => {
    await harness?.close();
  });

  const form = (url: string, fields: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const status = (member: Member) => harness.call<Json>('GET', `/api/stripe/account-status/${member.userId}`, { token: member.token });
  const eventsOf = async (stream: string) => (await harness.infrastructure.store.readStream(stream)).map((event) => event.type);

  async function paidPost(author: Member, price = 12.5): Promise<{ id: string; titleUrl: string }> {
    const created = await harness.call<Json>('POST', '/api/resources', {
      token: author.token,
      body: { ...post, title: `Tracker ${randomUUID().slice(0, 8)}`, price },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.resource._id as string;
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: id, status: 'live' } })).status,
    ).toBe(200);
    return { id, titleUrl: created.body.resource.titleUrl };
  }

  const checkout = (buyer: Member, data: Json) =>
    harness.call<Json>('POST', '/api/create-checkout-session', { token: buyer.token, body: { data } });

  async function pay(sessionUrl: string, card: string) {
    return form(sessionUrl, { cardNumber: card, expiry: '12 / 34', cvc: '123' });
  }

  it(
    'walks a seller through onboarding states: pending, restricted, enabled, disconnected',
    async () => {
      if (database.skipped) return;
      const member = await makeMember(harness, { prefix: 'onboarder' });
      const sellerFacts = async () => (await harness.call<Json>('GET', '/api/auth/session', { token: member.token })).body.user.seller;
      expect((await status(member)).body).toMatchObject({ status: 'not_connected', charges_enabled: false });
      // The Sales link is for sellers: none before a payout account is connected.
      expect(await sellerFacts()).toEqual({ hasPayoutAccount: false, hasSales: false });
      // A price needs charges enabled.
      const refused = await harness.call<Json>('POST', '/api/resources', { token: member.token, body: { ...post, price: 5 } });
      expect(refused).toMatchObject({ status: 400, body: { message: TEMPLATE_MESSAGES.payoutRequired } });

      expect((await harness.call<Json>('POST', '/api/stripe/account', { token: member.token, body: {} })).status).toBe(200);
      await harness.catchUp();
      expect((await status(member)).body).toMatchObject({ status: 'pending', details_submitted: false, charges_enabled: false });
      await onboardSandboxSeller(harness, member, 'half_done');
      expect((await status(member)).body).toMatchObject({ status: 'restricted', details_submitted: true, charges_enabled: false });
      expect(await sellerFacts()).toEqual({ hasPayoutAccount: true, hasSales: false });
      await onboardSandboxSeller(harness, member, 'complete');
      expect((await status(member)).body).toMatchObject({ status: 'enabled', details_submitted: true, charges_enabled: true });
      // Someone else's account is not theirs to see or change.
      expect((await harness.call<Json>('GET', `/api/stripe/account-status/${seller.userId}`, { token: member.token })).status).toBe(403);
      expect((await harness.call<Json>('POST', `/api/stripe/disconnect/${seller.userId}`, { token: member.token, body: {} })).status).toBe(
        403,
      );
      expect((await harness.call<Json>('POST', `/api/stripe/disconnect/${member.userId}`, { token: member.token, body: {} })).status).toBe(
        200,
      );
      expect((await status(member)).body).toMatchObject({ status: 'not_connected' });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'sells a post at the server price (tampered amounts ignored), once, and refunds it',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 12.5);
      const buyer = await makeMember(harness, { prefix: 'buyer' });

      // Before buying: no link, 'Authentication Error' from decode-link.
      expect(await harness.call<Json>('GET', `/api/decode-link/${sold.id}`, { token: buyer.token })).toMatchObject({
        status: 403,
        body: { message: COMMERCE_MESSAGES.noAccess },
      });
      expect((await harness.call<Json>('GET', `/api/resources/${sold.titleUrl}`, { token: buyer.token })).body.data.link).toBeNull();

      const rates = await harness.call<Json>('GET', '/api/exchange-rates');
      expect(rates.body).toMatchObject({ base: 'USD', source: 'shipped', rates: { USD: 1, EUR: expect.any(Number) } });

      const session = await checkout(buyer, { _id: sold.id, price: 0.01, amount: 1, currency: 'JPY' });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      const opened = sandbox.openSession(session.body.id);
      expect(opened?.price).toEqual({ amount: 1250, currency: 'USD' });
      const page = await harness.app.inject({ method: 'GET', url: session.body.url });
      expect(page.body).toContain('Card number');
      expect(page.body).toContain('12.50 USD');

      const paid = await pay(session.body.url, '4242 4242 4242 4242');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toMatch(/\/success\?resourceid=.+&sessionid=/u);
      const back = await harness.call<Json>('POST', '/api/update-resource', {
        token: buyer.token,
        body: { id: sold.id, sessionId: session.body.id },
      });
      expect(back.body).toEqual({
        purchased: true,
        postRemoved: false,
        quoteExpired: false,
        redirectUrl: `/resources/${sold.titleUrl}?success=true`,
      });

      await harness.catchUp();
      expect(await eventsOf(purchaseStream(sold.id, buyer.userId))).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
      const detail = await harness.call<Json>('GET', `/api/resources/${sold.titleUrl}`, { token: buyer.token });
      expect(detail.body.data).toMatchObject({ purchased: true, link: post.url, purchasedRevision: 1 });
      expect((await harness.call<Json>('GET', `/api/decode-link/${sold.id}`, { token: buyer.token })).body).toMatchObject({
        link: post.url,
      });
      const purchases = await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: buyer.token });
      expect(purchases.body.resources.map((resource: Json) => [resource._id, resource.purchase.price])).toEqual([[sold.id, 12.5]]);
      expect(purchases.body.resources[0].prevActions).toMatchObject({ has_liked: false, has_saved: false });
      expect((await harness.call<Json>('GET', '/api/auth/session', { token: buyer.token })).body.user.paid).toEqual([
        { resourceId: sold.id, price: 12.5, sessionId: expect.any(String) },
      ]);

      // A second purchase is refused politely.
      expect(await checkout(buyer, { _id: sold.id })).toMatchObject({ status: 409, body: { message: COMMERCE_MESSAGES.alreadyPurchased } });

      // The commerce reactor makes the buyer an owner: a purchased post cannot be deleted.
      await expect
        .poll(async () => (await eventsOf(templateStream(sold.id))).includes('TemplatePurchased'), { timeout: 30_000 })
        .toBe(true);
      await harness.catchUp();
      expect(await harness.call<Json>('PUT', `/api/resources/delete/${sold.id}`, { token: seller.token })).toMatchObject({
        status: 409,
        body: { message: TEMPLATE_MESSAGES.purchasedDelete },
      });
      // Seller and buyer get their e-mails; the seller's sales count it.
      await expect
        .poll(async () => (await harness.lastMailTo(`${buyer.username}@members.example`).catch(() => null))?.subject, { timeout: 30_000 })
        .toMatch(/receipt/iu);
      const sales = await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token });
      expect(sales.body).toMatchObject({ productsSold: 1, totalEarnings: 12.5, hasPayoutAccount: true });
      expect(sales.body.paymentData[0]).toMatchObject({ amount: 12.5, currency: 'USD', status: 'paid' });

      // Only admins refund.
      expect(
        (await harness.call<Json>('POST', '/api/refund', { token: seller.token, body: { data: { _id: sold.id }, buyerId: buyer.userId } }))
          .status,
      ).toBe(403);
      const refund = await harness.call<Json>('POST', '/api/refund', {
        token: admin.token,
        body: { data: { _id: sold.id }, buyerId: buyer.userId },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(await harness.call<Json>('GET', `/api/decode-link/${sold.id}`, { token: buyer.token })).toMatchObject({ status: 403 });
      expect((await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: buyer.token })).body.resources).toEqual([]);
      // A refunded sale still counts as selling (it stays on /sales); the buyer is no seller.
      expect((await harness.call<Json>('GET', '/api/auth/session', { token: seller.token })).body.user.seller).toEqual({
        hasPayoutAccount: true,
        hasSales: true,
      });
      expect((await harness.call<Json>('GET', '/api/auth/session', { token: buyer.token })).body.user.seller).toEqual({
        hasPayoutAccount: false,
        hasSales: false,
      });
      const after = await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token });
      expect(after.body).toMatchObject({ productsSold: 0, totalEarnings: 0 });
      expect(after.body.paymentData[0]).toMatchObject({ status: 'refunded' });
      expect(
        await harness.call<Json>('POST', '/api/refund', { token: admin.token, body: { data: { _id: sold.id }, buyerId: buyer.userId } }),
      ).toMatchObject({ status: 409, body: { message: COMMERCE_MESSAGES.alreadyRefunded } });
      expect(
        await harness.call<Json>('POST', '/api/refund', { token: admin.token, body: { data: { _id: sold.id }, buyerId: seller.userId } }),
      ).toMatchObject({ status: 404, body: { message: COMMERCE_MESSAGES.notPurchased } });
      await expect
        .poll(async () => (await eventsOf(templateStream(sold.id))).includes('TemplatePurchaseRefunded'), { timeout: 30_000 })
        .toBe(true);
      await expect
        .poll(async () => (await harness.lastMailTo(`${buyer.username}@members.example`).catch(() => null))?.subject, { timeout: 30_000 })
        .toMatch(/Refund/u);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refuses own, free and unpublished posts and sellers without charges; a declined card records no purchase',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 9);
      const buyer = await makeMember(harness, { prefix: 'decliner' });
      expect(await checkout(seller, { _id: sold.id })).toMatchObject({ status: 403, body: { message: COMMERCE_MESSAGES.ownPost } });

      const session = await checkout(buyer, { _id: sold.id });
      const declined = await pay(session.body.url, SANDBOX_CARDS.declined);
      expect(declined.statusCode).toBe(402);
      expect(declined.body).toContain('Your card was declined.');
      await harness.catchUp();
      expect(await eventsOf(purchaseStream(sold.id, buyer.userId))).toEqual(['CheckoutStarted', 'PaymentFailed']);
      expect(
        (
          await harness.call<Json>('POST', '/api/update-resource', {
            token: buyer.token,
            body: { id: sold.id, sessionId: session.body.id },
          })
        ).body.purchased,
      ).toBe(false);

      // An abandoned checkout (never paid) leaves no purchase; the next Buy offers the same open session.
      const other = await makeMember(harness, { prefix: 'abandoner' });
      const first = await checkout(other, { _id: sold.id });
      const again = await checkout(other, { _id: sold.id });
      expect(again.body.id).toBe(first.body.id);
      expect((await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: other.token })).body.resources).toEqual([]);

      // A free post, and a seller whose account was disconnected.
      const free = await harness.call<Json>('POST', '/api/resources', {
        token: seller.token,
        body: { ...post, title: 'Free tracker', price: 0 },
      });
      expect(await checkout(buyer, { _id: free.body.resource._id })).toMatchObject({
        status: 400,
        body: { message: COMMERCE_MESSAGES.freePost },
      });
      const unpublished = await harness.call<Json>('POST', '/api/resources', {
        token: seller.token,
        body: { ...post, title: 'Waiting tracker', price: 4 },
      });
      expect(await checkout(buyer, { _id: unpublished.body.resource._id })).toMatchObject({
        status: 409,
        body: { message: COMMERCE_MESSAGES.notForSale },
      });
      // Their links are not out before review either: the free one was given to anyone.
      for (const waiting of [free, unpublished]) {
        for (const token of [buyer.token, undefined])
          expect(await harness.call<Json>('GET', `/api/decode-link/${waiting.body.resource._id}`, { token })).toMatchObject({
            status: 404,
            body: { message: TEMPLATE_MESSAGES.doesNotExist },
          });
        expect(
          (await harness.call<Json>('GET', `/api/decode-link/${waiting.body.resource.titleUrl}`, { token: seller.token })).body,
        ).toMatchObject({ link: post.url });
      }
      expect((await harness.call<Json>('POST', `/api/stripe/disconnect/${seller.userId}`, { token: seller.token, body: {} })).status).toBe(
        200,
      );
      const lateBuyer = await makeMember(harness, { prefix: 'late' });
      expect(await checkout(lateBuyer, { _id: sold.id })).toMatchObject({
        status: 409,
        body: { message: COMMERCE_MESSAGES.paymentErrorText },
      });
      await onboardSandboxSeller(harness, seller, 'complete');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refuses a card checkout below the card minimum charge in words, asking the provider nothing; PayPal takes the order',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const cheap = await paidPost(seller, 0.49);
      const buyer = await makeMember(harness, { prefix: 'cheapbuyer' });
      expect(await checkout(buyer, { _id: cheap.id })).toMatchObject({
        status: 400,
        body: { message: COMMERCE_MESSAGES.belowCardMinimum('0.50 USD') },
      });
      expect(await eventsOf(purchaseStream(cheap.id, buyer.userId))).toEqual([]);
      const order = await harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart: [{ id: cheap.id }] } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      // At the minimum, the card checkout opens.
      expect((await checkout(buyer, { _id: (await paidPost(seller, 0.5)).id })).status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'takes a refunded purchase’s 15 points back, once, shown in the rewards history',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 5);
      const buyer = await makeMember(harness, { prefix: 'pointsback' });
      const { store, rewards } = harness.infrastructure;
      const settled = async () => {
        expect(await rewards.waitFor(await store.headPosition(), 30_000)).toBe(true);
        await harness.catchUp();
      };
      const history = async () =>
        (await harness.call<Json>('GET', `/api/rewards/${buyer.userId}`, { token: buyer.token })).body as {
          total: number;
          rewards: { description: string; value: number }[];
        };
      await settled();
      const before = (await history()).total;

      const session = await checkout(buyer, { _id: sold.id });
      expect((await pay(session.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
      await expect.poll(async () => eventsOf(templateStream(sold.id)), { timeout: 30_000 }).toContain('TemplatePurchased');
      await settled();
      const bought = await history();
      expect(bought.total).toBe(before + REWARD_POINTS.purchase);
      expect(bought.rewards[0]).toMatchObject({ description: REWARD_DESCRIPTIONS.purchase, value: REWARD_POINTS.purchase });

      const refund = await harness.call<Json>('POST', '/api/refund', {
        token: admin.token,
        body: { data: { _id: sold.id }, buyerId: buyer.userId },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await expect.poll(async () => eventsOf(templateStream(sold.id)), { timeout: 30_000 }).toContain('TemplatePurchaseRefunded');
      await settled();
      const refunded = await history();
      expect(refunded.total).toBe(before);
      expect(refunded.rewards[0]).toMatchObject({ description: REWARD_REVOKED_DESCRIPTIONS.purchase, value: -REWARD_POINTS.purchase });
      expect(signedPointsLabel(refunded.rewards[0]!.value)).toBe('−15 points');

      // Replayed (a restart before the checkpoint moved): the purchase and its refund change nothing more.
      const ownStream = await store.readStream(rewardsStream(buyer.userId));
      const replay = createRewardsReactor({ commands: harness.infrastructure.commands, store });
      for (const event of await store.readStream(templateStream(sold.id)))
        if (event.type === 'TemplatePurchased' || event.type === 'TemplatePurchaseRefunded') await replay.react(event);
      expect((await store.readStream(rewardsStream(buyer.userId))).map((event) => event.id)).toEqual(ownStream.map((event) => event.id));
      await settled();
      expect((await history()).total).toBe(before);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'honours a checkout’s quoted price for 30 minutes; paid later after a price change, it is refunded and the buyer told',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const reprice = async (id: string, price: number) =>
        expect(
          (await harness.call<Json>('PUT', `/api/admin/resources/edit/${id}`, { token: admin.token, body: { newPrice: price } })).status,
        ).toBe(200);
      const buyerMails = async (buyer: Member) =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).filter((mail) =>
          mail.subject.startsWith('We refunded your payment for'),
        );
      try {
        // Within the 30 minutes the quote stands, though the price changed meanwhile.
        const held = await paidPost(seller, 12.5);
        const patient = await makeMember(harness, { prefix: 'quoteheld' });
        const heldSession = await checkout(patient, { _id: held.id });
        await reprice(held.id, 99);
        clockAheadMs = CHECKOUT_PRICE_HOLD_MS - 60_000;
        expect((await pay(heldSession.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
        await expect
          .poll(async () => eventsOf(purchaseStream(held.id, patient.userId)), { timeout: 30_000 })
          .toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
        clockAheadMs = 0;

        // Paid 31 minutes after it opened, at 12.50 for a post now at 99: refused, refunded once, the buyer told.
        const repriced = await paidPost(seller, 12.5);
        const buyer = await makeMember(harness, { prefix: 'quotelate' });
        const session = await checkout(buyer, { _id: repriced.id });
        await reprice(repriced.id, 99);
        clockAheadMs = CHECKOUT_PRICE_HOLD_MS + 60_000;
        expect((await pay(session.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
        const stream = purchaseStream(repriced.id, buyer.userId);
        await expect
          .poll(async () => eventsOf(stream), { timeout: 30_000 })
          .toEqual(['CheckoutStarted', 'PaymentSucceeded', 'ExpiredQuotePaymentReceived', 'ExpiredQuotePaymentRefunded']);
        expect(await eventsOf(templateStream(repriced.id))).not.toContain('TemplatePurchased');
        // Back on /success: no purchase, and the page is told why.
        const back = await harness.call<Json>('POST', '/api/update-resource', {
          token: buyer.token,
          body: { id: repriced.id, sessionId: session.body.id },
        });
        expect(back.body).toMatchObject({ purchased: false, postRemoved: false, quoteExpired: true });
        expect((await harness.call<Json>('GET', `/api/decode-link/${repriced.id}`, { token: buyer.token })).status).toBe(403);
        await expect.poll(async () => (await buyerMails(buyer)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await buyerMails(buyer);
        expect(mail!.text).toContain('12.50 USD');
        expect(mail!.text).toContain('it is now 99.00 USD');
        // At the current price the buyer can buy it.
        const again = await checkout(buyer, { _id: repriced.id });
        expect(sandbox.openSession(again.body.id)?.price).toEqual({ amount: 9900, currency: 'USD' });
        expect((await pay(again.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
        await expect.poll(async () => eventsOf(stream), { timeout: 30_000 }).toContain('PurchaseRecorded');
      } finally {
        clockAheadMs = 0;
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refunds a payment for a post deleted while the buyer paid, tells the buyer, and goes on with the next purchases',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const doomed = await paidPost(seller, 3);
      const buyer = await makeMember(harness, { prefix: 'latepayer' });
      const session = await checkout(buyer, { _id: doomed.id });
      expect((await harness.call<Json>('PUT', `/api/resources/delete/${doomed.id}`, { token: seller.token, body: {} })).status).toBe(200);
      expect((await pay(session.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
      // Back on /success: no purchase, and the page is told why.
      const back = await harness.call<Json>('POST', '/api/update-resource', {
        token: buyer.token,
        body: { id: doomed.id, sessionId: session.body.id },
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toMatchObject({ purchased: false, postRemoved: true });
      // Nothing to own: the money goes back through the sandbox by itself, once, and the buyer is e-mailed.
      const stream = purchaseStream(doomed.id, buyer.userId);
      await expect
        .poll(async () => eventsOf(stream), { timeout: 30_000 })
        .toEqual(['CheckoutStarted', 'PaymentSucceeded', 'RemovedPostPaymentReceived', 'RemovedPostPaymentRefunded']);
      expect(await eventsOf(templateStream(doomed.id))).not.toContain('TemplatePurchased');
      const mails = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${buyer.username}@members.example`, limit: 20 })).filter((mail) =>
          mail.subject.startsWith('We refunded your payment for'),
        );
      await expect.poll(async () => (await mails()).length, { timeout: 30_000 }).toBe(1);
      expect((await mails())[0]!.text).toContain('was removed from Tessera while you were paying for it');
      expect((await mails())[0]!.text).toContain('3.00 USD was refunded to your card');
      expect((await harness.call<Json>('PUT', '/api/users/private/me/purchases', { token: buyer.token })).body.resources).toEqual([]);
      // The post's history tells the admin what happened to the money.
      const history = await harness.call<Json>('POST', '/api/admin/resources/fetchHistory', {
        token: admin.token,
        body: { resourceId: doomed.id },
      });
      expect(history.body.data[0].history.map((entry: Json) => entry.title)).toEqual(
        expect.arrayContaining(['Removed post payment received', 'Removed post payment refunded']),
      );

      const next = await paidPost(seller, 4);
      const nextSession = await checkout(buyer, { _id: next.id });
      expect((await pay(nextSession.body.url, '4242 4242 4242 4242')).statusCode).toBe(303);
      await expect.poll(async () => eventsOf(templateStream(next.id)), { timeout: 30_000 }).toContain('TemplatePurchased');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'refuses bad signatures with nothing written, applies a duplicate webhook once and a late older one not at all',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 7);
      const buyer = await makeMember(harness, { prefix: 'hooked' });
      const session = await checkout(buyer, { _id: sold.id });
      const opened = sandbox.openSession(session.body.id)!;
      const completed = (eventId: string) =>
        JSON.stringify({
          id: eventId,
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: session.body.id,
              payment_status: 'paid',
              payment_intent: 'pi_sandbox_hook',
              metadata: { checkoutId: opened.checkoutId, templateId: sold.id, buyerId: buyer.userId },
              amount_total: 700,
              currency: 'usd',
            },
          },
        });
      const deliver = (payload: string, signature: string) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        });

      const head = await harness.infrastructure.store.headPosition();
      const payload = completed('evt_hook_1');
      for (const signature of [
        signStripePayload(payload, 'whsec_wrong'),
        'garbage',
        signStripePayload(payload.replace('700', '1'), sandbox.webhookSecret),
      ]) {
        const answer = await deliver(payload, signature);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ error: true, message: COMMERCE_MESSAGES.badSignature });
      }
      expect(
        (await harness.infrastructure.store.readAll({ after: head, maxCount: 100 })).filter((event) =>
          event.streamId.startsWith('purchase-'),
        ),
      ).toEqual([]);

      const signed = signStripePayload(payload, sandbox.webhookSecret);
      expect((await deliver(payload, signed)).statusCode).toBe(200);
      expect((await deliver(payload, signed)).statusCode).toBe(200);
      // The same payment under another event id (the provider's retry with a new id) is still one payment.
      const retried = completed('evt_hook_2');
      expect((await deliver(retried, signStripePayload(retried, sandbox.webhookSecret))).statusCode).toBe(200);
      // A failure notice for the checkout arriving after its success changes nothing.
      const failure = JSON.stringify({
        id: 'evt_hook_3',
        type: 'payment_intent.payment_failed',
        created: 1,
        data: { object: { id: 'pi_x', metadata: { checkoutId: opened.checkoutId, templateId: sold.id, buyerId: buyer.userId } } },
      });
      expect((await deliver(failure, signStripePayload(failure, sandbox.webhookSecret))).statusCode).toBe(200);
      expect(await eventsOf(purchaseStream(sold.id, buyer.userId))).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);

      // An account update observed earlier than the one applied, delivered late, leaves the account enabled.
      const stale = JSON.stringify({
        id: 'evt_stale',
        type: 'account.updated',
        created: 1,
        data: {
          object: {
            id: (await harness.infrastructure.commerce.offerFor(sold.id)).sellerAccountId,
            metadata: { userId: seller.userId },
            details_submitted: false,
            charges_enabled: false,
          },
        },
      });
      expect((await deliver(stale, signStripePayload(stale, sandbox.webhookSecret))).statusCode).toBe(200);
      await harness.catchUp();
      expect((await status(seller)).body.status).toBe('enabled');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'lets one buyer buy a post once when they press Buy and Pay many times at once',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 3);
      const buyer = await makeMember(harness, { prefix: 'eager' });
      const sessions = await Promise.all(Array.from({ length: 6 }, () => checkout(buyer, { _id: sold.id })));
      expect(sessions.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(sessions.map((answer) => answer.body.id)).size).toBe(1);
      const payments = await Promise.all(Array.from({ length: 4 }, () => pay(sessions[0]!.body.url, SANDBOX_CARDS.succeeds)));
      expect(payments.every((answer) => answer.statusCode === 303)).toBe(true);
      await harness.catchUp();
      const types = await eventsOf(purchaseStream(sold.id, buyer.userId));
      expect(types.filter((type) => type === 'CheckoutStarted')).toHaveLength(1);
      expect(types.filter((type) => type === 'PurchaseRecorded')).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'sends buyers and sellers back to the public URL, whatever Host header the request came with',
    async () => {
      if (database.skipped) return;
      await onboardSandboxSeller(harness, seller, 'complete');
      const sold = await paidPost(seller, 5);
      const buyer = await makeMember(harness, { prefix: 'hosted' });
      const publicUrl = harness.infrastructure.publicUrl;
      const asHost = (host: string) => ({ token: buyer.token, headers: { host } });

      const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
        ...asHost('evil.example'),
        body: { data: { _id: sold.id } },
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      const opened = sandbox.openSession(session.body.id)!;
      const originOf = (url: string) => new URL(url).origin;
      expect([opened.successUrl, opened.cancelUrl].map(originOf)).toEqual([publicUrl, publicUrl]);

      const order = await harness.call<Json>('POST', '/api/orders', { ...asHost('evil.example'), body: { cart: [{ id: sold.id }] } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const orders = harness.infrastructure.commerce.orderProvider;
      if (!isSandboxOrderProvider(orders)) throw new Error('The harness runs the sandbox order provider');
      const approved = (await orders.orderOf(order.body.id))!;
      expect([approved.returnUrl, approved.cancelUrl].map(originOf)).toEqual([publicUrl, publicUrl]);

      const onboarder = await makeMember(harness, { prefix: 'hostedseller' });
      const onboardingReturn = async (host: string) => {
        const link = await harness.call<Json>('POST', '/api/stripe/account', { token: onboarder.token, headers: { host }, body: {} });
        return new URL(link.body.accountLinkUrl, publicUrl).searchParams.get('return');
      };
      expect(await onboardingReturn('evil.example')).toBe(`${publicUrl}/account#settings-tabs-tab-payments`);
      // Locally the browser may be on 127.0.0.1 rather than localhost: its session cookie is there, so it goes back there.
      const port = new URL(publicUrl).port;
      expect(await onboardingReturn(`127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/account#settings-tabs-tab-payments`);
      expect(await onboardingReturn(`127.0.0.1:${port}@evil.example`)).toBe(`${publicUrl}/account#settings-tabs-tab-payments`);
    },
    FLOW_TIMEOUT_MS,
  );
});
