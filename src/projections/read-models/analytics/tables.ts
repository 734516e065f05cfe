import type { FactKind } from '../../../domain/analytics/facts.js';
import { gatherNoStatistics, type DdlDatabase, type GenerationTables } from '../tables.js';

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
  steps: string | null;
}

/** Admin statistics: its tables by logical name (the runner maps them to the live generation). */
export interface AnalyticsTables {
  analytics_facts: AnalyticsFactsView;
}

export async function createAnalyticsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.analytics_facts)
    .addColumn('position', 'bigint', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('key', 'text')
    .addColumn('value', 'text')
    .addColumn('steps', 'text')
    .execute();
  // The reports select by kind and time and count the rest in memory.
  await gatherNoStatistics(trx, t.analytics_facts, FACT_COLUMNS_COUNTED_ONLY);
}

const FACT_COLUMNS_COUNTED_ONLY = [
  'position',
  'event_id',
  'user_id',
  'key',
  'value',
  'steps',
] as const satisfies readonly (keyof AnalyticsFactsView)[];

/** The reports' index: a rebuild creates it once its rows are in. */
export async function createAnalyticsIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.analytics_facts}_kind_at`).ifNotExists().on(t.analytics_facts).columns(['kind', 'at']).execute();
}
