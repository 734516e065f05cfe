import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { FactKind } from '../../../domain/analytics/facts.js';
import type { GenerationTables } from '../../projection.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** One analytics fact (src/domain/analytics/facts.ts) per event the admin statistics read. */
export interface AnalyticsFactsView {
  /** The event's position in the log: the key, in the order facts are written (a random event id made every insert a random index write). */
  position: bigint;
  event_id: string;
  kind: FactKind;
  at: Date;
  user_id: string | null;
  key: string | null;
  value: string | null;
}

/** Admin statistics: its tables by logical name (the runner maps them to the live generation). */
export interface AnalyticsTables {
  analytics_facts: AnalyticsFactsView;
}

export async function createAnalyticsTables(trx: Kysely<Schema>, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.analytics_facts)
    .addColumn('position', 'bigint', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('key', 'text')
    .addColumn('value', 'text')
    .execute();
  // The reports select by kind and time and count the rest in memory: statistics of the other columns
  // would never steer a plan, and gathering them was most of a rebuild's ANALYZE of this table.
  for (const column of FACT_COLUMNS_READ_ONLY) await sql`alter table ${sql.id(t.analytics_facts)} alter column ${sql.id(column)} set statistics 0`.execute(trx);
}

const FACT_COLUMNS_READ_ONLY = ['position', 'event_id', 'user_id', 'key', 'value'] as const satisfies readonly (keyof AnalyticsFactsView)[];

/** The reports' index: a rebuild creates it once its rows are in. */
export async function createAnalyticsIndexes(trx: Kysely<Schema>, t: GenerationTables): Promise<void> {
  await trx.schema.createIndex(`${t.analytics_facts}_kind_at`).ifNotExists().on(t.analytics_facts).columns(['kind', 'at']).execute();
}
