import { ANALYTICS_EVENT_TYPES, analyticsFactOf } from '../../../domain/analytics/facts.js';
import { defineProjection } from '../../projection.js';
import { prepareWriteRows, type RowValues } from '../../set-based.js';
import { createAnalyticsIndexes, createAnalyticsTables } from './tables.js';

/** Admin statistics: the facts the portal's counters, KPIs, funnel and audience groups are computed from. */
export const analyticsProjection = defineProjection({
  name: 'analytics',
  version: 4,
  handles: [...ANALYTICS_EVENT_TYPES],
  tables: ['analytics_facts'],
  createTables: createAnalyticsTables,
  createIndexes: createAnalyticsIndexes,
  prepare(events, t, phase) {
    const rows: RowValues[] = [];
    for (const event of events) {
      const fact = analyticsFactOf(event);
      if (fact)
        rows.push({
          position: event.position,
          event_id: fact.eventId,
          kind: fact.kind,
          at: fact.at,
          user_id: fact.userId,
          key: fact.key,
          value: fact.value,
          steps: fact.steps,
        });
    }
    // One fact per event: a replayed event is already there (a rebuild replays none). One JSON parameter, not eight per fact.
    return prepareWriteRows(t.analytics_facts, rows, { conflict: ['position'], onlyNewRows: phase === 'rebuilding' });
  },
});
