import type { CurrencyCode } from '../../../domain/commerce/money.js';
import type { PaymentProviderName } from '../../../domain/commerce/events.js';
import type { PayoutStatus } from '../../../domain/commerce/payout-account.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** A seller's payout account as the provider last reported it; no row, or status not_connected after a disconnect: not connected. */
export interface PayoutAccountsView {
  user_id: string;
  provider: PaymentProviderName;
  account_id: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  status: PayoutStatus;
  updated_at: Date;
  last_position: bigint;
}

/** Every checkout started; 'open' ones that never became 'paid' were abandoned (no purchase). */
export interface CheckoutsView {
  checkout_id: string;
  template_id: string;
  buyer_id: string;
  seller_id: string;
  provider: PaymentProviderName;
  provider_session_id: string;
  amount: number;
  currency: CurrencyCode;
  status: 'open' | 'paid' | 'failed';
  started_at: Date;
  last_position: bigint;
}

/** One row per purchase (refunded ones keep their row with refunded_at set). */
export interface PurchasesView {
  purchase_id: string;
  template_id: string;
  buyer_id: string;
  seller_id: string;
  /** Integer minor units of `currency`. */
  amount: number;
  /** The platform's cut of `amount` recorded with the sale, in the same units: the seller earns the rest. */
  platform_fee: number;
  currency: CurrencyCode;
  /** The content revision bought, and what it showed: the buyer keeps this version. */
  revision: number;
  title: string;
  title_url: string;
  url: string;
  provider: PaymentProviderName;
  provider_payment_id: string;
  purchased_at: Date;
  refunded_at: Date | null;
  provider_refund_id: string | null;
  last_position: bigint;
}

export interface CommerceTables {
  payout_accounts: PayoutAccountsView;
  checkouts: CheckoutsView;
  purchases: PurchasesView;
}

export async function createCommerceTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.payout_accounts)
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('details_submitted', 'boolean', (c) => c.notNull())
    .addColumn('charges_enabled', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.checkouts)
    .addColumn('checkout_id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.checkouts}_session`).on(t.checkouts).column('provider_session_id').execute();
  await trx.schema
    .createTable(t.purchases)
    .addColumn('purchase_id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('platform_fee', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_url', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('provider_refund_id', 'text')
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.purchases}_buyer`).on(t.purchases).columns(['buyer_id', 'template_id']).execute();
  await trx.schema.createIndex(`${t.purchases}_seller`).on(t.purchases).columns(['seller_id', 'purchased_at']).execute();
  await trx.schema.createIndex(`${t.purchases}_payment`).on(t.purchases).column('provider_payment_id').execute();
}
