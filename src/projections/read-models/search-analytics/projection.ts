import { sql } from 'kysely';
import { defineProjection } from '../../projection.js';
import { createSearchAnalyticsTables } from './tables.js';

/** Search analytics: every search, and per term how many people searched it (popular searches): repeating a search does not make it popular. */
export const searchAnalyticsProjection = defineProjection({
  name: 'search_analytics',
  version: 2,
  handles: ['SearchPerformed'],
  tables: ['searches', 'search_terms'],
  createTables: createSearchAnalyticsTables,
  async apply(trx, events, t) {
    const terms = new Set<string>();
    for (const event of events) {
      await trx
        .insertInto(t.searches)
        .values({
          search_id: event.data.searchId,
          term: event.data.searchTerm,
          user_id: event.data.userId,
          searcher: event.data.searcher ?? null,
          occurred_at: new Date(event.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('search_id').doNothing())
        .execute();
      terms.add(event.data.searchTerm);
    }
    // Counted from the stored searches, so a replayed batch cannot count twice.
    for (const term of terms) {
      await trx
        .insertInto(t.search_terms)
        .columns(['term', 'searches', 'last_searched_at'])
        .expression((eb) =>
          eb
            .selectFrom(t.searches)
            .select([sql.lit(term).as('term'), sql<number>`count(distinct coalesce(user_id, searcher, search_id))::int`.as('searches'), sql<Date>`max(occurred_at)`.as('last_searched_at')])
            .where('term', '=', term),
        )
        .onConflict((oc) => oc.column('term').doUpdateSet({ searches: sql`excluded.searches`, last_searched_at: sql`excluded.last_searched_at` }))
        .execute();
    }
  },
});
