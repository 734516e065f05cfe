import { sql } from 'kysely';
import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createSearchAnalyticsIndexes, createSearchAnalyticsTables } from './tables.js';

/**
 * Search analytics: every search, and per term how many people searched it (popular searches):
 * repeating a search does not make it popular. Per term also how many signed-in members searched it,
 * whether it found live posts, and whether an admin removed it: what the chips may show.
 */
export const searchAnalyticsProjection = defineProjection({
  name: 'search_analytics',
  version: 3,
  handles: ['SearchPerformed', 'PopularSearchRemoved'],
  tables: ['searches', 'search_terms'],
  createTables: createSearchAnalyticsTables,
  createIndexes: createSearchAnalyticsIndexes,
  async apply(trx, events, t) {
    const searches = events.filter((event) => event.type === 'SearchPerformed');
    await writeRows(
      trx,
      t.searches,
      searches.map((event) => ({
        search_id: event.data.searchId,
        term: event.data.searchTerm,
        user_id: event.data.userId,
        searcher: event.data.searcher ?? null,
        found_posts: event.data.foundPosts ?? false,
        occurred_at: new Date(event.metadata.occurredAt),
      })),
      { conflict: ['search_id'] },
    );
    // Counted from the stored searches, so a replayed batch cannot count twice; `removed` is left as it is.
    const terms = [...new Set(searches.map((event) => event.data.searchTerm))];
    if (terms.length > 0)
      await sql`
        insert into ${sql.id(t.search_terms)} (term, searches, members, found_posts, last_searched_at, removed)
        select term, count(distinct coalesce(user_id, searcher, search_id))::int, count(distinct user_id)::int, bool_or(found_posts),
          max(occurred_at), false
        from ${sql.id(t.searches)}
        where term in (select jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb))
        group by term
        on conflict (term) do update set searches = excluded.searches, members = excluded.members, found_posts = excluded.found_posts,
          last_searched_at = excluded.last_searched_at`.execute(trx);
    for (const event of events) {
      if (event.type !== 'PopularSearchRemoved') continue;
      await trx
        .insertInto(t.search_terms)
        .values({
          term: event.data.term,
          searches: 0,
          members: 0,
          found_posts: false,
          last_searched_at: new Date(event.metadata.occurredAt),
          removed: true,
        })
        .onConflict((conflict) => conflict.column('term').doUpdateSet({ removed: true }))
        .execute();
    }
  },
});
