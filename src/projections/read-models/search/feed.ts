import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { START_OF_LOG } from '../../../adapters/eventstore/port.js';
import type { SearchDocumentFeed } from '../../../adapters/search/port.js';
import type { ProjectionRunner } from '../../runner.js';
import { searchProjection } from './projection.js';

/** The search read model as the feed of an external index (the Meilisearch adapter's port). */
export function createSearchDocumentFeed(db: Kysely<Schema>, runner: ProjectionRunner): SearchDocumentFeed {
  return {
    changedSince(from, limit) {
      // One snapshot: the projection's checkpoint and the rows it had written by then.
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const live = await trx
            .selectFrom('projection_generations')
            .select('checkpoint')
            .where('projection', '=', searchProjection.name)
            .where('status', '=', 'live')
            .executeTakeFirst();
          // A row changed when its document or its popularity did.
          const changedAt = sql<bigint>`greatest(search_documents.last_position, coalesce(search_popularity.last_position, search_documents.last_position))`;
          const rows = await trx
            .selectFrom('search_documents')
            .leftJoin('search_popularity', 'search_popularity.template_id', 'search_documents.id')
            .selectAll('search_documents')
            .select([
              sql<number>`coalesce(search_popularity.popularity_90, 0)`.as('popularity_90'),
              'search_popularity.last_engaged_at',
              changedAt.as('last_position'),
            ])
            .where((eb) => eb.or([eb('search_documents.last_position', '>', from), eb('search_popularity.last_position', '>', from)]))
            .orderBy(changedAt)
            .limit(limit)
            .execute();
          return { projected: live ? BigInt(live.checkpoint) : START_OF_LOG, rows };
        });
    },
    waitForProjection: (position, timeoutMs) => runner.waitFor(position, timeoutMs, [searchProjection.name]),
  };
}
