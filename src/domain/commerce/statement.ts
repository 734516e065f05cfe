import type { PurchaseRecorded, PurchaseRefunded } from './events.js';
import { toMajorUnits, type CurrencyCode, type Money } from './money.js';
import { ORDER_PROVIDER_NAME } from './purchase.js';

/*
 * A seller's statement (issue 58): every money line of their sales in a period, each traced to the
 * event it comes from (its log position), summing to the period's net. Folded from the log as it
 * stood at `asOf`, never from today's tables, so an old statement reads the same tomorrow.
 */

export const STATEMENT_MESSAGES = {
  malformedDate: (name: string) => `${name} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SSZ), for example 2026-11-30.`,
  fromAfterTo: 'The period starts after it ends: `from` must be on or before `to`.',
  asOfInFuture: 'A statement as of a moment still to come cannot be drawn: leave `asOf` out, or give a moment already past.',
  loadFailed: 'Your statement could not be loaded.',
} as const;

export const STATEMENT_KINDS = ['sale', 'platform_fee', 'refund', 'platform_fee_refund'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** Who holds the money of a line: the seller's payout account (card sales), or the platform's account, which owes it to the seller (PayPal orders). */
export type MoneyHolder = 'seller' | 'platform';

export const STATEMENT_KIND_LABELS: Record<StatementKind, string> = {
  sale: 'Sale',
  platform_fee: 'Platform fee',
  refund: 'Refund',
  platform_fee_refund: 'Platform fee returned',
};

/** Where a sale's money went, in words: what the statement, the sales page and the sale e-mail say. */
export const RECEIVED_BY_TEXT: Record<MoneyHolder, string> = {
  seller: 'Paid into your payout account',
  platform: 'Received by Tessera’s PayPal account and owed to you',
};

/** The sales page's word on PayPal earnings: the platform's account holds them. */
export const owedByPlatformNotice = (amount: string) =>
  `Of your earnings, ${amount} was paid with PayPal into Tessera’s PayPal account, not your payout account: Tessera owes it to you.`;

export interface StatementLine {
  /** When the event was recorded (ISO). */
  at: string;
  kind: StatementKind;
  templateId: string;
  title: string;
  /** Signed, in major units: what the line adds to or takes from the seller's net. */
  amount: number;
  currency: CurrencyCode;
  /** The commission rule the fee was taken under (platform fee lines). */
  rule?: string;
  receivedBy: MoneyHolder;
  /** The event's position in the log. */
  position: string;
}

export interface StatementTotals {
  currency: CurrencyCode;
  sales: number;
  platformFees: number;
  refunds: number;
  /** The sum of every line of this currency. */
  net: number;
  /** The part of `net` that the platform's account holds and owes the seller (PayPal orders). */
  owedByPlatform: number;
}

export interface Statement {
  lines: StatementLine[];
  totals: StatementTotals[];
}

export interface StatementPeriod {
  from: Date;
  /** Inclusive. */
  to: Date;
  asOf: Date;
}

/** A seller's purchase event as read from the log: the facts a statement line needs. */
export interface StatementEvent {
  type: string;
  data: unknown;
  position: bigint;
  occurredAt: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/u;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/u;
const DAY_MS = 86_400_000;

/** A date (a whole UTC day: its start, or its last millisecond when `end`) or an instant; null when malformed. */
function parseMoment(value: string, end: boolean): Date | null {
  if (DATE_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null;
    return end ? new Date(day.getTime() + DAY_MS - 1) : day;
  }
  if (!DATE_TIME.test(value)) return null;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * The period asked for, or the message saying what is wrong with it. A date-only `to` or `asOf`
 * covers its whole day; `asOf` defaults to `now` and may not be later than it.
 */
export function statementPeriod(
  query: { from: string; to: string; asOf?: string | undefined },
  now: Date,
): { period: StatementPeriod } | { error: string } {
  const from = parseMoment(query.from, false);
  if (!from) return { error: STATEMENT_MESSAGES.malformedDate('from') };
  const to = parseMoment(query.to, true);
  if (!to) return { error: STATEMENT_MESSAGES.malformedDate('to') };
  if (from > to) return { error: STATEMENT_MESSAGES.fromAfterTo };
  if (query.asOf === undefined) return { period: { from, to, asOf: now } };
  const asOf = parseMoment(query.asOf, false);
  if (!asOf) return { error: STATEMENT_MESSAGES.malformedDate('asOf') };
  if (asOf > now) return { error: STATEMENT_MESSAGES.asOfInFuture };
  return { period: { from, to, asOf } };
}

/** The commission rule a fee was taken under: the percent of its day, as the checkout recorded it. */
export function commissionRule(sale: { price: Money; platformFee: Money }): string {
  if (sale.platformFee.amount === 0) return 'No commission (0%, the beta’s rate)';
  const percent = Math.round((sale.platformFee.amount * 10_000) / sale.price.amount) / 100;
  return `${percent}% commission (PLATFORM_FEE_PERCENT at checkout)`;
}

/** A PayPal order is captured by the platform's PayPal account (it names no seller account); a card payment goes to the seller's payout account. */
export const moneyHolderOf = (provider: string): MoneyHolder => (provider === ORDER_PROVIDER_NAME ? 'platform' : 'seller');

/**
 * The statement of one seller's purchase events (any order of streams): lines of the events recorded
 * up to `asOf` whose moment falls in the period, oldest first, and their totals per currency. A refund
 * gives the sale's platform fee back with it, as the sales page counts a refunded sale as no sale.
 * No line names the buyer.
 */
export function statementOf(events: readonly StatementEvent[], sellerId: string, period: StatementPeriod): Statement {
  const known = [...events].filter((event) => new Date(event.occurredAt) <= period.asOf).sort((a, b) => (a.position < b.position ? -1 : 1));
  const purchases = new Map<string, PurchaseRecorded['data']>();
  const lines: Array<StatementLine & { minor: number }> = [];
  const inPeriod = (event: StatementEvent) => {
    const at = new Date(event.occurredAt);
    return at >= period.from && at <= period.to;
  };
  const line = (event: StatementEvent, fields: Omit<StatementLine, 'at' | 'position' | 'amount'> & { money: Money; sign: 1 | -1 }) => {
    const { money, sign, ...rest } = fields;
    const minor = sign * money.amount || 0; // no -0 for a fee of nothing
    lines.push({
      ...rest,
      at: event.occurredAt,
      amount: toMajorUnits({ amount: minor, currency: money.currency }),
      position: event.position.toString(),
      minor,
    });
  };
  for (const event of known) {
    if (event.type === 'PurchaseRecorded') {
      const sale = event.data as PurchaseRecorded['data'];
      if (sale.sellerId !== sellerId) continue;
      purchases.set(sale.purchaseId, sale);
      if (!inPeriod(event)) continue;
      const common = {
        templateId: sale.templateId,
        title: sale.bought.title,
        currency: sale.price.currency,
        receivedBy: moneyHolderOf(sale.provider),
      };
      line(event, { ...common, kind: 'sale', money: sale.price, sign: 1 });
      line(event, { ...common, kind: 'platform_fee', money: sale.platformFee, sign: -1, rule: commissionRule(sale) });
    } else if (event.type === 'PurchaseRefunded') {
      const refund = event.data as PurchaseRefunded['data'];
      if (refund.sellerId !== sellerId || !inPeriod(event)) continue;
      const sale = purchases.get(refund.purchaseId);
      const common = {
        templateId: refund.templateId,
        title: refund.title,
        currency: refund.amount.currency,
        receivedBy: moneyHolderOf(refund.provider),
      };
      line(event, { ...common, kind: 'refund', money: refund.amount, sign: -1 });
      if (sale) line(event, { ...common, kind: 'platform_fee_refund', money: sale.platformFee, sign: 1, rule: commissionRule(sale) });
    }
  }
  return { lines: lines.map(({ minor: _minor, ...rest }) => rest), totals: totalsOf(lines) };
}

function totalsOf(lines: ReadonlyArray<StatementLine & { minor: number }>): StatementTotals[] {
  const sums = new Map<CurrencyCode, { sales: number; platformFees: number; refunds: number; net: number; owedByPlatform: number }>();
  for (const entry of lines) {
    const sum = sums.get(entry.currency) ?? { sales: 0, platformFees: 0, refunds: 0, net: 0, owedByPlatform: 0 };
    if (entry.kind === 'sale') sum.sales += entry.minor;
    else if (entry.kind === 'refund') sum.refunds += entry.minor;
    else sum.platformFees += entry.minor;
    sum.net += entry.minor;
    if (entry.receivedBy === 'platform') sum.owedByPlatform += entry.minor;
    sums.set(entry.currency, sum);
  }
  return [...sums].map(([currency, sum]) => ({
    currency,
    sales: toMajorUnits({ amount: sum.sales, currency }),
    platformFees: toMajorUnits({ amount: sum.platformFees, currency }),
    refunds: toMajorUnits({ amount: sum.refunds, currency }),
    net: toMajorUnits({ amount: sum.net, currency }),
    owedByPlatform: toMajorUnits({ amount: sum.owedByPlatform, currency }),
  }));
}

export const STATEMENT_CSV_COLUMNS = ['at', 'kind', 'templateId', 'title', 'amount', 'currency', 'rule', 'receivedBy', 'position'] as const;

/** A statement's lines as CSV rows (header first), for the export: the cells, before any CSV quoting. */
export function statementRows(statement: Statement): Array<Array<string | number>> {
  return [
    [...STATEMENT_CSV_COLUMNS],
    ...statement.lines.map((entry) => [
      entry.at,
      entry.kind,
      entry.templateId,
      entry.title,
      entry.amount,
      entry.currency,
      entry.rule ?? '',
      entry.receivedBy,
      entry.position,
    ]),
  ];
}
