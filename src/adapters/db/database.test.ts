import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { dropSchema } from '../../../tests/fixtures/databases.js';
import { openDatabase } from './database.js';
import { coreMigrations } from './migrations.js';

const databaseUrl = process.env.DATABASE_URL;
/** Starts while another session creates and drops tables: each is a chance to meet a table mid-drop. */
const MIGRATIONS_DURING_CHURN = 20;

describe.skipIf(!databaseUrl)(`opening a Postgres database${databaseUrl ? '' : ' (skipped: DATABASE_URL is not set)'}`, () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(databaseUrl!, schema);
  });

  // A rebuild drops a projection's old generation tables, and tests drop their schemas, while another
  // process starts and migrates. Kysely's own introspection named every table of every schema, so a
  // table dropped between its catalog scan and that lookup failed the start: "relation … does not exist".
  it('migrates while another session creates and drops tables, in its schema and in others', async () => {
    const churnSchema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    schemas.push(churnSchema);
    const churn = new pg.Client({ connectionString: databaseUrl });
    await churn.connect();
    await churn.query(`create schema ${churnSchema}`);
    let churning = true;
    const migrated: number[] = [];
    const churned = (async () => {
      for (let round = 0; churning; round += 1) {
        const tables = Array.from({ length: 20 }, (_, index) => `${churnSchema}.churn_${round}_${index}`);
        await churn.query(tables.map((table) => `create table ${table} (id serial primary key, note text)`).join(';'));
        await churn.query(tables.map((table) => `drop table ${table}`).join(';'));
      }
    })();
    try {
      for (let start = 0; start < MIGRATIONS_DURING_CHURN; start += 1) {
        const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
        schemas.push(schema);
        const database = await openDatabase({ databaseUrl: databaseUrl!, schema, poolSize: 2 });
        const { rows } = await sql<{ applied: number }>`select count(*)::int as applied from kysely_migration`.execute(database.db);
        migrated.push(rows[0]!.applied);
        await database.close();
      }
    } finally {
      churning = false;
      await churned;
      await churn.end();
    }
    expect(migrated).toEqual(Array.from({ length: MIGRATIONS_DURING_CHURN }, () => Object.keys(coreMigrations).length));
  }, 180_000);

  // An append's statement costs more to parse and plan than to run: the server keeps it prepared.
  it('runs a prepared statement on a connection that keeps it, parsed once for every call', async () => {
    const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    schemas.push(schema);
    const database = await openDatabase({ databaseUrl: databaseUrl!, schema, poolSize: 1 });
    try {
      const sum = { name: 'test_sum', text: 'select $1::int + $2::int as total' };
      expect(await database.executePrepared(sum, [2, 3])).toEqual([{ total: 5 }]);
      expect(await database.executePrepared(sum, [4, 5])).toEqual([{ total: 9 }]);
      // The pool's one connection, so the same session that ran them.
      const { rows } = await sql<{ name: string; calls: number }>`
        select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements`.execute(database.db);
      expect(rows).toEqual([{ name: 'test_sum', calls: 2 }]);
    } finally {
      await database.close();
    }
  });
});

/** Opens the embedded database in the directory named by its argument, and prints its external memory in MiB. */
const FIRST_OPEN_PROBE = `
import { openDatabase } from ${JSON.stringify(new URL('./database.ts', import.meta.url).href)};
const database = await openDatabase({ dataDir: process.argv[1] });
process.stdout.write(String(process.memoryUsage().external / 2 ** 20));
await database.close();`;

describe('opening an embedded database in a directory', () => {
  const directories: string[] = [];
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });
  const freshParent = () => {
    const parent = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
    directories.push(parent);
    return parent;
  };

  it('makes a fresh directory in a process of its own, over what a start killed half-way left, and keeps its data', async () => {
    const dataDir = join(freshParent(), 'pglite');
    // What a start killed during initdb leaves: a half-made directory beside the one to make.
    mkdirSync(`${dataDir}.initialising/base`, { recursive: true });
    writeFileSync(`${dataDir}.initialising/PG_VERSION`, 'half');
    // The first open in a process of its own, so that nothing another test left in this one counts:
    // initdb run by the opening process grows its WASM memory past 600 MiB for good.
    const firstOpenExternalMiB = Number(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', FIRST_OPEN_PROBE, dataDir], { encoding: 'utf8' }),
    );
    expect(firstOpenExternalMiB).toBeLessThan(400);
    expect(existsSync(`${dataDir}.initialising`)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/u);

    const first = await openDatabase({ dataDir });
    await first.db.insertInto('events').values(anEventRow()).execute();
    await first.close();

    const again = await openDatabase({ dataDir });
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from events`.execute(again.db);
    await again.close();
    expect(rows[0]!.count).toBe(1);
  });

  it('refuses, naming it, a directory that holds files but no database', async () => {
    const dataDir = join(freshParent(), 'pglite');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'notes.txt'), 'mine');
    await expect(openDatabase({ dataDir })).rejects.toThrow(`${dataDir} holds files but no database`);
    expect(readFileSync(join(dataDir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

function anEventRow() {
  return { stream_id: 'opened', revision: 0n, event_id: randomUUID(), type: 'Opened', data: {}, metadata: {} };
}
