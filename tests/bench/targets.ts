import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Database, type DatabaseKind } from '../../src/adapters/db/database.js';

/** How many events each append measurement writes before BENCH_SCALE: a few seconds each. */
export interface AppendPlan {
  singleEvents: number;
  batchedEvents: number;
}

export interface BenchTarget {
  name: DatabaseKind;
  appendPlan: AppendPlan;
  /** A fresh, migrated, empty database; `dispose` removes whatever the benchmark left in it. */
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

/** Embedded PGlite in memory and, when DATABASE_URL is set, the real server; `only` (BENCH_TARGETS) picks some. */
export function benchTargets(databaseUrl: string | undefined, only?: string): BenchTarget[] {
  const all = allTargets(databaseUrl);
  if (only === undefined || only.trim() === '') return all;
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !all.some((target) => target.name === name));
  if (unknown.length > 0)
    throw new Error(`BENCH_TARGETS: ${unknown.join(', ')} not available (available: ${all.map((target) => target.name).join(', ')})`);
  return all.filter((target) => names.includes(target.name));
}

function allTargets(databaseUrl: string | undefined): BenchTarget[] {
  const targets: BenchTarget[] = [
    {
      name: 'pglite',
      appendPlan: { singleEvents: 2_000, batchedEvents: 40_000 },
      async open() {
        const database = await openDatabase({ dataDir: 'memory' });
        return { database, dispose: () => database.close() };
      },
    },
  ];
  if (databaseUrl) {
    targets.push({
      name: 'postgres',
      // Every single-event append waits for a WAL flush (synchronous_commit): fewer, not more, than PGlite.
      appendPlan: { singleEvents: 1_000, batchedEvents: 50_000 },
      async open() {
        // A schema of its own, dropped afterwards: the server's other data is never touched.
        const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
        const database = await openDatabase({ databaseUrl, schema });
        return {
          database,
          async dispose() {
            try {
              await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
            } finally {
              await database.close();
            }
          },
        };
      },
    });
  }
  return targets;
}
