import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../../src/adapters/db/database.js';
import type { EventsTable } from '../../src/adapters/db/schema.js';
import type { EventStore } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import type { EventToAppend } from '../../src/domain/shared/events.js';
import { elapsedSeconds, throughput, type RssSampler, type Throughput } from './measure.js';
import type { AppendPlan } from './targets.js';
import { BASE_WORKLOAD, createWorkload, workloadSize } from './workload.js';

/** A scratch copy of the events table: the same columns, defaults, keys and indexes. */
const BASELINE_TABLE = 'bench_baseline_events';
const BATCH_SIZE = 100;
/** Appends run untimed first on both paths, so connections, plans and the JIT are warm. */
const WARM_UP_APPENDS = 20;
/**
 * The adapter and the baseline take turns this many times, each writing a slice of the rows,
 * so load from elsewhere on the machine hits both alike and the ratio stays meaningful.
 */
const ROUNDS = 10;
/** Callers appending at once in the concurrent case (as many requests of an API instance would). */
const CONCURRENT_CALLERS = 20;

export interface AppendMeasurement {
  case: string;
  eventsPerAppend: number;
  /** Appends in flight at once on each path. */
  concurrency: number;
  /** Through `store.appendToStream`: one new stream per append, expected revision 'no_stream'. */
  adapter: Throughput;
  /** The same rows through plain INSERTs into the scratch table. */
  baseline: Throughput;
  /** adapter ÷ baseline throughput: 1 means the adapter costs nothing over a bare INSERT. */
  ratio: number;
  peakRssMiB: number;
}

/** One append: the events of one new stream (the baseline inserts the same rows). */
interface StreamAppend {
  streamId: string;
  events: EventToAppend[];
}

export async function benchAppends(database: Database, plan: AppendPlan, scale: number, sampler: RssSampler): Promise<AppendMeasurement[]> {
  await sql`create table ${sql.id(BASELINE_TABLE)} (like events including all)`.execute(database.db);
  const store = createPostgresEventStore(database);
  const cases = [
    { name: 'single events', eventsPerAppend: 1, concurrency: 1, events: Math.max(1, Math.round(plan.singleEvents * scale)) },
    // Group commit's case: concurrent appends share a transaction; the baseline's INSERTs run as concurrently.
    {
      name: `single events, ${CONCURRENT_CALLERS} at once`,
      eventsPerAppend: 1,
      concurrency: CONCURRENT_CALLERS,
      events: Math.max(1, Math.round(plan.singleEvents * scale)),
    },
    {
      name: `batches of ${BATCH_SIZE}`,
      eventsPerAppend: BATCH_SIZE,
      concurrency: 1,
      events: Math.max(BATCH_SIZE, Math.round(plan.batchedEvents * scale)),
    },
  ];
  const events = eventSupply(cases.reduce((total, { eventsPerAppend, events }) => total + events + WARM_UP_APPENDS * eventsPerAppend, 0));
  const measurements: AppendMeasurement[] = [];
  for (const { name, eventsPerAppend, concurrency, events: count } of cases) {
    const appends = Math.ceil(count / eventsPerAppend);
    const measuredEvents = appends * eventsPerAppend;
    const warmUp = streamAppends(events, WARM_UP_APPENDS, eventsPerAppend);
    const measured = streamAppends(events, appends, eventsPerAppend);
    const { result, peakRssMiB } = await sampler.track(async () => {
      await appendThroughAdapter(store, warmUp, concurrency);
      await insertPlainRows(database, warmUp, concurrency);
      let adapterSeconds = 0;
      let baselineSeconds = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const slice = measured.slice(Math.floor((round * appends) / ROUNDS), Math.floor(((round + 1) * appends) / ROUNDS));
        adapterSeconds += await elapsedSeconds(() => appendThroughAdapter(store, slice, concurrency));
        baselineSeconds += await elapsedSeconds(() => insertPlainRows(database, slice, concurrency));
      }
      return { adapter: throughput(measuredEvents, adapterSeconds), baseline: throughput(measuredEvents, baselineSeconds) };
    });
    measurements.push({
      case: name,
      eventsPerAppend,
      concurrency,
      ...result,
      ratio: result.adapter.perSecond / result.baseline.perSecond,
      peakRssMiB,
    });
  }
  return measurements;
}

/** Realistic event bodies (the replay workload's mix), handed out one at a time. */
function eventSupply(count: number): Iterator<EventToAppend> {
  // Enough catalogue that `count` events fit in it at the workload's proportions.
  return createWorkload(workloadSize(count / BASE_WORKLOAD.events)).events();
}

function streamAppends(events: Iterator<EventToAppend>, appends: number, eventsPerAppend: number): StreamAppend[] {
  return Array.from({ length: appends }, () => ({
    streamId: `bench-${randomUUID()}`,
    events: Array.from({ length: eventsPerAppend }, () => {
      const next = events.next();
      if (next.done) throw new Error('The append benchmark ran out of generated events');
      return next.value;
    }),
  }));
}

async function appendThroughAdapter(store: EventStore, appends: readonly StreamAppend[], concurrency: number): Promise<void> {
  await inParallel(appends, concurrency, ({ streamId, events }) =>
    store.appendToStream(streamId, events, { expectedRevision: 'no_stream' }),
  );
}

/** Runs `work` on every item, `concurrency` at a time, each worker taking the next item. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** What the adapter writes for an append, as a bare multi-row (or single-row) INSERT. */
async function insertPlainRows(database: Database, appends: readonly StreamAppend[], concurrency: number): Promise<void> {
  const db = database.db.withTables<{ [BASELINE_TABLE]: EventsTable }>();
  await inParallel(appends, concurrency, async ({ streamId, events }) => {
    const rows: Insertable<EventsTable>[] = events.map((event, revision) => ({
      stream_id: streamId,
      revision: BigInt(revision),
      event_id: event.id,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    }));
    await db.insertInto(BASELINE_TABLE).values(rows).execute();
  });
}
