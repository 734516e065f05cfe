import { describe, expect, it } from 'vitest';
import { STATEMENT_MESSAGES, commissionRule, statementOf, statementPeriod, statementRows, type StatementEvent } from './statement.js';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const sale = (
  position: number,
  at: string,
  purchaseId: string,
  fee: number,
  provider = 'sandbox',
  sellerId = 'seller',
): StatementEvent => ({
  type: 'PurchaseRecorded',
  position: BigInt(position),
  occurredAt: at,
  data: {
    purchaseId,
    checkoutId: purchaseId,
    templateId: 'post-1',
    buyerId: 'buyer-secret',
    sellerId,
    price: usd(1000),
    platformFee: usd(fee),
    bought: { revision: 1, title: 'Budget planner', titleUrl: 'budget-planner', url: 'https://example.com' },
    provider,
    providerPaymentId: `pay-${purchaseId}`,
  },
});
const refund = (position: number, at: string, purchaseId: string, provider = 'sandbox'): StatementEvent => ({
  type: 'PurchaseRefunded',
  position: BigInt(position),
  occurredAt: at,
  data: {
    purchaseId,
    templateId: 'post-1',
    buyerId: 'buyer-secret',
    sellerId: 'seller',
    title: 'Budget planner',
    amount: usd(1000),
    provider,
    providerRefundId: 're_1',
    refundedBy: null,
  },
});
const period = (asOf = '2026-12-31T00:00:00Z') => ({
  from: new Date('2026-11-01T00:00:00Z'),
  to: new Date('2026-11-30T23:59:59.999Z'),
  asOf: new Date(asOf),
});

describe('statementPeriod', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  it('takes dates as whole UTC days and instants as given, asOf defaulting to now', () => {
    expect(statementPeriod({ from: '2026-11-01', to: '2026-11-30' }, now)).toEqual({ period: period(now.toISOString()) });
    expect(statementPeriod({ from: '2026-11-01T10:00:00Z', to: '2026-11-01T11:00:00+01:00', asOf: '2026-12-01' }, now)).toEqual({
      period: { from: new Date('2026-11-01T10:00:00Z'), to: new Date('2026-11-01T10:00:00Z'), asOf: new Date('2026-12-01T00:00:00Z') },
    });
  });
  it('names what is wrong: a malformed date, a period that ends before it starts, a moment to come', () => {
    expect(statementPeriod({ from: 'yesterday', to: '2026-11-30' }, now)).toEqual({ error: STATEMENT_MESSAGES.malformedDate('from') });
    expect(statementPeriod({ from: '2026-11-01', to: '2026-02-30' }, now)).toEqual({ error: STATEMENT_MESSAGES.malformedDate('to') });
    expect(statementPeriod({ from: '2026-12-01', to: '2026-11-30' }, now)).toEqual({ error: STATEMENT_MESSAGES.fromAfterTo });
    expect(statementPeriod({ from: '2026-11-01', to: '2026-11-30', asOf: '12/01/2026' }, now)).toEqual({
      error: STATEMENT_MESSAGES.malformedDate('asOf'),
    });
    expect(statementPeriod({ from: '2026-11-01', to: '2026-11-30', asOf: '2026-12-07T12:00:01Z' }, now)).toEqual({
      error: STATEMENT_MESSAGES.asOfInFuture,
    });
  });
});

describe('statementOf', () => {
  const events = [
    sale(10, '2026-10-31T23:00:00Z', 'before', 0),
    sale(20, '2026-11-02T09:00:00Z', 'p1', 0),
    sale(30, '2026-11-10T09:00:00Z', 'p2', 200, 'paypal'),
    refund(40, '2026-11-20T09:00:00Z', 'p2', 'paypal'),
    refund(41, '2026-11-21T09:00:00Z', 'before'),
    sale(50, '2026-11-22T09:00:00Z', 'other', 100, 'sandbox', 'someone-else'),
  ];

  it('lists each sale, fee and refund of the period with its position and rule, summing to the totals', () => {
    const statement = statementOf(events, 'seller', period());
    expect(statement.lines.map((line) => [line.position, line.kind, line.amount, line.receivedBy, line.rule])).toEqual([
      ['20', 'sale', 10, 'seller', undefined],
      ['20', 'platform_fee', 0, 'seller', 'No commission (0%, the beta’s rate)'],
      ['30', 'sale', 10, 'platform', undefined],
      ['30', 'platform_fee', -2, 'platform', '20% commission (PLATFORM_FEE_PERCENT at checkout)'],
      ['40', 'refund', -10, 'platform', undefined],
      ['40', 'platform_fee_refund', 2, 'platform', '20% commission (PLATFORM_FEE_PERCENT at checkout)'],
      ['41', 'refund', -10, 'seller', undefined],
      ['41', 'platform_fee_refund', 0, 'seller', 'No commission (0%, the beta’s rate)'],
    ]);
    expect(statement.totals).toEqual([{ currency: 'USD', sales: 20, platformFees: 0, refunds: -20, net: 0, owedByPlatform: 0 }]);
    const sum = statement.lines.reduce((total, line) => total + line.amount, 0);
    expect(sum).toBe(statement.totals[0]!.net);
    expect(JSON.stringify(statement)).not.toContain('buyer-secret');
  });

  it('as of a moment, leaves out what was recorded after it', () => {
    const statement = statementOf(events, 'seller', period('2026-11-15T00:00:00Z'));
    expect(statement.lines.map((line) => line.kind)).toEqual(['sale', 'platform_fee', 'sale', 'platform_fee']);
    expect(statement.totals).toEqual([{ currency: 'USD', sales: 20, platformFees: -2, refunds: 0, net: 18, owedByPlatform: 8 }]);
  });

  it('reads the commission rule from the fee recorded with the sale', () => {
    expect(commissionRule({ price: usd(999), platformFee: usd(60) })).toBe('6.01% commission (PLATFORM_FEE_PERCENT at checkout)');
  });

  it('exports the lines as rows under a header', () => {
    const rows = statementRows(statementOf(events, 'seller', period('2026-11-03T00:00:00Z')));
    expect(rows[0]).toEqual(['at', 'kind', 'templateId', 'title', 'amount', 'currency', 'rule', 'receivedBy', 'position']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['sale', 'platform_fee']);
  });
});
