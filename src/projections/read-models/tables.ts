import { sql, type Kysely } from 'kysely';

/*
 * What every read model's tables.ts shares. A leaf: adapters/db/schema.ts composes the Schema from the
 * tables.ts modules' row types, so nothing they import may import the Schema back.
 */

/** The read-model tables; each is a view over the live generation's physical table. */
export const READ_MODEL_TABLES = [
  'users',
  'sessions',
  'templates',
  'template_likes',
  'template_saves',
  'template_flags',
  'template_activity',
  'comments',
  'reports',
  'kudos_givers',
  'rewards',
  'search_documents',
  'search_popularity',
  'search_engagement',
  'search_words',
  'search_word_templates',
  'searches',
  'search_terms',
  'contact_messages',
  'payout_accounts',
  'checkouts',
  'purchases',
  'generation_jobs',
  'generated_files',
  'support_feedback',
  'support_chat_exchanges',
  'analytics_facts',
  'price_change_requests',
  'curated_lists',
  'mass_email_campaigns',
  'mass_email_outcomes',
  'access_tokens',
  'webhook_endpoints',
  'webhook_deliveries',
  'template_versions',
  'version_holders',
  'update_notice_subscribers',
] as const;
export type ReadModelTable = (typeof READ_MODEL_TABLES)[number];

/**
 * The physical table names of one generation, typed as their logical names so Kysely's
 * typing applies; at run time each value is `<logical>__g<generation>`.
 */
export type GenerationTables = { readonly [T in ReadModelTable]: T };

/**
 * The database as the DDL sees it. Creating tables and raw SQL name no table types, so, as Kysely
 * advises for migrations, the DDL takes any database rather than the Schema it would loop back to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type DdlDatabase = Kysely<any>;

/**
 * Columns only shown or counted in memory, never filtered, joined or sorted on: their statistics would
 * never steer a plan, and gathering them was most of the ANALYZE a rebuild runs before its switch.
 */
export async function gatherNoStatistics(trx: DdlDatabase, table: string, columns: readonly string[]): Promise<void> {
  await sql`alter table ${sql.id(table)} ${sql.join(columns.map((column) => sql`alter column ${sql.id(column)} set statistics 0`))}`.execute(
    trx,
  );
}

/**
 * Waits for every piece of work, then throws the first failure. Promise.all would throw at the first
 * one while the others still run: a rebuild would release its runner locks under running statements.
 */
export async function eachSettled(work: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
