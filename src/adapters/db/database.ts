import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { QueryResultRow } from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, type DatabaseIntrospector } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { OwnSchemaIntrospector } from './own-schema-introspector.js';
import { SerialisedPGliteDialect } from './pglite-dialect.js';
import type { Schema } from './schema.js';
import { coreMigrations } from './migrations.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Schema>;
  /** Where the data lives, for logs: a directory, 'memory', or the server without credentials. */
  readonly location: string;
  /**
   * Where the runners hold their advisory locks, one connection each for as long as they run: a
   * pool of its own on a server, so held locks never take connections from the requests' pool.
   */
  readonly locks: Kysely<Schema>;
  /**
   * Runs one statement, outside any transaction, that a server keeps prepared under its name on
   * each pooled connection: parsed once there instead of on every call, which is most of the cost
   * of a hot path's statement (an append). PGlite runs it as a plain query: its driver names no
   * statements, and SQL's EXECUTE takes no bound parameters.
   */
  executePrepared<Row>(statement: PreparedStatement, parameters: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** A statement's text under a name unique in the process; `$1`… stand for its parameters. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export interface DatabaseOptions {
  /** A Postgres server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's directory, or 'memory' for a throw-away database (tests). */
  dataDir?: string;
  /** Largest pg pool (real server only). */
  poolSize?: number;
  /** A schema of its own on the server (test isolation); created when missing. */
  schema?: string;
  /** Where to report connection errors of idle pooled clients (real server only). */
  log?: (line: string) => void;
}

/** Runner locks a process may hold at once (a projection runner per read model, the reactors, a rebuild's). */
const LOCK_POOL_SIZE = 64;

/** A connection attempt that takes longer fails, so a request can answer 503 instead of hanging. */
export const CONNECTION_TIMEOUT_MS = 5_000;
/** The server cancels a statement that runs longer (a stalled query); migrations and rebuild batches stay far below. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** Our side gives up on an answer a little later, for a server that went silent (no cancel can arrive). */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/** A transaction left open this long (a stuck client) is ended by the server, releasing its locks. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** Postgres, with the migrator's questions answered from the connection's own schema (see OwnSchemaIntrospector). */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/**
 * The driver of the database in use, loaded when it opens: a server on PGlite never holds pg, one on
 * a Postgres server never holds PGlite's WASM build.
 */
async function loadPg(): Promise<typeof import('pg').default> {
  const { default: pg } = await import('pg');
  // int8 (bigint) columns arrive as strings from pg; our positions need exact bigints.
  pg.types.setTypeParser(20, (value: string) => BigInt(value));
  return pg;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10, options.schema, options.log ?? console.warn)
    : await openPGlite(options.dataDir ?? 'memory');
  try {
    await migrate(database.db, coreMigrations, options.databaseUrl ? options.schema : undefined);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  schema: string | undefined,
  log: (line: string) => void,
): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pg = await loadPg();
  if (schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema if not exists ${schema}`);
    await client.end();
  }
  const openPool = (max: number) => {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client whose connection dies (server restart, pg_terminate_backend) is dropped from
    // the pool, which emits 'error': without a listener that event would end the process.
    pool.on('error', (error) => log(`database: an idle connection was lost (${error.message}); the pool opens a new one when needed`));
    // A client held outside a query (the runners' advisory-lock connections) reports its loss on
    // itself; its holder finds out at its next query.
    pool.on('connect', (client) => client.on('error', (error) => log(`database: a connection in use was lost (${error.message})`)));
    return { pool, db: new Kysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }) }) };
  };
  const requests = openPool(poolSize);
  // Locks are held on connections opened on demand (pg pools open lazily): none until a runner starts.
  const locks = openPool(LOCK_POOL_SIZE).db;
  const url = new URL(databaseUrl);
  const db = requests.db;
  return {
    kind: 'postgres',
    db,
    location: `${url.hostname}:${url.port || 5432}${url.pathname}${schema ? `#${schema}` : ''}`,
    locks,
    executePrepared: async <Row>({ name, text }: PreparedStatement, parameters: readonly unknown[]) =>
      (await requests.pool.query<Row & QueryResultRow>({ name, text, values: [...parameters] })).rows,
    close: async () => {
      await locks.destroy();
      await db.destroy();
    },
  };
}

/**
 * The embedded database's memory settings. Every page of its WASM memory that Postgres touches stays
 * resident until the process ends (WASM memory never shrinks), so these are what the server holds at
 * rest, not a ceiling it reaches under load. PGlite starts Postgres with a server's defaults: 128 MB of
 * shared buffers made a bare PGlite 345 MB resident, idle and empty; 16 MB makes it 190 MB. 16 MB holds
 * 2 048 pages, the whole demo catalogue many times over; a page not in them is read from the file the
 * operating system caches. Maintenance work memory bounds an index build's sort (a projection's rebuild):
 * 16 MB rather than 64 MB, so a rebuild does not leave 48 MB more resident for good; a larger build sorts
 * in runs on disk instead. The WASM memory's initial size is the module's own minimum (128 MB, reserved,
 * not resident); PGlite refuses a smaller one.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * A fresh data directory is made (Postgres's initdb) by a child process that exits when it is done.
 * initdb grows PGlite's WASM memory to about 650 MB, and WASM memory never shrinks: a server that ran
 * it itself held about 180 MB more at rest, for good, than one opening a directory that exists. It is
 * made beside the directory and renamed into place, so a start killed half-way leaves no half-made one.
 */
const PGLITE_INITDB_SCRIPT = `
const [pglitePath, directory, ...settings] = process.argv.slice(1);
const { PGlite } = require(pglitePath);
const database = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, ...settings] });
database.waitReady.then(() => database.close()).catch((error) => { console.error(error); process.exit(1); });`;

async function initialisePGliteDirectory(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} holds files but no database: move them away, or set DATA_DIR to another directory.`);
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.initialising`;
  rmSync(staging, { recursive: true, force: true });
  const pglitePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The server's memory settings hold initdb's peak down too: 764 MB instead of 852.
  await promisify(execFile)(process.execPath, ['-e', PGLITE_INITDB_SCRIPT, pglitePath, staging, ...PGLITE_MEMORY_SETTINGS]);
  // An empty directory (an earlier version's start made it first) is replaced.
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(staging, dataDir);
}

async function openPGlite(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory') await initialisePGliteDirectory(dataDir);
  const [{ PGlite }, { fuzzystrmatch }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/fuzzystrmatch'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // 'memory://' rather than no directory: PGlite ignores the options' extensions without a data directory argument.
  const pglite = new PGlite(dataDir === 'memory' ? 'memory://' : dataDir, {
    // int8 as exact bigint, like the pg type parser above.
    parsers: { 20: (value: string) => BigInt(value) },
    // Typo-tolerant search (src/adapters/search/postgres.ts); a real server ships them as contrib.
    extensions: { pg_trgm, fuzzystrmatch },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
  });
  await pglite.waitReady;
  const db = new Kysely<Schema>({ dialect: new SerialisedPGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    location: dataDir,
    locks: db,
    executePrepared: async <Row>({ text }: PreparedStatement, parameters: readonly unknown[]) =>
      (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows,
    close: () => db.destroy(),
  };
}

export async function migrate(db: Kysely<Schema>, migrations: Record<string, Migration>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    // Kysely looks for its bookkeeping tables by schema; name ours so schemas don't see each other's.
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
