import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { purchaseStream } from '../../src/domain/commerce/events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Payment flows with several HTTP round trips and projections, and a restart; a loaded 2-core machine needs the margin. */
const FLOW_TIMEOUT_MS = 180_000;

describe('PLATFORM_FEE_PERCENT: the platform fee on a sale', () => {
  let harness: ApiHarness;
  let admin: Member;
  let seller: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 71 }, { platformFeePercent: 20 });
    admin = await makeMember(harness, { prefix: 'fee_admin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'fee_seller' });
    await onboardSandboxSeller(harness, seller, 'complete');
  }, FLOW_TIMEOUT_MS);
  afterAll(async () => {
    await harness?.close();
  });

  /** A live $10 post of the seller's, bought and paid by a new member through the sandbox card page. */
  async function sellOnce(): Promise<{ templateId: string; buyer: Member }> {
    const body = {
      type: 'productivity',
      platform: 'notion',
      title: `Fee tracker ${randomUUID().slice(0, 8)}`,
      description: 'Track fees.',
      url: 'https://example.com/fees',
      instructions: 'Duplicate it.',
      tags: ['Fees'],
      images: [],
      price: 10,
    };
    const created = await harness.call<Json>('POST', '/api/resources', { token: seller.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const templateId = created.body.resource._id as string;
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: templateId, status: 'live' } }))
        .status,
    ).toBe(200);
    const buyer = await makeMember(harness, { prefix: 'fee_buyer' });
    const session = await harness.call<Json>('POST', '/api/create-checkout-session', {
      token: buyer.token,
      body: { data: { _id: templateId } },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const paid = await harness.app.inject({
      method: 'POST',
      url: session.body.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    await harness.call<Json>('POST', '/api/update-resource', { token: buyer.token, body: { id: templateId, sessionId: session.body.id } });
    await harness.catchUp();
    return { templateId, buyer };
  }

  const salesOfSeller = async () => (await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token })).body;

  it(
    'takes the configured 20 % at checkout, records it with the sale, and shows the seller earnings net of it',
    async () => {
      const { templateId, buyer } = await sellOnce();
      const events = await harness.infrastructure.store.readStream(purchaseStream(templateId, buyer.userId));
      const fee = { amount: 200, currency: 'USD' };
      expect(events.find((event) => event.type === 'CheckoutStarted')?.data).toMatchObject({ price: { amount: 1000 }, platformFee: fee });
      expect(events.find((event) => event.type === 'PurchaseRecorded')?.data).toMatchObject({ price: { amount: 1000 }, platformFee: fee });

      expect(await salesOfSeller()).toMatchObject({ productsSold: 1, revenue: 10, totalEarnings: 8 });
      expect((await salesOfSeller()).paymentData).toMatchObject([{ amount: 10, platformFee: 2, status: 'paid' }]);
      await expect
        .poll(async () => (await harness.lastMailTo(`${seller.username}@members.example`).catch(() => null))?.text, { timeout: 30_000 })
        .toContain('You earn 8.00 USD');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps a past sale at the fee it was made at when the configuration changes, and charges the new one on new sales',
    async () => {
      await harness.restart({ platformFeePercent: 5 });
      // The sale made at 20 % stays at 20 %.
      expect(await salesOfSeller()).toMatchObject({ productsSold: 1, revenue: 10, totalEarnings: 8 });

      await sellOnce();
      const sales = await salesOfSeller();
      expect(sales).toMatchObject({ productsSold: 2, revenue: 20, totalEarnings: 17.5 });
      expect(sales.paymentData.map((payment: Json) => payment.platformFee)).toEqual([0.5, 2]);
    },
    FLOW_TIMEOUT_MS,
  );
});
