import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../../../../tests/fixtures/api-harness.js';
import { SEARCH_TOTAL_CAP } from '../../../domain/discovery/constants.js';
import { searchProjection } from './projection.js';

const SIZE = { users: 2, templates: 40, seed: 5 };

interface PlanNode {
  'Node Type': string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * Best match walks the newest-first index until enough documents match (a broad word): each row the
 * walk tests is read from the index alone, not from the table, where a bulk import applied live
 * leaves the rows in random order of the walk (one creation time, ties by id): a block per row.
 */
describe.each(harnessDatabases())('best match newest-first walk: $name', ({ name, skipped }) => {
  let harness: ApiHarness;
  beforeAll(async () => {
    if (skipped) return;
    harness = await startApiHarness(SIZE, { database: name });
    // As a deployment's first start or a new version builds it.
    await harness.infrastructure.runner.rebuild(searchProjection);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it.skipIf(skipped)('tests and ranks the documents from the index alone, without reading the table', async () => {
    const { rows } = await harness.infrastructure.database.db.transaction().execute(async (trx) => {
      // The walk the planner takes for a word in a few percent of 100 000 templates; 40 would be read whole.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>`
        explain (analyze, format json)
        select id, ts_rank(document, to_tsquery('simple', 'template:*')) as rank
        from search_documents where searchable and document @@ to_tsquery('simple', 'template:*')
        order by created_at desc, id limit ${SEARCH_TOTAL_CAP}`.execute(trx);
    });
    const explained = rows[0]!['QUERY PLAN'];
    const [{ Plan: plan }] = typeof explained === 'string' ? (JSON.parse(explained) as [{ Plan: PlanNode }]) : explained;
    const scans = nodes(plan).filter((node) => node['Node Type'].endsWith('Scan'));
    expect(scans.map((node) => node['Node Type'])).toEqual(['Index Only Scan']);
    expect(scans[0]!['Heap Fetches']).toBe(0);
  });
});
