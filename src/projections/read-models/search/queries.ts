import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { LIST_ORDER_KEYS } from '../../../domain/discovery/list-order.js';

/** Newest searchable templates per group, `perGroup` each: one query for every topic row or tag card. */
export async function newestPerGroup(db: Kysely<Schema>, group: 'topic' | 'keyword', values: readonly string[], perGroup: number) {
  if (values.length === 0) return new Map<string, string[]>();
  const { rows } = await sql<{ value: string; id: string }>`
    select g.value, d.id
    from unnest(array[${sql.join(values)}]::text[]) as g(value)
    cross join lateral (
      select id from search_documents
      where searchable and ${group === 'topic' ? sql`topic = g.value` : sql`keywords @> array[g.value]`}
      order by ${sql.raw(LIST_ORDER_KEYS.newest.map((key) => `${key} desc`).join(', '))}, id
      limit ${perGroup}
    ) d`.execute(db);
  const ids = new Map<string, string[]>();
  for (const row of rows) ids.set(row.value, [...(ids.get(row.value) ?? []), row.id]);
  return ids;
}

/** Keywords of searchable templates by how many use them, `hidden` ones left out. */
export async function keywordUsage(db: Kysely<Schema>, hidden: readonly string[], limit: number) {
  const { rows } = await sql<{ term: string; count: number }>`
    select k as term, count(*)::int as count
    from search_documents, unnest(keywords) as k
    where searchable and k <> all(array[${sql.join(hidden)}]::text[])
    group by k
    order by count desc, k
    limit ${limit}`.execute(db);
  return rows;
}

/** How many searchable templates use each value of `column` (apps or topics), most used first. */
export async function searchableCountsBy(db: Kysely<Schema>, column: 'platform' | 'topic'): Promise<{ value: string; count: number }[]> {
  const rows = await db
    .selectFrom('search_documents')
    .select((eb) => [eb.ref(column).as('value'), sql<number>`count(*)::int`.as('count')])
    .where('searchable', '=', true)
    .groupBy(column)
    .orderBy('count', 'desc')
    .orderBy(column)
    .execute();
  return rows;
}

/** Title and address of the documents with these ids. */
export function documentTitlesByIds(db: Kysely<Schema>, ids: readonly string[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('search_documents').select(['id', 'title', 'title_url']).where('id', 'in', ids).execute();
}

/** The authors with the most searchable templates. */
export function topContributors(db: Kysely<Schema>, limit: number) {
  return db
    .selectFrom('search_documents')
    .innerJoin('users', 'users.id', 'search_documents.author_id')
    .select(['users.id', 'users.username', sql<number>`count(*)::int`.as('post_count')])
    .where('search_documents.searchable', '=', true)
    .groupBy(['users.id', 'users.username'])
    .orderBy('post_count', 'desc')
    .orderBy('users.username')
    .limit(limit)
    .execute();
}
