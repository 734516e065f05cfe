import { openDatabase } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
const store = createPostgresEventStore(database);
for (let i = 0; i < 2; i++) {
  const t0 = performance.now(); const u0 = process.cpuUsage();
  let after = 0n, n = 0;
  for (;;) { const page = await store.readAll({ after, maxCount: 5000 }); if (page.length === 0) break; n += page.length; after = page.at(-1)!.position; }
  const u = process.cpuUsage(u0);
  console.log('read', n, ((performance.now() - t0) / 1000).toFixed(2), 's cpu', ((u.user + u.system) / 1e6).toFixed(2));
}
await database.close();
