import { openDatabase } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { projections } from '../../src/projections/registry.js';
import { ProjectionRunner } from '../../src/projections/runner.js';
import { createWorkload, inBatches, workloadSize } from './workload.js';

const which = process.argv[2] ?? 'templates';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
const store = withUpcasting(createPostgresEventStore(database), upcasters);
const head = await createPostgresEventStore(database).countAfter(0n);
if (head === 0) {
  let n = 0;
  for (const batch of inBatches(createWorkload(workloadSize(Number(process.env.SCALE ?? 10))).events(), 500)) await store.appendToStream(`seed-${n++}`, batch, { expectedRevision: 'no_stream' });
  console.log('seeded', n);
}
const runner = new ProjectionRunner(database.db, database.kind, store, projections, { locks: database.locks });
const chosen = which === 'all' ? projections : projections.filter((p) => which.split(',').includes(p.name));
const t0 = performance.now();
const u0 = process.cpuUsage();
let last = 0;
await runner.rebuildAll(chosen, (p) => {
  const now = performance.now();
  if (p.done === p.total || now - last > 2000) { last = now; console.log(((now - t0) / 1000).toFixed(2), p.projection, p.done, p.total); }
});
const u = process.cpuUsage(u0);
console.log('total', ((performance.now() - t0) / 1000).toFixed(2), 's; node cpu', ((u.user + u.system) / 1e6).toFixed(2));
await database.close();
