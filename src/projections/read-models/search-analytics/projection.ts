import { sql } from 'kysely';
import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createSearchAnalyticsIndexes, createSearchAnalyticsTables } from './tables.js';

/** Search analytics: every search, and per term how many people searched it (popular searches): repeating a search does not make it popular. */
export const searchAnalyticsProjection = defineProjection({
  name: 'search_analytics',
  version: 2,
  handles: ['SearchPerformed'],
  tables: ['searches', 'search_terms'],
  createTables: createSearchAnalyticsTables,
  createIndexes: createSearchAnalyticsIndexes,
  async apply(trx, events, t) {
    await writeRows(
      trx,
      t.searches,
      events.map((event) => ({
        search_id: event.data.searchId,
        term: event.data.searchTerm,
        user_id: event.data.userId,
        searcher: event.data.searcher ?? null,
        occurred_at: new Date(event.metadata.occurredAt),
      })),
      { conflict: ['search_id'] },
    );
    // Counted from the stored searches, so a replayed batch cannot count twice.
    const terms = [...new Set(events.map((event) => event.data.searchTerm))];
    await sql`
      insert into ${sql.id(t.search_terms)} (term, searches, last_searched_at)
      select term, count(distinct coalesce(user_id, searcher, search_id))::int, max(occurred_at)
      from ${sql.id(t.searches)}
      where term in (select jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb))
      group by term
      on conflict (term) do update set searches = excluded.searches, last_searched_at = excluded.last_searched_at`.execute(trx);
  },
});
