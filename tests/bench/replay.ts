import { sql } from 'kysely';
import type { Database } from '../../src/adapters/db/database.js';
import { START_OF_LOG, type EventStore } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import type { EventToAppend } from '../../src/domain/shared/events.js';
import { upcasters } from '../../src/domain/upcasters.js';
import type { Generation } from '../../src/projections/generations.js';
import { generationTables, type Projection } from '../../src/projections/projection.js';
import { eachSettled } from '../../src/projections/read-models/tables.js';
import { projections } from '../../src/projections/registry.js';
import { ReactorRunner } from '../../src/projections/reactors/reactor-runner.js';
import { DEFAULT_BATCH_SIZE, DEFAULT_REBUILD_BATCH_SIZE, ProjectionRunner } from '../../src/projections/runner.js';
import { CpuMeter, timed, type CpuSeconds, type RssSampler, type Throughput } from './measure.js';
import { createWorkload, inBatches, pageViews, type ExpectedReadModels, type WorkloadSize } from './workload.js';

const SEED_BATCH_SIZE = 500;
/** Pages of the raw read: the live runner's batch, and the rebuild's. */
const READ_PAGE_SIZES = [DEFAULT_BATCH_SIZE, DEFAULT_REBUILD_BATCH_SIZE] as const;

export interface ReplayStep extends Throughput {
  step: string;
  /** This step's events/s ÷ the faster raw read's: what projecting costs over reading (rebuild and reactor steps only). */
  ratioToRawRead: number | null;
  peakRssMiB: number;
  /** What the step cost the machine's cores: with the wall time, how far it is from using them all. */
  cpu: CpuSeconds;
}

export interface ReplayMeasurement {
  workload: WorkloadSize;
  steps: ReplayStep[];
}

/**
 * Appends the workload, reads the whole log back, then rebuilds every projection from it the
 * way `ProjectionRunner` does in production (through the upcasting store).
 */
export async function benchReplay(
  database: Database,
  size: WorkloadSize,
  sampler: RssSampler,
  log: (line: string) => void,
): Promise<ReplayMeasurement> {
  const store = withUpcasting(createPostgresEventStore(database), upcasters);
  const workload = createWorkload(size);
  const meter = await CpuMeter.of(database);
  const measureStep = async (step: string, work: () => Promise<void>, rawRead?: Throughput, events = size.events): Promise<ReplayStep> => {
    log(`${step}…`);
    const {
      result: { result, peakRssMiB },
      cpu,
    } = await meter.measure(() => sampler.track(() => timed(events, work)));
    const ratioToRawRead = rawRead ? result.perSecond / rawRead.perSecond : null;
    const serverCpu = cpu.server === null ? '' : `, server ${cpu.server.toFixed(2)} s`;
    log(
      `${step}: ${Math.round(result.perSecond)} events/s${ratioToRawRead === null ? '' : ` (${ratioToRawRead.toFixed(2)} of the raw read)`}, peak RSS ${Math.round(peakRssMiB)} MiB, CPU: bench ${cpu.bench.toFixed(2)} s${serverCpu}`,
    );
    return { step, ...result, ratioToRawRead, peakRssMiB, cpu };
  };

  /** Appends `events` in batches, each batch one new stream (projections ignore stream ids). */
  const appendAll = async (events: Iterable<EventToAppend>, streamPrefix: string) => {
    let batchNumber = 0;
    for (const batch of inBatches(events, SEED_BATCH_SIZE)) {
      await store.appendToStream(`${streamPrefix}-${batchNumber++}`, batch, { expectedRevision: 'no_stream' });
    }
  };
  const rawReadStep = (label: string, pageSize: number, logEvents: number) =>
    measureStep(
      `${label}raw read (pages of ${pageSize.toLocaleString('en-US')})`,
      async () => {
        const read = await readWholeLog(store, pageSize);
        if (read !== logEvents) throw new Error(`Read ${read} events back, the log holds ${logEvents}`);
      },
      undefined,
      logEvents,
    );

  // Generating the events is part of this step: it fills the log, the steps after it are the measurement.
  const seed = await measureStep(`seed: generate + append (batches of ${SEED_BATCH_SIZE})`, () =>
    appendAll(workload.events(), 'bench-replay'),
  );

  const rawReads: ReplayStep[] = [];
  for (const pageSize of READ_PAGE_SIZES) rawReads.push(await rawReadStep('', pageSize, size.events));
  const rawRead = rawReads.reduce((fastest, read) => (read.perSecond > fastest.perSecond ? read : fastest));

  // The runner's own batch sizes: 500 live, DEFAULT_REBUILD_BATCH_SIZE while rebuilding.
  // Each build holds its runner lock on a connection of its own: on the lock pool, as in production, not the queries' pool.
  const runner = new ProjectionRunner(database.db, database.kind, store, projections, { locks: database.locks });
  // A rebuild is given only the events of its projection's types: the check counts those.
  let typeCounts = await store.countTypesAfter(START_OF_LOG);
  const handledEvents = (projection: Projection) => projection.handles.reduce((total, type) => total + (typeCounts.get(type) ?? 0), 0);
  const rebuildStep = (label: string, projection: Projection, against: Throughput, logEvents: number) =>
    measureStep(
      `${label}rebuild ${projection.name}`,
      async () => {
        let done = 0;
        await runner.rebuild(projection, (progress) => (done = progress.done));
        if (done !== handledEvents(projection))
          throw new Error(`Rebuild of ${projection.name} applied ${done} events, the log holds ${handledEvents(projection)} of its types`);
      },
      against,
      logEvents,
    );
  const rebuilds: ReplayStep[] = [];
  for (const projection of projections) rebuilds.push(await rebuildStep('', projection, rawRead, size.events));
  await verifyReadModels(database, workload.expected());

  // Each projection alone reads the whole log: the log's events over the time to rebuild them one after the other.
  const seconds = rebuilds.reduce((total, rebuild) => total + rebuild.seconds, 0);
  const perSecond = size.events / seconds;
  const oneByOne: ReplayStep = {
    step: `rebuild all ${projections.length}, one after the other`,
    count: size.events,
    seconds,
    perSecond,
    ratioToRawRead: perSecond / rawRead.perSecond,
    peakRssMiB: Math.max(...rebuilds.map((rebuild) => rebuild.peakRssMiB)),
    cpu: {
      bench: rebuilds.reduce((total, rebuild) => total + rebuild.cpu.bench, 0),
      server: rebuilds.every((rebuild) => rebuild.cpu.server !== null)
        ? rebuilds.reduce((total, rebuild) => total + rebuild.cpu.server!, 0)
        : null,
    },
  };
  let rebuiltGenerations: Generation[] = [];
  const allRebuilds = await measureStep(
    `rebuild --all (${projections.length}, one read of the log)`,
    async () => {
      const done = new Map<string, number>();
      rebuiltGenerations = await runner.rebuildAll(projections, (progress) => done.set(progress.projection, progress.done));
      const short = projections.filter((projection) => done.get(projection.name) !== handledEvents(projection));
      if (short.length > 0)
        throw new Error(
          `Rebuild --all: ${short.map((p) => `${p.name} applied ${done.get(p.name)} of ${handledEvents(p)} events of its types`).join(', ')}`,
        );
    },
    rawRead,
  );
  await verifyReadModels(database, workload.expected());
  const rebuiltRowsCopied = await measureStep(
    'the rows --all built, copied once with their indexes and statistics',
    () => copyRebuiltTables(database, rebuiltGenerations),
    rawRead,
  );

  // A reactor passes over the events of other types where the log is stored (moderation's: flags
  // and reports, which this log does not hold), as each reactor does over most of a real log.
  const reactorPass = await measureStep(
    'reactor of two types the log does not hold: pass over it',
    async () => {
      const reactor = new ReactorRunner(database.db, database.kind, store, {
        name: 'bench-pass-over',
        handles: ['TemplateFlagged', 'TemplateReported'],
        react: async () => {},
      });
      let handled = 0;
      for (let page = await reactor.processBatch(); page !== null; page = await reactor.processBatch()) handled += page;
      if (handled !== 0) throw new Error(`The reactor was handed ${handled} events, the log holds none of its types`);
    },
    rawRead,
  );

  // Anonymous page views: most of a real log, and handled by three read models only. Every other
  // rebuild passes over them where the log is stored: the log doubles, those rebuilds' work does not.
  const views = size.events;
  const withViews = size.events + views;
  const viewsLabel = `with ${views.toLocaleString('en-US')} page views: `;
  const viewsSeed = await measureStep(
    `seed: append ${views.toLocaleString('en-US')} page views (batches of ${SEED_BATCH_SIZE})`,
    () => appendAll(pageViews(size, views), 'bench-views'),
    undefined,
    views,
  );
  const rawReadWithViews = await rawReadStep(viewsLabel, DEFAULT_REBUILD_BATCH_SIZE, withViews);
  typeCounts = await store.countTypesAfter(START_OF_LOG);
  const rebuildsWithViews: ReplayStep[] = [];
  for (const projection of projections.filter((projection) => projection.name === 'templates' || projection.name === 'users')) {
    rebuildsWithViews.push(await rebuildStep(viewsLabel, projection, rawReadWithViews, withViews));
  }
  await verifyReadModels(database, workload.expected());
  return {
    workload: size,
    steps: [
      seed,
      ...rawReads,
      ...rebuilds,
      oneByOne,
      allRebuilds,
      rebuiltRowsCopied,
      reactorPass,
      viewsSeed,
      rawReadWithViews,
      ...rebuildsWithViews,
    ],
  };
}

/**
 * The least a rebuild's writes can cost: the database copies the final rows of every table a
 * `rebuild --all` built (no row computed, none written twice), builds the same indexes and gathers
 * statistics, each table on a connection of its own as the rebuild's finish does; then drops the copies.
 */
async function copyRebuiltTables({ db }: Database, generations: readonly Generation[]): Promise<void> {
  const tables = generations.flatMap((generation) => {
    const projection = projections.find((candidate) => candidate.name === generation.projection)!;
    const names = generationTables(generation.generation);
    return projection.tables.map((table) => names[table]);
  });
  const copyOf = (table: string) => `copied_${table}`;
  await eachSettled(
    tables.map(async (table) => {
      await sql`create table ${sql.id(copyOf(table))} as select * from ${sql.id(table)}`.execute(db);
      const { rows } = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
      for (const [index, { indexdef }] of rows.entries()) {
        const definition = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ (.*)$/.exec(indexdef);
        if (!definition) throw new Error(`Unexpected index definition: ${indexdef}`);
        await sql.raw(`CREATE ${definition[1] ?? ''}INDEX "${copyOf(table)}_${index}" ON "${copyOf(table)}" ${definition[2]}`).execute(db);
      }
      await sql`analyze ${sql.id(copyOf(table))}`.execute(db);
    }),
  );
  for (const table of tables) await sql`drop table ${sql.id(copyOf(table))}`.execute(db);
}

async function readWholeLog(store: EventStore, pageSize: number): Promise<number> {
  let read = 0;
  let after = START_OF_LOG;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) return read;
    read += page.length;
    after = page[page.length - 1]!.position;
  }
}

/** A benchmark of a rebuild that built the wrong read models would be meaningless. */
async function verifyReadModels({ db }: Database, expected: ExpectedReadModels): Promise<void> {
  const count = (row: { n: bigint | number | string }) => Number(row.n);
  const users = count(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  );
  const liveTemplates = count(
    await db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow(),
  );
  const likes = count(
    await db
      .selectFrom('template_likes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  );
  const likeCounts = count(
    await db
      .selectFrom('templates')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('likes'), eb.lit(0)).as('n'))
      .executeTakeFirstOrThrow(),
  );
  if (users !== expected.users || liveTemplates !== expected.liveTemplates || likes !== expected.likes || likeCounts !== expected.likes) {
    const actual = { users, liveTemplates, likes, likeCounts };
    throw new Error(`Rebuilt read models differ from the workload: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}
