import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import {
  POPULAR_SEARCH_REMOVALS_STREAM,
  searchStream,
  type PopularSearchRemoved,
  type SearchPerformed,
} from '../../../domain/discovery/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { searchAnalyticsProjection } from './projection.js';

const searched = (searchId: string, searchTerm: string, who: { userId?: string; searcher?: string }, foundPosts?: boolean) => ({
  streamId: searchStream(searchId),
  type: 'SearchPerformed' as const,
  data: {
    searchId,
    searchTerm,
    userId: who.userId ?? null,
    searcher: who.searcher ?? null,
    ...(foundPosts === undefined ? {} : { foundPosts }),
  } satisfies SearchPerformed['data'],
});
const removed = (term: string) => ({
  streamId: POPULAR_SEARCH_REMOVALS_STREAM,
  type: 'PopularSearchRemoved' as const,
  data: { term, removedBy: 'admin-1' } satisfies PopularSearchRemoved['data'],
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
    expect(terms!.map((row) => [row.term, row.searches, row.members, (row.last_searched_at as Date).toISOString()])).toEqual([
      // u1 twice and one anonymous address twice: two people, one of them a member.
      ['ledger', 2, 1, '2026-01-01T00:04:00.000Z'],
      ['planner', 1, 1, '2026-01-01T00:03:00.000Z'],
    ]);
  });

  it('keeps per term its members, whether it found posts (older searches: no) and an admin’s removal, whatever comes later', async () => {
    const log = recordedLog([
      searched('s1', 'spam offer', { searcher: 'a1' }, false),
      searched('s2', 'spam offer', { searcher: 'a2' }, false),
      searched('s3', 'ledger', { searcher: 'a1' }, true),
      searched('s4', 'ledger', { userId: 'u1' }),
      removed('spam offer'),
      searched('s5', 'spam offer', { userId: 'u1' }, true),
      removed('never searched'),
    ]);
    const { searches, search_terms: terms } = await spec.given(log, 3);
    expect(searches!.map((row) => [row.search_id, row.found_posts])).toEqual([
      ['s1', false],
      ['s2', false],
      ['s3', true],
      ['s4', false],
      ['s5', true],
    ]);
    expect(terms!.map((row) => [row.term, row.searches, row.members, row.found_posts, row.removed]).sort()).toEqual([
      ['ledger', 2, 1, true, false],
      ['never searched', 0, 0, false, true],
      ['spam offer', 3, 1, true, true],
    ]);
  });
});
