import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { canTakeCharges, payoutStatusOf, type PayoutStatus } from '../../../domain/commerce/payout-account.js';
import { sellerEarningsOf } from '../../../domain/commerce/commission.js';
import { toMajorUnits, type CurrencyCode } from '../../../domain/commerce/money.js';
import { moneyHolderOf, type MoneyHolder } from '../../../domain/commerce/statement.js';
import { DELETED_STATUS } from '../../../domain/templates/lifecycle.js';
import type { CheckoutsView, PayoutAccountsView, PurchasesView } from './tables.js';

/* Every read of the commerce tables: routes, command services and reactors call these. */

export interface PayoutAccountRow {
  provider: PayoutAccountsView['provider'];
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  status: PayoutStatus;
}

/** The seller's connected payout account; null when none is (never connected, or disconnected). */
export async function payoutAccountOf(db: Kysely<Schema>, userId: string): Promise<PayoutAccountRow | null> {
  const row = await db.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.status === payoutStatusOf(null)) return null;
  return {
    provider: row.provider,
    accountId: row.account_id,
    detailsSubmitted: row.details_submitted,
    chargesEnabled: row.charges_enabled,
    status: row.status,
  };
}

/** Whether the member's payout account takes charges: only then may a post of theirs have a price. */
export async function takesCharges(db: Kysely<Schema>, userId: string): Promise<boolean> {
  return canTakeCharges((await payoutAccountOf(db, userId))?.status ?? payoutStatusOf(null));
}

/** Who holds this provider account (a webhook names the account only). */
export async function payoutAccountOwner(db: Kysely<Schema>, accountId: string): Promise<string | null> {
  return (await db.selectFrom('payout_accounts').select('user_id').where('account_id', '=', accountId).executeTakeFirst())?.user_id ?? null;
}

export function checkoutBySession(db: Kysely<Schema>, providerSessionId: string): Promise<CheckoutsView | undefined> {
  return db.selectFrom('checkouts').selectAll().where('provider_session_id', '=', providerSessionId).executeTakeFirst();
}

/** The purchase that gives this buyer this post now (not refunded). */
export function activePurchaseOf(db: Kysely<Schema>, templateId: string, buyerId: string): Promise<PurchasesView | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('buyer_id', '=', buyerId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
}

export function purchaseByProviderPayment(db: Kysely<Schema>, providerPaymentId: string): Promise<PurchasesView | undefined> {
  return db.selectFrom('purchases').selectAll().where('provider_payment_id', '=', providerPaymentId).executeTakeFirst();
}

/** The buyer's standing purchases, newest first (refunded ones are gone from their list). */
export function purchasesOfBuyer(db: Kysely<Schema>, buyerId: string): Promise<PurchasesView[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('refunded_at', 'is', null)
    .orderBy('purchased_at', 'desc')
    .orderBy('purchase_id')
    .execute();
}

/** Whether the user has ever sold anything (a refunded sale counts: it stays on the sales page). */
export async function hasSales(db: Kysely<Schema>, sellerId: string): Promise<boolean> {
  return (
    (await db.selectFrom('purchases').select('purchase_id').where('seller_id', '=', sellerId).limit(1).executeTakeFirst()) !== undefined
  );
}

/** The purchase streams (post and buyer) holding a seller's sales recorded up to `asOf`: where their statement is read from. */
export function purchaseStreamsOfSeller(
  db: Kysely<Schema>,
  sellerId: string,
  asOf: Date,
): Promise<Array<{ template_id: string; buyer_id: string }>> {
  return db
    .selectFrom('purchases')
    .select(['template_id', 'buyer_id'])
    .distinct()
    .where('seller_id', '=', sellerId)
    .where('purchased_at', '<=', asOf)
    .execute();
}

/** Every purchase of a post, newest first, refunded ones too. */
export function purchasesOfTemplate(db: Kysely<Schema>, templateId: string): Promise<PurchasesView[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('purchased_at', 'desc')
    .orderBy('purchase_id')
    .execute();
}

/** The spec's Sales response (posts-payments-rewards.md section 3). */
export interface SalesAnswer {
  salesData: { date: string; count: number; title: string; paymentStatus: 'paid' | 'refunded'; amount: number; currency: CurrencyCode }[];
  productsSold: number;
  totalEarnings: number;
  /** The part of `totalEarnings` paid with PayPal: Tessera's PayPal account received it and owes it to the seller. */
  owedByPlatform: number;
  revenue: number;
  currency: CurrencyCode;
  productsCreated: number;
  /** `amount` is what the buyer paid; `platformFee` the platform's cut of it, as recorded with the sale. */
  paymentData: {
    id: string;
    amount: number;
    platformFee: number;
    currency: CurrencyCode;
    description: string;
    date: string;
    status: 'paid' | 'refunded';
    buyerId: string;
    templateId: string;
    /** Whose account the money went to: the seller's payout account, or the platform's (PayPal orders). */
    receivedBy: MoneyHolder;
  }[];
  views: number;
  kudos: number;
  comments: number;
  saves: number;
  hasPayoutAccount: boolean;
}

/**
 * A seller's sales: every purchase of their posts (refunded ones listed as refunded, left out of the
 * totals), and their posts' view, kudos, comment and save tallies. Revenue is what buyers paid, total
 * earnings that less each sale's recorded platform fee. Amounts are in major units of the posts'
 * currency (US dollars) for display.
 */
export async function salesOf(db: Kysely<Schema>, sellerId: string): Promise<SalesAnswer> {
  const purchases = await db
    .selectFrom('purchases')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .orderBy('purchased_at', 'desc')
    .orderBy('purchase_id')
    .execute();
  const tallies = await db
    .selectFrom('templates')
    .leftJoin('template_activity', 'template_activity.template_id', 'templates.id')
    .select([
      sql<number>`count(*)`.as('created'),
      sql<number>`coalesce(sum(template_activity.views), 0)`.as('views'),
      sql<number>`coalesce(sum(template_activity.comments), 0)`.as('comments'),
      sql<number>`coalesce(sum(templates.likes), 0)`.as('kudos'),
      sql<number>`coalesce(sum(templates.saves), 0)`.as('saves'),
    ])
    .where('templates.author_id', '=', sellerId)
    .where('templates.status', '!=', DELETED_STATUS)
    .executeTakeFirstOrThrow();
  const account = await payoutAccountOf(db, sellerId);
  const standing = purchases.filter((purchase) => purchase.refunded_at === null);
  const revenueMinor = standing.reduce((sum, purchase) => sum + purchase.amount, 0);
  const earningsOf = (sales: readonly PurchasesView[]) =>
    sales.reduce(
      (sum, purchase) =>
        sum + sellerEarningsOf({ price: purchase, platformFee: { amount: purchase.platform_fee, currency: purchase.currency } }).amount,
      0,
    );
  const earningsMinor = earningsOf(standing);
  const owedMinor = earningsOf(standing.filter((purchase) => moneyHolderOf(purchase.provider) === 'platform'));
  const status = (purchase: PurchasesView) => (purchase.refunded_at === null ? ('paid' as const) : ('refunded' as const));
  return {
    salesData: purchases.map((purchase) => ({
      date: purchase.purchased_at.toISOString(),
      count: 1,
      title: purchase.title,
      paymentStatus: status(purchase),
      amount: toMajorUnits(purchase),
      currency: purchase.currency,
    })),
    productsSold: standing.length,
    totalEarnings: toMajorUnits({ amount: earningsMinor, currency: 'USD' }),
    owedByPlatform: toMajorUnits({ amount: owedMinor, currency: 'USD' }),
    revenue: toMajorUnits({ amount: revenueMinor, currency: 'USD' }),
    currency: 'USD',
    productsCreated: Number(tallies.created),
    paymentData: purchases.map((purchase) => ({
      id: purchase.purchase_id,
      amount: toMajorUnits(purchase),
      platformFee: toMajorUnits({ amount: purchase.platform_fee, currency: purchase.currency }),
      currency: purchase.currency,
      description: purchase.title,
      date: purchase.purchased_at.toISOString(),
      status: status(purchase),
      buyerId: purchase.buyer_id,
      templateId: purchase.template_id,
      receivedBy: moneyHolderOf(purchase.provider),
    })),
    views: Number(tallies.views),
    kudos: Number(tallies.kudos),
    comments: Number(tallies.comments),
    saves: Number(tallies.saves),
    hasPayoutAccount: account !== null,
  };
}
