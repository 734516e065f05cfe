import { sql } from 'kysely';
import type { Database } from '../../src/adapters/db/database.js';
import { createEventChain, verifyEventChain } from '../../src/adapters/eventstore/chain.js';
import { timed, type Throughput } from './measure.js';

/** Events in the audit suite's log at BENCH_SCALE 1: the million. */
export const AUDIT_EVENTS = 1_000_000;
/** Rows inserted per statement while the log is filled. */
const FILL_ROWS = 50_000;

export interface AuditMeasurement {
  events: number;
  /** The floor: reading every event's bytes as the chain covers them, page by page, and nothing else. */
  rawRead: Throughput;
  /** Linking the whole log from an empty chain (a first start after an upgrade). */
  link: Throughput;
  /** `npm run audit -- verify`'s pass. */
  verify: Throughput;
}

/**
 * Fills a fresh log with events the size of a typical one of ours (a post's submission with its
 * texts, about 600 bytes of data and metadata), then links and verifies it.
 */
export async function benchAudit(database: Database, scale: number, log: (line: string) => void): Promise<AuditMeasurement> {
  const events = Math.max(1_000, Math.round(AUDIT_EVENTS * scale));
  const { db } = database;
  for (let filled = 0; filled < events; filled += FILL_ROWS) {
    const rows = Math.min(FILL_ROWS, events - filled);
    await sql`insert into events (stream_id, revision, event_id, type, data, metadata)
      select 'bench-' || g, 0, gen_random_uuid(), 'TemplateSubmitted',
        jsonb_build_object('templateId', gen_random_uuid(), 'title', 'Weekly planner ' || g, 'description', repeat('A calm week in Notion. ', 12),
          'price', g % 20, 'keywords', jsonb_build_array('planner', 'notion', 'weekly')),
        jsonb_build_object('correlationId', gen_random_uuid(), 'causationId', gen_random_uuid(), 'occurredAt', now(),
          'actor', jsonb_build_object('userId', gen_random_uuid(), 'role', 'base'), 'schemaVersion', 1)
      from generate_series(${filled + 1}::int, ${filled + rows}::int) g`.execute(db);
    log(`filled ${filled + rows} of ${events} events`);
  }
  const rawRead = await timed(events, async () => {
    for (let after = '-1'; ;) {
      const { rows } = await sql<{ position: string }>`
        select e.position::text as position, e.stream_id, e.revision::text, e.event_id::text, e.type,
          (extract(epoch from e.recorded_at) * 1000000)::bigint::text, e.data::text, e.metadata::text
        from events e where e.position > ${after}::bigint order by e.position limit 5000`.execute(db);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.position;
    }
  });
  log(`raw read: ${Math.round(rawRead.perSecond)} events/s`);
  const link = await timed(events, async () => {
    await createEventChain(database).extend();
  });
  log(`link: ${Math.round(link.perSecond)} events/s`);
  const verify = await timed(events, async () => {
    const result = await verifyEventChain(database);
    if (result.found !== null || result.checked !== events) throw new Error(`The bench's log did not verify: ${JSON.stringify(result)}`);
  });
  log(`verify: ${Math.round(verify.perSecond)} events/s`);
  return { events, rawRead, link, verify };
}
