import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../domain/shared/events.js';
import { upcast, type UpcasterRegistry } from '../../domain/shared/upcasting.js';
import type { Schema } from '../db/schema.js';
import { START_OF_LOG, type EventStore } from './port.js';
import { RECORDED_EVENT_COLUMNS, toRecordedEvent } from './postgres-read.js';

const SCAN_PAGE_SIZE = 1_000;

/**
 * Every event, from any stream, whose data names this template (`data.templateId`): its own
 * lifecycle plus likes, saves, flags, reports … of other areas. In log order.
 */
export type EventsAboutTemplate = (templateId: string) => Promise<RecordedEvent[]>;

/**
 * On the Postgres log a query of the events table (indexed on data->>'templateId'). EventStoreDB
 * has no such index: there the whole log is scanned, which is fine for an admin's occasional look.
 */
export function eventsAboutTemplate(store: EventStore, db: Kysely<Schema>, upcasters: UpcasterRegistry): EventsAboutTemplate {
  if (store.kind === 'eventstoredb') {
    return async (templateId) => {
      const found: RecordedEvent[] = [];
      for (let after = START_OF_LOG; ;) {
        const page = await store.readAll({ after, maxCount: SCAN_PAGE_SIZE });
        if (page.length === 0) return found;
        for (const event of page) if ((event.data as { templateId?: unknown } | null)?.templateId === templateId) found.push(event);
        after = page[page.length - 1]!.position;
      }
    };
  }
  return async (templateId) => {
    const rows = await db
      .selectFrom('events')
      .select(RECORDED_EVENT_COLUMNS)
      .where(sql`data->>'templateId'`, '=', templateId)
      .orderBy('position')
      .execute();
    return rows.map((row) => upcast(upcasters, toRecordedEvent(row)));
  };
}
