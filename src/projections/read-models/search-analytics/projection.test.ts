import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { searchStream, type SearchPerformed } from '../../../domain/discovery/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { searchAnalyticsProjection } from './projection.js';

const searched = (searchId: string, searchTerm: string, who: { userId?: string; searcher?: string }) => ({
  streamId: searchStream(searchId),
  type: 'SearchPerformed' as const,
  data: { searchId, searchTerm, userId: who.userId ?? null, searcher: who.searcher ?? null } satisfies SearchPerformed['data'],
});

describe.each(databaseTargets())('search analytics projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, searchAnalyticsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps every search and counts each term by the people who searched it; applied twice, the same rows', async () => {
    const log = recordedLog([
      searched('s1', 'ledger', { userId: 'u1' }),
      searched('s2', 'ledger', { userId: 'u1' }),
      searched('s3', 'ledger', { searcher: 'address-digest' }),
      searched('s4', 'planner', { userId: 'u2' }),
      searched('s5', 'ledger', { searcher: 'address-digest' }),
    ]);
    const { searches, search_terms: terms } = await spec.given(log, 2);
    expect(searches!.map((row) => row.search_id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(terms!.map((row) => [row.term, row.searches, (row.last_searched_at as Date).toISOString()])).toEqual([
      // u1 twice and one anonymous address twice: two people.
      ['ledger', 2, '2026-01-01T00:04:00.000Z'],
      ['planner', 1, '2026-01-01T00:03:00.000Z'],
    ]);
  });
});
