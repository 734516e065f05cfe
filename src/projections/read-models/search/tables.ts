import { sql } from 'kysely';
import { eachSettled, gatherNoStatistics, type DdlDatabase, type GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** The Postgres search index: one row per template, searchable while live. */
export interface SearchDocumentsView {
  id: string;
  title_url: string;
  title: string;
  description: string;
  keywords: string[];
  tag_text: string;
  topic: string;
  platform: string;
  price_cents: number;
  status: string;
  searchable: boolean;
  author_id: string;
  created_at: Date;
  /** The last event that changed this row (popularity has its own row in search_popularity). */
  last_position: bigint;
}

/**
 * Popularity apart from the wide document: engagement changes it far more often than anything
 * else, and rewriting the document (and its tsvector) for every like made rebuilds crawl.
 */
export interface SearchPopularityView {
  template_id: string;
  /** Likes, saves and views (minus take-backs) in the 90 days up to `last_engaged_at`. */
  popularity_90: number;
  last_engaged_at: Date;
  /** The last engagement event counted. */
  last_position: bigint;
}

/** Engagement events counted by popularity, one row per event. */
export interface SearchEngagementView {
  template_id: string;
  /** +1 for a like, save or view; -1 for taking a like or save back. */
  weight: number;
  occurred_at: Date;
  /**
   * The event's position in the log, and the key: rows are written in its order (a random event id
   * made every insert a random index write). A popularity row's last_position is its template's latest.
   */
  position: bigint;
}

/** Every word of searchable titles, keywords, topics and apps: the vocabulary typos are corrected against. */
export interface SearchWordsView {
  word: string;
  /** How many searchable templates use it: a word goes when its last user does (topic and app words stay, at 0). */
  uses: number;
}

/**
 * The vocabulary words of each searchable template, as one row: a change of its words is counted
 * against the words it had. (A row per word and template was most of a rebuild's vocabulary work.)
 */
export interface SearchWordTemplatesView {
  template_id: string;
  /** Its distinct words, title first then keywords, in the order they first appear. */
  words: string[];
}

/** The Postgres search index: its tables by logical name (the runner maps them to the live generation). */
export interface SearchTables {
  search_documents: SearchDocumentsView;
  search_popularity: SearchPopularityView;
  search_engagement: SearchEngagementView;
  search_words: SearchWordsView;
  search_word_templates: SearchWordTemplatesView;
}

/**
 * Extensions live in `public` so that every schema (one per test run) shares one copy; queries
 * name them with the schema for the same reason. The lock keeps concurrent first starts from racing.
 */
export async function ensureSearchExtensions(db: DdlDatabase): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tessera:search-extensions'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists fuzzystrmatch with schema public`.execute(db);
}

const DOCUMENT_COLUMNS_SHOWN_ONLY = [
  'title_url',
  'title',
  'description',
  'tag_text',
  'status',
  'author_id',
] as const satisfies readonly (keyof SearchDocumentsView)[];

export async function createSearchTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await ensureSearchExtensions(trx);
  await trx.schema
    .createTable(t.search_documents)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title_url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('keywords', sql`text[]`, (c) => c.notNull())
    // Keywords, app and topic as one text: the generated column may only use immutable functions.
    .addColumn('tag_text', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('searchable', 'boolean', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    // Title words weigh most, then keywords, app and topic, then the description. Unstemmed ('simple'):
    // prefixes of stems match too much ('read' would match every 'ready-to-use'), and typos are corrected anyway.
    .addColumn('document', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`
        setweight(to_tsvector('simple', title), 'A') ||
        setweight(to_tsvector('simple', tag_text), 'B') ||
        setweight(to_tsvector('simple', description), 'C')`,
        )
        .stored(),
    )
    .execute();
  // Searches filter on the document, topic, app, keywords, price and time; the texts are only shown.
  await gatherNoStatistics(trx, t.search_documents, DOCUMENT_COLUMNS_SHOWN_ONLY);
  await trx.schema
    .createTable(t.search_popularity)
    .addColumn('template_id', 'text', (c) => c.primaryKey())
    .addColumn('popularity_90', 'integer', (c) => c.notNull())
    .addColumn('last_engaged_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.search_engagement)
    .addColumn('position', 'bigint', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await trx.schema
    .createTable(t.search_words)
    .addColumn('word', 'text', (c) => c.primaryKey())
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await trx.schema
    .createTable(t.search_word_templates)
    .addColumn('template_id', 'text', (c) => c.primaryKey())
    .addColumn('words', sql`text[]`, (c) => c.notNull())
    .execute();
  // Only ever looked up by template.
  await gatherNoStatistics(trx, t.search_word_templates, ['words']);
}

/** Share of built documents whose creation time another has, from which layOutOldestFirst rewrites them. */
const SHARED_CREATION_TIME_SHARE = 0.1;

/**
 * Rewrites the built documents in the reverse of best match's newest-first order, the order live
 * ones are appended in: a walk of the newest-first index that reads the table (rows not yet marked
 * all-visible, filters on other columns) then reads a block per ten rows, not a block per row. Log
 * order is that order already unless many templates share a creation time (a bulk import), whose
 * ties go by id: random. Only then is it worth its cost (at 100 000 templates about 1 s on Postgres,
 * 2 s on PGlite, several times that on a loaded machine). Before the other indexes, which the
 * rewrite would rebuild.
 */
async function layOutOldestFirst(db: DdlDatabase, t: GenerationTables): Promise<void> {
  const documents = sql.id(t.search_documents);
  const { rows } = await sql<{ shared: number }>`
    select (count(*) - count(distinct created_at))::float8 / greatest(count(*), 1) as shared from ${documents}`.execute(db);
  if ((rows[0]?.shared ?? 0) < SHARED_CREATION_TIME_SHARE) return;
  const layout = sql.id(`${t.search_documents}_layout`);
  await sql`create index if not exists ${layout} on ${documents} (created_at, id desc)`.execute(db);
  await sql`cluster ${documents} using ${layout}`.execute(db);
  await sql`drop index ${layout}`.execute(db);
}

/**
 * The readers' indexes, and the one live batches look engagement up by template with: a rebuild
 * creates them once its rows are in (its batches leave popularity and words to finishBuild).
 */
export async function createSearchIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  const documents = sql.id(t.search_documents);
  const index = (suffix: string) => sql.id(`${t.search_documents}_${suffix}`);
  const popularity = sql.id(t.search_popularity);
  await layOutOldestFirst(db, t);
  await eachSettled([
    sql`create index if not exists ${sql.id(`${t.search_engagement}_template`)} on ${sql.id(t.search_engagement)} (template_id, occurred_at)`.execute(
      db,
    ),
    sql`create index if not exists ${index('document')} on ${documents} using gin (document) where searchable`.execute(db),
    sql`create index if not exists ${index('keywords')} on ${documents} using gin (keywords) where searchable`.execute(db),
    // Newest first read backwards, carrying the document: best match's walk tests and ranks the index
    // alone, in the index's order, wherever the rows lie in the table (a live import appends them in
    // log order, ties by random id). Ascending, so live rows go to its last page, packed, not split.
    sql`create index if not exists ${index('newest')} on ${documents} (created_at, id desc) include (document) where searchable`.execute(
      db,
    ),
    sql`create index if not exists ${index('topic')} on ${documents} (topic, created_at desc) where searchable`.execute(db),
    sql`create index if not exists ${index('platform')} on ${documents} (platform, created_at desc) where searchable`.execute(db),
    sql`create index if not exists ${sql.id(`${t.search_popularity}_popular`)} on ${popularity} (popularity_90 desc, last_engaged_at)`.execute(
      db,
    ),
    // The Meilisearch feeder reads the rows changed after its checkpoint.
    sql`create index if not exists ${index('position')} on ${documents} (last_position)`.execute(db),
    sql`create index if not exists ${sql.id(`${t.search_popularity}_position`)} on ${popularity} (last_position)`.execute(db),
    sql`create index if not exists ${sql.id(`${t.search_words}_trgm`)} on ${sql.id(t.search_words)} using gist (word public.gist_trgm_ops)`.execute(
      db,
    ),
  ]);
  // The walk reads the index alone only on pages the visibility map marks all-visible: a fresh table
  // has none until autovacuum comes (and PGlite has no autovacuum), and each row would be a table read.
  await sql`vacuum ${documents}`.execute(db);
}
