import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** An author's latest price-change request per post, and whether it still waits for an admin. */
export interface PriceChangeRequestsView {
  template_id: string;
  requester_id: string;
  current_price_cents: number;
  requested_price_cents: number;
  requested_at: Date;
  pending: boolean;
  last_position: bigint;
}

/** Price-change requests: its tables by logical name (the runner maps them to the live generation). */
export interface PriceRequestsTables {
  price_change_requests: PriceChangeRequestsView;
}

export async function createPriceRequestsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.price_change_requests)
    .addColumn('template_id', 'text', (c) => c.primaryKey())
    .addColumn('requester_id', 'text', (c) => c.notNull())
    .addColumn('current_price_cents', 'integer', (c) => c.notNull())
    .addColumn('requested_price_cents', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pending', 'boolean', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
}
