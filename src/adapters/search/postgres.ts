import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { POPULARITY_WINDOW_DAYS } from '../../domain/discovery/constants.js';
import { searchWords } from '../../domain/discovery/search-text.js';
import type { ProjectionRunner } from '../../projections/runner.js';
import { searchProjection } from '../../projections/read-models/search.js';
import type { SearchFilters, SearchHits, SearchIndex, SearchRequest, TitleSuggestion } from './port.js';

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
  async function textQuery(text: string): Promise<TextQuery | null> {
    const words = searchWords(text);
    if (words.length === 0) return null;
    const corrections = new Map<number, string[]>();
    const correctable = words.map((word, index) => ({ word, index })).filter(({ word }) => word.length >= MIN_CORRECTED_LENGTH);
    if (correctable.length > 0) {
      const { rows } = await sql<{ position: number; word: string }>`
        select q.position, v.word
        from (values ${sql.join(correctable.map(({ word, index }) => sql`(${index}::int, ${word}::text, ${allowedEdits(word.length)}::int)`))}) as q(position, typed, edits)
        cross join lateral (
          select word from search_words order by word operator(public.<->) q.typed limit ${CORRECTIONS_PER_WORD}
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

  const recentPopularity = sql`case when last_engaged_at > now() - ${sql.raw(`interval '${POPULARITY_WINDOW_DAYS} days'`)} then popularity_90 else 0 end`;

  async function page(request: SearchRequest, match: string | null, exact: string | null): Promise<SearchHits> {
    const tsquery = match === null ? null : sql`to_tsquery('english', ${match})`;
    const where = conditions(request.filters, tsquery);
    const rank =
      match === null || exact === null
        ? null
        : sql`ts_rank(document, to_tsquery('english', ${match})) + ts_rank(document, to_tsquery('english', ${exact}))`;
    const order =
      request.order === 'most_pop_90'
        ? sql`${recentPopularity} desc, created_at desc, id`
        : request.order === 'relevance' && rank !== null
          ? sql`${rank} desc, created_at desc, id`
          : sql`created_at desc, id`;
    const { rows } = await sql<{ id: string; total: string | number | bigint }>`
      select id, count(*) over () as total
      from search_documents
      where ${sql.join(where, sql` and `)}
      order by ${order}
      limit ${request.limit} offset ${request.offset}`.execute(db);
    if (rows.length > 0) return { ids: rows.map((row) => row.id), total: Number(rows[0]!.total) };
    // A page past the end still needs the total.
    const counted = await sql<{ total: string | number | bigint }>`
      select count(*) as total from search_documents where ${sql.join(where, sql` and `)}`.execute(db);
    return { ids: [], total: Number(counted.rows[0]?.total ?? 0) };
  }

  return {
    description: `${kind} full-text search (search_documents)`,
    async start() {},
    async stop() {},
    waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs, [searchProjection.name]),
    async search(request) {
      const text = await textQuery(request.text);
      if (text === null) return page(request, null, null);
      const hits = await page(request, text.all, text.exact);
      // No template has every word: rank those that have some.
      if (hits.total === 0 && text.any !== text.all) return page(request, text.any, text.exact);
      return hits;
    },
    async suggestTitles(typed, limit): Promise<TitleSuggestion[]> {
      if (searchWords(typed).length === 0) return [];
      const { ids } = await this.search({ text: typed, filters: {}, order: 'relevance', offset: 0, limit });
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
