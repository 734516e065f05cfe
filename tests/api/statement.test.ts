import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxOrderProvider } from '../../src/adapters/payments/paypal-sandbox.js';
import { SESSION_COOKIE } from '../../src/api/auth/sessions.js';
import { purchaseStream } from '../../src/domain/commerce/events.js';
import { RECEIVED_BY_TEXT, STATEMENT_MESSAGES } from '../../src/domain/commerce/statement.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, onboardSandboxSeller, type Member } from '../fixtures/members.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Payment flows with several HTTP round trips and projections, and a restart; a loaded 2-core machine needs the margin. */
const FLOW_TIMEOUT_MS = 240_000;
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe('GET /api/sales/statement: a seller’s statement traced to the log', () => {
  let harness: ApiHarness;
  let admin: Member;
  let seller: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 58 }, { platformFeePercent: 20 });
    admin = await makeMember(harness, { prefix: 'stmt_admin', lvl: 'admin' });
    seller = await makeMember(harness, { prefix: 'stmt_seller' });
    await onboardSandboxSeller(harness, seller, 'complete');
  }, FLOW_TIMEOUT_MS);
  afterAll(async () => {
    await harness?.close();
  });

  /** A live $10 post of the seller's. */
  async function livePost(): Promise<string> {
    const body = {
      type: 'productivity',
      platform: 'notion',
      title: `Ledger ${randomUUID().slice(0, 8)}`,
      description: 'Keep a ledger.',
      url: 'https://example.com/ledger',
      instructions: 'Duplicate it.',
      tags: ['Ledger'],
      images: [],
      price: 10,
    };
    const created = await harness.call<Json>('POST', '/api/resources', { token: seller.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const templateId = created.body.resource._id as string;
    const live = await harness.call<Json>('PUT', '/api/admin/resources/update', {
      token: admin.token,
      body: { _id: templateId, status: 'live' },
    });
    expect(live.status).toBe(200);
    return templateId;
  }

  /** Bought by a new member with a card on the sandbox's page. */
  async function sellByCard(): Promise<{ templateId: string; buyer: Member }> {
    const templateId = await livePost();
    const buyer = await makeMember(harness, { prefix: 'stmt_card' });
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

  /** Bought by a new member with a PayPal-style order, approved on the sandbox and captured. */
  async function sellByOrder(): Promise<{ templateId: string; buyer: Member }> {
    const templateId = await livePost();
    const buyer = await makeMember(harness, { prefix: 'stmt_paypal' });
    const order = await harness.call<Json>('POST', '/api/orders', { token: buyer.token, body: { cart: [{ id: templateId }] } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const orders = harness.infrastructure.commerce.orderProvider;
    if (!isSandboxOrderProvider(orders)) throw new Error('The harness runs the sandbox order provider');
    await orders.approve(order.body.id, 'pays');
    const captured = await harness.call<Json>('POST', `/api/orders/${order.body.id}/capture`, { token: buyer.token, body: {} });
    expect(captured.body, JSON.stringify(captured.body)).toMatchObject({ status: 'COMPLETED', purchased: true });
    await harness.catchUp();
    return { templateId, buyer };
  }

  const statement = (query: string, member: Member = seller) =>
    harness.call<Json>('GET', `/api/sales/statement?${query}`, { token: member.token });
  const sumOf = (lines: Json[]) => Math.round(lines.reduce((sum, line) => sum + (line.amount as number), 0) * 100) / 100;

  it(
    'lists sales, fees at the rule of their day, a refund and PayPal money owed, summing to the totals; as of before the refund, no refund',
    async () => {
      const card = await sellByCard();
      const paypal = await sellByOrder();
      const beforeRefund = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const refund = await harness.call<Json>('POST', '/api/refund', {
        token: admin.token,
        body: { data: { _id: card.templateId }, buyerId: card.buyer.userId },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await harness.catchUp();
      // The commission changes within the period: the next sale is at 5 %, the earlier ones stay at 20 %.
      await harness.restart({ platformFeePercent: 5 });
      await sellByCard();

      const period = `from=${day(-1)}&to=${day(1)}`;
      const answer = await statement(period);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      console.info(`statement: ${JSON.stringify(answer.body, null, 1)}`);
      const { lines, totals } = answer.body;
      expect(lines.map((line: Json) => [line.kind, line.amount, line.receivedBy])).toEqual([
        ['sale', 10, 'seller'],
        ['platform_fee', -2, 'seller'],
        ['sale', 10, 'platform'],
        ['platform_fee', -2, 'platform'],
        ['refund', -10, 'seller'],
        ['platform_fee_refund', 2, 'seller'],
        ['sale', 10, 'seller'],
        ['platform_fee', -0.5, 'seller'],
      ]);
      expect(lines.filter((line: Json) => line.kind === 'platform_fee').map((line: Json) => line.rule)).toEqual([
        '20% commission (PLATFORM_FEE_PERCENT at checkout)',
        '20% commission (PLATFORM_FEE_PERCENT at checkout)',
        '5% commission (PLATFORM_FEE_PERCENT at checkout)',
      ]);
      expect(totals).toEqual([{ currency: 'USD', sales: 30, platformFees: -2.5, refunds: -10, net: 17.5, owedByPlatform: 8 }]);
      expect(sumOf(lines)).toBe(totals[0].net);
      // Each line is its event's, in log order.
      const positions = lines.map((line: Json) => BigInt(line.position));
      expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
      const cardStream = await harness.infrastructure.store.readStream(purchaseStream(card.templateId, card.buyer.userId));
      expect(cardStream.find((event) => event.type === 'PurchaseRecorded')?.position).toBe(positions[0]);
      expect(cardStream.find((event) => event.type === 'PurchaseRefunded')?.position).toBe(positions[4]);
      // No buyer's identity anywhere.
      for (const buyer of [card.buyer, paypal.buyer]) {
        expect(JSON.stringify(answer.body)).not.toContain(buyer.userId);
        expect(JSON.stringify(answer.body)).not.toContain(buyer.username);
      }

      // As the log stood before the refund.
      const before = await statement(`${period}&asOf=${encodeURIComponent(beforeRefund)}`);
      expect(before.status, JSON.stringify(before.body)).toBe(200);
      expect(before.body.lines.map((line: Json) => line.kind)).toEqual(['sale', 'platform_fee', 'sale', 'platform_fee']);
      expect(before.body.totals).toEqual([{ currency: 'USD', sales: 20, platformFees: -4, refunds: 0, net: 16, owedByPlatform: 8 }]);

      // The CSV holds the same lines.
      const csv = await harness.app.inject({
        method: 'GET',
        url: `/api/sales/statement.csv?${period}`,
        cookies: { [SESSION_COOKIE]: seller.token },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/u);
      const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
      expect(rows.map((row) => [row.kind, Number(row.amount), row.position, row.receivedBy])).toEqual(
        lines.map((line: Json) => [line.kind, line.amount, line.position, line.receivedBy]),
      );

      // Another seller sees none of it.
      const other = await makeMember(harness, { prefix: 'stmt_other' });
      expect((await statement(period, other)).body).toEqual({ lines: [], totals: [] });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'says a PayPal sale went to the platform’s account and is owed to the seller, in the e-mail and on /sales',
    async () => {
      const mailToSeller = async () =>
        (await harness.infrastructure.outbox!.list({ to: `${seller.username}@members.example`, limit: 20 })).find((mail) =>
          mail.text.includes('paid with PayPal'),
        )?.text ?? 'no sale e-mail says where the PayPal money went';
      await expect.poll(mailToSeller, { timeout: 30_000 }).toContain('into Tessera’s PayPal account, not yours: Tessera owes you 8.00 USD');
      const sales = (await harness.call<Json>('GET', '/api/users/sales-data', { token: seller.token })).body;
      expect(sales.owedByPlatform).toBe(8);
      expect(sales.paymentData.filter((payment: Json) => payment.receivedBy === 'platform')).toHaveLength(1);
      expect(RECEIVED_BY_TEXT.platform).toContain('owed to you');
    },
    FLOW_TIMEOUT_MS,
  );

  it('refuses malformed dates, a period that ends before it starts and a moment to come with a 400 that says why', async () => {
    const cases: Array<[string, string]> = [
      [`from=last-week&to=${day(0)}`, STATEMENT_MESSAGES.malformedDate('from')],
      [`from=${day(0)}&to=2026-13-01`, STATEMENT_MESSAGES.malformedDate('to')],
      [`from=${day(1)}&to=${day(0)}`, STATEMENT_MESSAGES.fromAfterTo],
      [`from=${day(-1)}&to=${day(0)}&asOf=soon`, STATEMENT_MESSAGES.malformedDate('asOf')],
      [`from=${day(-1)}&to=${day(0)}&asOf=${day(2)}`, STATEMENT_MESSAGES.asOfInFuture],
    ];
    for (const [query, message] of cases) {
      expect(await statement(query), query).toMatchObject({ status: 400, body: { error: true, message } });
      const csv = await harness.app.inject({
        method: 'GET',
        url: `/api/sales/statement.csv?${query}`,
        cookies: { [SESSION_COOKIE]: seller.token },
      });
      expect(csv.statusCode, query).toBe(400);
    }
    expect((await statement('')).status).toBe(400);
    expect((await harness.call<Json>('GET', `/api/sales/statement?from=${day(0)}&to=${day(0)}`)).status).toBe(401);
  });
});
