import { sql, type Kysely } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';

/*
 * Building blocks for set-based `apply`s: a batch's rows for one table go in one statement, as one
 * JSON parameter expanded by the server (json_populate_recordset), so no parameter limit applies
 * and the statement's cost does not grow with a per-row round trip. As json, not jsonb: the server
 * reads the text once into rows instead of first building a jsonb value of it (10–15 % of a
 * 5 000-row insert, most of whose time is reading the JSON).
 */

/** A row to write: column name → value (Dates, bigints, arrays and objects are sent as JSON). */
export type RowValues = Record<string, unknown>;

export interface WriteRowsOptions {
  /** The unique key a row may already be stored under. */
  conflict: readonly string[];
  /** Columns a stored row takes from the new one; none (or omitted): a stored row stays as it is. */
  update?: readonly string[];
  /** With `update`: only rows whose stored `last_position` is below the new row's change. */
  onlyNewer?: boolean;
  /** Columns to answer of the rows inserted or updated (a stored row left as it is is not answered). */
  returning?: readonly string[];
}

/**
 * A batch's write, prepared in memory (its rows already serialised) and run later in the batch's
 * transaction: a rebuild prepares the next batch while the database runs this one's writes.
 */
export type BatchWrite<R = void> = (trx: Kysely<Schema>) => Promise<R>;

/** Inserts `rows` (all with the same columns) into `table`; what happens to stored rows is `options`'. */
export async function writeRows<R extends RowValues = RowValues>(trx: Kysely<Schema>, table: string, rows: readonly RowValues[], options: WriteRowsOptions): Promise<R[]> {
  return prepareWriteRows<R>(table, rows, options)(trx);
}

/** writeRows with its rows serialised now, written when the answered write runs. */
export function prepareWriteRows<R extends RowValues = RowValues>(table: string, rows: readonly RowValues[], options: WriteRowsOptions): BatchWrite<R[]> {
  if (rows.length === 0) return async () => [];
  const columns = Object.keys(rows[0]!);
  const ids = sql.join(columns.map((column) => sql.id(column)));
  const update = options.update ?? [];
  const onConflict =
    update.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(update.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`))}${
          options.onlyNewer ? sql` where ${sql.id(table)}.last_position < excluded.last_position` : sql``
        }`;
  const returning = options.returning?.length ? sql` returning ${sql.join(options.returning.map((column) => sql.id(column)))}` : sql``;
  const conflict = sql.join(options.conflict.map((column) => sql.id(column)));
  // In key order, the key's index is walked page by page rather than at random (uuids are random).
  const statement = sql<R>`
    insert into ${sql.id(table)} (${ids})
    select ${ids} from json_populate_recordset(null::${sql.id(table)}, ${rowsJson(rows)}::json) order by ${conflict}
    on conflict (${conflict}) ${onConflict}${returning}`;
  return async (trx) => (await statement.execute(trx)).rows;
}

/** Deletes the rows whose `columns` equal one of `keys` (each key one value per column), when the answered write runs. */
export function prepareDeleteRows(table: string, columns: readonly string[], keys: readonly (readonly unknown[])[]): BatchWrite {
  if (keys.length === 0) return async () => {};
  const rows = keys.map((key) => Object.fromEntries(columns.map((column, index) => [column, key[index]])));
  const ids = sql.join(columns.map((column) => sql.id(column)));
  const statement = sql`
    delete from ${sql.id(table)}
    where (${ids}) in (select ${ids} from json_populate_recordset(null::${sql.id(table)}, ${rowsJson(rows)}::json))`;
  return async (trx) => {
    await statement.execute(trx);
  };
}

/** Runs prepared writes one after the other, in the order given (a batch's statements keep their order). */
export function inOrder(writes: readonly BatchWrite<unknown>[]): BatchWrite {
  return async (trx) => {
    for (const write of writes) await write(trx);
  };
}

/**
 * Columns only shown or counted in memory, never filtered, joined or sorted on: their statistics would
 * never steer a plan, and gathering them was most of the ANALYZE a rebuild runs before its switch.
 */
export async function gatherNoStatistics(trx: Kysely<Schema>, table: string, columns: readonly string[]): Promise<void> {
  await sql`alter table ${sql.id(table)} ${sql.join(columns.map((column) => sql`alter column ${sql.id(column)} set statistics 0`))}`.execute(trx);
}

/**
 * Rows as one JSON text; bigints (a row's own columns: positions) as decimal strings, which Postgres
 * reads back exactly. Copying the rows that hold one is a quarter to a third faster than a replacer,
 * which JSON.stringify calls for every value of every row.
 */
export function rowsJson(rows: readonly RowValues[]): string {
  let converted: RowValues[] | undefined;
  rows.forEach((row, index) => {
    let copy: RowValues | undefined;
    for (const column in row) {
      const value = row[column];
      if (typeof value === 'bigint') (copy ??= { ...row })[column] = value.toString();
    }
    if (copy) (converted ??= [...rows])[index] = copy;
  });
  return JSON.stringify(converted ?? rows);
}
