import { ANALYTICS_EVENT_TYPES, analyticsFactOf, type AnalyticsFact } from '../../../domain/analytics/facts.js';
import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createAnalyticsIndexes, createAnalyticsTables } from './tables.js';

/** Admin statistics: the facts the portal's counters, KPIs, funnel and audience groups are computed from. */
export const analyticsProjection = defineProjection({
  name: 'analytics',
  version: 1,
  handles: [...ANALYTICS_EVENT_TYPES],
  tables: ['analytics_facts'],
  createTables: createAnalyticsTables,
  createIndexes: createAnalyticsIndexes,
  async apply(trx, events, t) {
    const facts = events.map((event) => analyticsFactOf(event)).filter((fact): fact is AnalyticsFact => fact !== null);
    if (facts.length === 0) return;
    // One fact per event id: a replayed event is already there. One JSON parameter, not six per fact.
    await writeRows(
      trx,
      t.analytics_facts,
      facts.map((fact) => ({ event_id: fact.eventId, kind: fact.kind, at: fact.at, user_id: fact.userId, key: fact.key, value: fact.value })),
      { conflict: ['event_id'] },
    );
  },
});
