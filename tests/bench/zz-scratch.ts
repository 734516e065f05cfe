import { openDatabase } from '../../src/adapters/db/database.js';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { projections } from '../../src/projections/registry.js';
import { ProjectionRunner } from '../../src/projections/runner.js';
import { createWorkload, inBatches, workloadSize } from './workload.js';
import { CpuMeter } from './measure.js';

const scale = Number(process.env.S ?? 1);
const names = (process.env.P ?? 'templates').split(',');
const reps = Number(process.env.R ?? 3);
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, schema: `scratch_${String(scale).replace('.', '_')}` } : { dataDir: 'memory' });
const store = withUpcasting(createPostgresEventStore(database), upcasters);
const counts = await store.countTypesAfter(START_OF_LOG);
if (counts.size === 0) {
  const workload = createWorkload(workloadSize(scale));
  let n = 0;
  for (const batch of inBatches(workload.events(), 500)) await store.appendToStream(`seed-${n++}`, batch, { expectedRevision: 'no_stream' });
  console.log('seeded');
}
const meter = await CpuMeter.of(database);
const t0 = performance.now();
let after = START_OF_LOG;
for (;;) { const p = await store.readAll({ after, maxCount: 5000 }); if (p.length === 0) break; after = p[p.length - 1]!.position; }
const raw = (performance.now() - t0) / 1000;
console.log(`raw read ${raw.toFixed(2)} s`);
const runner = new ProjectionRunner(database.db, database.kind, store, projections, { locks: database.locks });
for (let r = 0; r < reps; r++) {
  for (const name of names) {
    const list = name === 'all' ? projections : projections.filter((p) => p.name === name);
    const { result: secs, cpu } = await meter.measure(async () => { const s = performance.now(); await runner.rebuildAll(list); return (performance.now() - s) / 1000; });
    console.log(`${name}: ${secs.toFixed(2)} s, ratio ${(raw / secs).toFixed(2)}, cpu bench ${cpu.bench.toFixed(2)} server ${cpu.server?.toFixed(2)}`);
  }
}
await database.close();
