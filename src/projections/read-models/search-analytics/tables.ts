import { sql } from 'kysely';
import { ensureSearchExtensions } from '../search/tables.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** Search analytics: one row per search. */
export interface SearchesView {
  search_id: string;
  term: string;
  user_id: string | null;
  /** Who searched when nobody was signed in: a keyed digest of the address. */
  searcher: string | null;
  /** Whether the search found live posts (false for searches recorded before this was asked). */
  found_posts: boolean;
  occurred_at: Date;
}

export interface SearchTermsView {
  term: string;
  /** How many people searched it (signed-in users, anonymous addresses), not how many requests. */
  searches: number;
  /** How many different signed-in members searched it. */
  members: number;
  /** Whether any search of it found live posts. */
  found_posts: boolean;
  last_searched_at: Date;
  /** An admin took it out of the popular searches (PopularSearchRemoved): never shown again. */
  removed: boolean;
}

/** Search analytics: its tables by logical name (the runner maps them to the live generation). */
export interface SearchAnalyticsTables {
  searches: SearchesView;
  search_terms: SearchTermsView;
}

export async function createSearchAnalyticsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await ensureSearchExtensions(trx);
  await trx.schema
    .createTable(t.searches)
    .addColumn('search_id', 'text', (c) => c.primaryKey())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('searcher', 'text')
    .addColumn('found_posts', 'boolean', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await trx.schema.createIndex(`${t.searches}_term`).on(t.searches).column('term').execute();
  await trx.schema
    .createTable(t.search_terms)
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull())
    .addColumn('found_posts', 'boolean', (c) => c.notNull())
    .addColumn('last_searched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('removed', 'boolean', (c) => c.notNull())
    .execute();
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createSearchAnalyticsIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await sql`create index if not exists ${sql.id(`${t.search_terms}_trgm`)} on ${sql.id(t.search_terms)} using gist (term public.gist_trgm_ops)`.execute(
    db,
  );
}
