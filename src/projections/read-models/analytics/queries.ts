import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { AnalyticsFact, FactKind } from '../../../domain/analytics/facts.js';

/** The stored facts of these kinds that happened before `until`, in the reports' order (time, then event id). */
export async function analyticsFacts(db: Kysely<Schema>, kinds: readonly FactKind[], until: Date): Promise<AnalyticsFact[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('analytics_facts')
    .selectAll()
    .where('kind', 'in', kinds)
    .where('at', '<', until)
    .orderBy('at')
    .orderBy('event_id')
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    kind: row.kind,
    at: row.at.toISOString(),
    userId: row.user_id,
    key: row.key,
    value: row.value,
    steps: row.steps,
  }));
}
