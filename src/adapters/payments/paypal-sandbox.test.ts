import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../../tests/fixtures/members.js';
import { purchaseStream } from '../../domain/commerce/events.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLOW_TIMEOUT_MS = 120_000;

describe('the sandbox PayPal-style approval page', () => {
  let harness: ApiHarness;
  let buyer: Member;
  let post: { id: string; titleUrl: string };

  const form = (url: string, fields: Record<string, string>) =>
    harness.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 2, seed: 41 });
    const admin = await makeMember(harness, { prefix: 'sbadmin', lvl: 'admin' });
    const seller = await makeMember(harness, { prefix: 'sbseller' });
    buyer = await makeMember(harness, { prefix: 'sbbuyer' });
    const link = await harness.call<Json>('POST', '/api/stripe/account', { token: seller.token, body: {} });
    const url = new URL(link.body.accountLinkUrl, 'http://localhost');
    expect((await form(url.pathname, { return: url.searchParams.get('return')!, sig: url.searchParams.get('sig')!, outcome: 'complete' })).statusCode).toBe(303);
    await harness.catchUp();
    const created = await harness.call<Json>('POST', '/api/resources', {
      token: seller.token,
      body: { type: 'productivity', platform: 'notion', title: 'Sandbox PayPal tracker', description: 'Bought in the sandbox.', url: 'https://example.com/sandbox-pp', instructions: 'Duplicate it.', tags: [], images: [], price: 8.5 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    post = { id: created.body.resource._id, titleUrl: created.body.resource.titleUrl };
    expect((await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: post.id, status: 'live' } })).status).toBe(200);
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
  });

  it('approves with a declined card (INSTRUMENT_DECLINED: back to the same page), then with one that pays', async () => {
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
    expect(refused.body).toMatchObject({ purchased: false, details: [{ issue: 'INSTRUMENT_DECLINED' }], restartUrl: order.body.approveUrl });

    expect((await form(order.body.approveUrl, { funding: 'pays' })).statusCode).toBe(303);
    const paid = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} });
    expect(paid.body).toMatchObject({ status: 'COMPLETED', purchased: true, redirectUrl: `/resources/${post.titleUrl}?success=true` });
    expect((await harness.infrastructure.store.readStream(purchaseStream(post.id, buyer.userId))).map((event) => event.type)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
  }, FLOW_TIMEOUT_MS);
});
