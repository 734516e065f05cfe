import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';
import { PRICE_REQUEST_MESSAGES } from '../../src/domain/templates/admin-edit.js';
import { keywordTooLongMessage, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const validPost = {
  type: 'productivity',
  platform: 'notion',
  title: 'Quarterly Planner',
  description: 'Plan the quarter in Notion.',
  url: 'https://example.com/quarterly-planner',
  instructions: 'Duplicate it.',
  tags: ['Planner'],
  images: [] as unknown[],
  price: 0,
};

describe('resource management: admin edit and the price-change inbox', () => {
  let harness: ApiHarness;
  let admin: Member;
  let author: Member;
  let postId: string;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 51 });
    admin = await makeMember(harness, { prefix: 'res_admin', lvl: 'admin' });
    author = await makeMember(harness, { prefix: 'res_author' });
    await onboardSandboxSeller(harness, author);
    const created = await harness.call<Json>('POST', '/api/resources', { token: author.token, body: validPost });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    postId = created.body.data?._id ?? created.body.resource?._id ?? created.body._id;
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: postId, status: 'live' } }))
        .status,
    ).toBe(200);
    await harness.catchUp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const detail = async () => (await harness.call<Json>('GET', `/api/resources/viewById/${postId}`, { token: admin.token })).body.data;

  it('publishes an admin’s correction of descriptions and keywords at once, and sets a new price', async () => {
    const answer = await harness.call<Json>('PUT', `/api/admin/resources/edit/${postId}`, {
      token: admin.token,
      body: {
        description: { short: 'Plan every quarter.', long: 'Duplicate, then fill it in.' },
        keywords: [' OKR ', '', 'Planning'],
        newPrice: '7.5',
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(TEMPLATE_MESSAGES.updated);
    const shown = await detail();
    expect(shown).toMatchObject({ status: 'live', price: 7.5, keywords: ['okr', 'planning'] });
    expect(shown.description).toMatchObject({ short: 'Plan every quarter.', long: 'Duplicate, then fill it in.' });
    const tooMany = await harness.call<Json>('PUT', `/api/admin/resources/edit/${postId}`, {
      token: admin.token,
      body: { keywords: ['a', 'b', 'c', 'd'] },
    });
    expect(tooMany.status).toBe(400);
    const badPrice = await harness.call<Json>('PUT', `/api/admin/resources/edit/${postId}`, { token: admin.token, body: { newPrice: -3 } });
    expect(badPrice.status).toBe(400);
  });

  it('lists an author’s request, approves it (the price changes, the author gets an e-mail) and refuses a second decision', async () => {
    expect(
      (await harness.call<Json>('POST', '/api/zapier', { token: author.token, body: { resourceId: postId, newPrice: 12 } })).status,
    ).toBe(200);
    await harness.catchUp();
    const inbox = await harness.call<{ data: Json[] }>('GET', '/api/admin/price-requests', { token: admin.token });
    expect(inbox.body.data).toEqual([
      expect.objectContaining({
        resourceId: postId,
        currentPrice: 7.5,
        requestedPrice: 12,
        requester: { _id: author.userId, username: author.username },
      }),
    ]);

    const stale = await harness.call<Json>('POST', `/api/admin/price-requests/${postId}/decide`, {
      token: admin.token,
      body: { approve: true, requestedPrice: 11 },
    });
    expect(stale).toMatchObject({ status: 409, body: { message: TEMPLATE_MESSAGES.priceRequestChanged } });
    const approved = await harness.call<Json>('POST', `/api/admin/price-requests/${postId}/decide`, {
      token: admin.token,
      body: { approve: true, requestedPrice: 12 },
    });
    expect(approved).toMatchObject({ status: 200, body: { message: PRICE_REQUEST_MESSAGES.approved } });
    expect((await detail()).price).toBe(12);
    const mail = await harness.lastMailTo(`${author.username}@members.example`);
    expect(mail.subject).toContain('Quarterly Planner');
    expect(mail.text).toContain('$12.00');
    expect((await harness.call<{ data: Json[] }>('GET', '/api/admin/price-requests', { token: admin.token })).body.data).toEqual([]);
    const again = await harness.call<Json>('POST', `/api/admin/price-requests/${postId}/decide`, {
      token: admin.token,
      body: { approve: true, requestedPrice: 12 },
    });
    expect(again).toMatchObject({ status: 409, body: { message: TEMPLATE_MESSAGES.noPriceRequest } });
  });

  it('declines a request with a reason: the price stays and the author is told why', async () => {
    expect(
      (await harness.call<Json>('POST', '/api/zapier', { token: author.token, body: { resourceId: postId, newPrice: 99 } })).status,
    ).toBe(200);
    const declined = await harness.call<Json>('POST', `/api/admin/price-requests/${postId}/decide`, {
      token: admin.token,
      body: { approve: false, requestedPrice: 99, reason: 'Too steep for a planner' },
    });
    expect(declined).toMatchObject({ status: 200, body: { message: PRICE_REQUEST_MESSAGES.declined } });
    expect((await detail()).price).toBe(12);
    expect((await harness.lastMailTo(`${author.username}@members.example`)).text).toContain('Too steep for a planner');
  });

  it('sets a price of 0 (the post becomes free), trims a typed price and refuses fractions of a cent', async () => {
    const edit = (newPrice: unknown) =>
      harness.call<Json>('PUT', `/api/admin/resources/edit/${postId}`, { token: admin.token, body: { newPrice } });
    expect((await edit(' 7 ')).status).toBe(200);
    expect((await detail()).price).toBe(7);
    const free = await edit('0');
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect((await detail()).price).toBe(0);
    expect(await edit(0.001)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(TEMPLATE_MESSAGES.priceBelowMinimum) },
    });
    expect(await edit('2.345')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(TEMPLATE_MESSAGES.priceNotWholeCents) },
    });
    expect(await edit('1e2')).toMatchObject({ status: 400, body: { message: expect.stringContaining(TEMPLATE_MESSAGES.invalidPrice) } });
    expect((await detail()).price).toBe(0);
  });

  it('names a keyword that is too long, not a position that differs from the slot the admin sees', async () => {
    // Slot 1 empty, slot 3 too long: the form sends the kept keywords only.
    const long = 'k'.repeat(TEMPLATE_LIMITS.tagLength + 1);
    const answer = await harness.call<Json>('PUT', `/api/admin/resources/edit/${postId}`, {
      token: admin.token,
      body: { keywords: ['fine', long] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(keywordTooLongMessage(long));
    expect(answer.body.message).not.toMatch(/keywords\.\d/u);
  });

  it('refuses to price a post, by quick edit or by approving a request, whose author has no payout account taking charges: nobody could buy it', async () => {
    const unpaid = await makeMember(harness, { prefix: 'res_unpaid' });
    const created = await harness.call<Json>('POST', '/api/resources', {
      token: unpaid.token,
      body: { ...validPost, title: 'Free Forever Planner', url: 'https://example.com/free-forever' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data?._id ?? created.body.resource?._id ?? created.body._id;
    expect(
      (await harness.call<Json>('PUT', '/api/admin/resources/update', { token: admin.token, body: { _id: id, status: 'live' } })).status,
    ).toBe(200);
    const priced = await harness.call<Json>('PUT', `/api/admin/resources/edit/${id}`, {
      token: admin.token,
      body: { description: { short: 'Changed too?', long: '' }, newPrice: '9.99' },
    });
    expect(priced).toMatchObject({ status: 400, body: { message: PRICE_REQUEST_MESSAGES.authorCannotSell } });
    // Refused whole: the description is not changed either.
    const shown = (await harness.call<Json>('GET', `/api/resources/viewById/${id}`, { token: admin.token })).body.data;
    expect(shown).toMatchObject({ price: 0, description: { short: validPost.description } });

    // The author may ask for a price (spec 2.2: 'Price Change Request Submitted'), but it cannot be approved while nobody could buy.
    expect(await harness.call<Json>('POST', '/api/zapier', { token: unpaid.token, body: { resourceId: id, newPrice: 5 } })).toMatchObject({
      status: 200,
      body: { message: TEMPLATE_MESSAGES.priceChangeRequested },
    });
    await harness.catchUp();
    const approved = await harness.call<Json>('POST', `/api/admin/price-requests/${id}/decide`, {
      token: admin.token,
      body: { approve: true, requestedPrice: 5 },
    });
    expect(approved).toMatchObject({ status: 400, body: { message: PRICE_REQUEST_MESSAGES.authorCannotSell } });
    const declined = await harness.call<Json>('POST', `/api/admin/price-requests/${id}/decide`, {
      token: admin.token,
      body: { approve: false, requestedPrice: 5 },
    });
    expect(declined.status).toBe(200);
    expect((await harness.call<Json>('GET', `/api/resources/viewById/${id}`, { token: admin.token })).body.data.price).toBe(0);
  });
});
