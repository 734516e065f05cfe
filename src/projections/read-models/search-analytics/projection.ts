import { sql } from 'kysely';
import type { SearchPerformed } from '../../../domain/discovery/events.js';
import type { RecordedEvent } from '../../../domain/shared/events.js';
import type { Projection } from '../../projection.js';
import { ensureSearchExtensions } from '../search/projection.js';

/** Search analytics: every search, and per term how many people searched it (popular searches): repeating a search does not make it popular. */
export const searchAnalyticsProjection: Projection = {
  name: 'search_analytics',
  version: 2,
  handles: ['SearchPerformed'],
  tables: ['searches', 'search_terms'],
  async createTables(trx, t) {
    await ensureSearchExtensions(trx);
    await trx.schema
      .createTable(t.searches)
      .addColumn('search_id', 'text', (c) => c.primaryKey())
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('searcher', 'text')
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.searches}_term`).on(t.searches).column('term').execute();
    await trx.schema
      .createTable(t.search_terms)
      .addColumn('term', 'text', (c) => c.primaryKey())
      .addColumn('searches', 'integer', (c) => c.notNull())
      .addColumn('last_searched_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index ${sql.id(`${t.search_terms}_trgm`)} on ${sql.id(t.search_terms)} using gist (term public.gist_trgm_ops)`.execute(trx);
  },
  async apply(trx, events, t) {
    const terms = new Set<string>();
    for (const event of events as readonly RecordedEvent<SearchPerformed>[]) {
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
};
