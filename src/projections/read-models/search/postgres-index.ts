import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { DatabaseKind } from '../../../adapters/db/database.js';
import { POPULARITY_WINDOW_DAYS, SEARCH_TOTAL_CAP } from '../../../domain/discovery/constants.js';
import { matchesNoTemplate, searchWords } from '../../../domain/discovery/search-text.js';
import type { ProjectionRunner } from '../../runner.js';
import { searchProjection } from './projection.js';
import type { SearchFilters, SearchHits, SearchIndex, SearchRequest, TitleSuggestion } from '../../../adapters/search/port.js';

const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'or',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'with',
  'by',
  'at',
  'from',
  'is',
  'your',
  'my',
]);
/** Best-match order ranks at most this many matches, the newest: broad words match tens of thousands. Their count is the total. */
const RELEVANCE_CANDIDATES = SEARCH_TOTAL_CAP;
/** Vocabulary words considered as corrections of one query word (the nearest by trigram distance). */
const CORRECTIONS_PER_WORD = 3;
/** Words shorter than this are never corrected: too many short words are one edit apart. */
const MIN_CORRECTED_LENGTH = 4;
/** Edits allowed by word length, as Meilisearch's typo tolerance allows by default, plus one for swapped letters. */
function allowedEdits(length: number): number {
  return length >= 5 ? 2 : 1;
}

interface TextQuery {
  /** Every word (or one of its corrections), each also as a prefix. */
  all: string;
  /** Any word: the fallback when no template has them all. */
  any: string;
  /** The words as typed, to rank exact matches above corrections. */
  exact: string;
}

/**
 * Full-text search over the search projection's tables: a weighted tsvector (title, then tags,
 * then description), prefixes for words being typed, and typo tolerance by replacing each word
 * with itself or its nearest vocabulary words (pg_trgm distance, bounded by Levenshtein edits).
 */
export function createPostgresSearchIndex(db: Kysely<Schema>, kind: DatabaseKind, runner: ProjectionRunner): SearchIndex {
  return {
    description: `${kind} full-text search (search_documents)`,
    answersFromReadModels: true,
    async start() {},
    async stop() {},
    waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs, [searchProjection.name]),
    async search(request) {
      if (matchesNoTemplate(request.text)) return { ids: [], total: 0 };
      const text = await textQuery(db, request.text);
      if (text === null) return page(db, request, null, null);
      const hits = await page(db, request, text.all, text.exact);
      // No template has every word: rank those that have some.
      if (hits.total === 0 && text.any !== text.all) return page(db, request, text.any, text.exact);
      return hits;
    },
    async suggestTitles(typed, limit): Promise<TitleSuggestion[]> {
      const text = await textQuery(db, typed);
      if (text === null) return [];
      // A suggestion holds every typed word (spec 5): never the any-word fallback of a search.
      const { ids } = await page(db, { text: typed, filters: {}, order: 'relevance', offset: 0, limit }, text.all, text.exact);
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('search_documents').select(['id', 'title', 'title_url']).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ id, title: row.title, titleUrl: row.title_url }] : [];
      });
    },
  };
}

async function textQuery(db: Kysely<Schema>, text: string): Promise<TextQuery | null> {
  const typed = searchWords(text);
  // Words nearly every title has ('for', 'the') only slow ranking down; alone they search nothing.
  const words = typed.filter((word) => !STOP_WORDS.has(word));
  if (words.length === 0) return null;
  const corrections = new Map<number, string[]>();
  const correctable = words.map((word, index) => ({ word, index })).filter(({ word }) => word.length >= MIN_CORRECTED_LENGTH);
  if (correctable.length > 0) {
    const { rows } = await sql<{ position: number; word: string }>`
      select q.position, v.word
      from (values ${sql.join(correctable.map(({ word, index }) => sql`(${index}::int, ${word}::text, ${allowedEdits(word.length)}::int)`))}) as q(position, typed, edits)
      cross join lateral (
        -- Never a stop word ('barnd' is two edits from 'and'): it alone would match nearly every template.
        select word from search_words where word <> all(array[${sql.join([...STOP_WORDS])}]::text[])
        order by word operator(public.<->) q.typed limit ${CORRECTIONS_PER_WORD}
      ) v
      where v.word <> q.typed and public.levenshtein(v.word, q.typed) <= q.edits`.execute(db);
    for (const row of rows) corrections.set(row.position, [...(corrections.get(row.position) ?? []), row.word]);
  }
  // Only letters and digits reach to_tsquery, so nothing typed can be query syntax.
  const alternatives = words.map((word, index) => `(${[`${word}:*`, ...(corrections.get(index) ?? [])].join(' | ')})`);
  return { all: alternatives.join(' & '), any: alternatives.join(' | '), exact: words.map((word) => `${word}:*`).join(' | ') };
}

function conditions(filters: SearchFilters, tsquery: RawBuilder<unknown> | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`searchable`];
  if (tsquery) where.push(sql<SqlBool>`document @@ ${tsquery}`);
  if (filters.topic !== undefined) where.push(sql<SqlBool>`topic = ${filters.topic}`);
  if (filters.platform !== undefined) where.push(sql<SqlBool>`platform = ${filters.platform}`);
  if (filters.keywords !== undefined && filters.keywords.length > 0) {
    where.push(sql<SqlBool>`keywords && array[${sql.join(filters.keywords)}]::text[]`);
  }
  if (filters.price === 'free') where.push(sql<SqlBool>`price_cents = 0`);
  if (filters.price === 'paid') where.push(sql<SqlBool>`price_cents > 0`);
  return where;
}

const popularityWindow = sql.raw(`interval '${POPULARITY_WINDOW_DAYS} days'`);

/**
 * `fewMatches`: walking an ordered index and filtering every row would read most of the table
 * before finding a page (or finding there is none); adding zero hides the order from the
 * planner, which then collects the few matches first and sorts only those. With many matches
 * the ordered index finds a page after a few rows.
 */
async function pageIds(db: Kysely<Schema>, request: SearchRequest, where: RawBuilder<unknown>, fewMatches: boolean): Promise<string[]> {
  const { limit, offset } = request;
  const narrowed = fewMatches;
  const newest = narrowed ? sql`created_at + interval '0 seconds' desc, id` : sql`created_at desc, id`;
  const mostPopular = narrowed ? sql`popularity_90 + 0 desc, created_at desc, id` : sql`popularity_90 desc, created_at desc, id`;
  if (request.order === 'most_pop_90') {
    // Two ordered reads instead of sorting every row: engaged in the last 90 days by popularity
    // first, then everything else newest first (its popularity is 0 now). Popularity is a narrow
    // table of its own (search_popularity): the filters are the document's columns.
    const popular = sql`popularity_90 > 0 and last_engaged_at > now() - ${popularityWindow}`;
    const withPopularity = sql`search_documents join search_popularity on search_popularity.template_id = search_documents.id`;
    const first = await sql<{ id: string }>`
      select id from ${withPopularity} where ${where} and ${popular}
      order by ${mostPopular} limit ${limit} offset ${offset}`.execute(db);
    if (first.rows.length === limit) return first.rows.map((row) => row.id);
    const counted = await sql<{
      n: string | number | bigint;
    }>`select count(*) as n from ${withPopularity} where ${where} and ${popular}`.execute(db);
    const popularCount = Number(counted.rows[0]?.n ?? 0);
    const rest = await sql<{ id: string }>`
      select id from search_documents where ${where}
        and not exists (select 1 from search_popularity where search_popularity.template_id = search_documents.id and ${popular})
      order by ${newest} limit ${limit - first.rows.length} offset ${Math.max(0, offset - popularCount)}`.execute(db);
    return [...first.rows, ...rest.rows].map((row) => row.id);
  }
  const { rows } = await sql<{
    id: string;
  }>`select id from search_documents where ${where} order by ${newest} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Best match in one statement and one read of the matches: the newest RELEVANCE_CANDIDATES, then
 * ranked (only those: a rank costs as much as reading the row), counted, and the page of the best.
 * The planner picks the read from the word statistics it keeps for the document: up to about 3 000
 * matches of 100 000 it collects them from the document index and sorts them (a block per match);
 * for more, it walks the newest-first index until enough match. That index carries the document, so
 * the walk tests and ranks rows without reading the table: where the rows lie does not matter (a
 * live bulk import leaves them in random order of the walk, a table block per row tested).
 */
async function relevancePage(
  db: Kysely<Schema>,
  request: SearchRequest,
  where: RawBuilder<unknown>,
  match: string,
  exact: string,
): Promise<SearchHits> {
  const { rows } = await sql<{ id: string | null; total: string | number | bigint }>`
    with candidates as materialized (
      -- One rank over both queries (the corrected words and the words as typed).
      select id, created_at, ts_rank(document, to_tsquery('simple', ${match}) || to_tsquery('simple', ${exact})) as rank
      from (select id, created_at, document from search_documents where ${where} order by created_at desc, id limit ${RELEVANCE_CANDIDATES}) newest
    )
    select (select count(*) from candidates) as total, best.id
    from (select 1) as one left join lateral (
      select id from candidates order by rank desc, created_at desc, id limit ${request.limit} offset ${request.offset}
    ) as best on true`.execute(db);
  return { ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])), total: Number(rows[0]?.total ?? 0) };
}

async function page(db: Kysely<Schema>, request: SearchRequest, match: string | null, exact: string | null): Promise<SearchHits> {
  const tsquery = match === null ? null : sql`to_tsquery('simple', ${match})`;
  const where = sql.join(conditions(request.filters, tsquery), sql` and `);
  if (request.order === 'relevance' && match !== null && exact !== null) return relevancePage(db, request, where, match, exact);
  // Counted first (up to the cap): how many match decides how the page is best read.
  const counted = await sql<{ total: string | number | bigint }>`
    select count(*) as total from (select 1 from search_documents where ${where} limit ${SEARCH_TOTAL_CAP}) matches`.execute(db);
  const total = Number(counted.rows[0]?.total ?? 0);
  if (total === 0 || request.offset >= total) return { ids: [], total };
  return { ids: await pageIds(db, request, where, total < SEARCH_TOTAL_CAP), total };
}
