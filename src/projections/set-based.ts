import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';

/*
 * Building blocks for set-based `apply`s: a batch's rows for one table go in one statement, as one
 * JSON parameter expanded by the server, so no parameter limit applies and the statement's cost
 * does not grow with a per-row round trip. Each row goes as an array of its values in column order,
 * read back by position and cast to its column's type: json_populate_recordset, which matched each
 * row's keys to the table's columns, took 3 to 5 times as long to read the same 5 000 template rows
 * (225-280 ms against 46-84 ms), most of a rebuild's insert.
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
  /**
   * No row can be stored yet: the table is a generation being built, which applies every event once
   * (its writes commit with its checkpoint), and each row is made by one event only (keyed by its
   * position, or by what the event creates). A plain insert then: the conflict check's speculative
   * insertion is most of an insert's cost (68 000 analytics facts: 254 ms with it, 139 ms without).
   * A row stored after all fails loudly.
   */
  onlyNewRows?: boolean;
}

/**
 * A batch's write, prepared in memory (its rows already serialised) and run later in the batch's
 * transaction: a rebuild prepares the next batch while the database runs this one's writes.
 */
export type BatchWrite<R = void> = (trx: Kysely<Schema>) => Promise<R>;

/** Inserts `rows` (all with the same columns) into `table`; what happens to stored rows is `options`'. */
export async function writeRows<R extends RowValues = RowValues>(
  trx: Kysely<Schema>,
  table: string,
  rows: readonly RowValues[],
  options: WriteRowsOptions,
): Promise<R[]> {
  return prepareWriteRows<R>(table, rows, options)(trx);
}

/** writeRows with its rows serialised now, written when the answered write runs. */
export function prepareWriteRows<R extends RowValues = RowValues>(
  table: string,
  rows: readonly RowValues[],
  options: WriteRowsOptions,
): BatchWrite<R[]> {
  if (rows.length === 0) return async () => [];
  const columns = Object.keys(rows[0]!);
  const values = positionalRowsJson(rows, columns);
  const ids = sql.join(columns.map((column) => sql.id(column)));
  const update = options.update ?? [];
  const conflict = sql.join(options.conflict.map((column) => sql.id(column)));
  const onConflict = options.onlyNewRows
    ? sql``
    : update.length === 0
      ? sql`on conflict (${conflict}) do nothing`
      : sql`on conflict (${conflict}) do update set ${sql.join(update.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`))}${
          options.onlyNewer ? sql` where ${sql.id(table)}.last_position < excluded.last_position` : sql``
        }`;
  const returning = options.returning?.length ? sql` returning ${sql.join(options.returning.map((column) => sql.id(column)))}` : sql``;
  return async (trx) => {
    const rowValues = await readRowValues(trx, table, columns, values);
    // In key order, the key's index is walked page by page rather than at random (uuids are random).
    const statement = sql<R>`
      insert into ${sql.id(table)} (${ids})
      select ${ids} from (${rowValues}) v order by ${conflict}
      ${onConflict}${returning}`;
    return (await statement.execute(trx)).rows;
  };
}

/** Deletes the rows whose `columns` equal one of `keys` (each key one value per column), when the answered write runs. */
export function prepareDeleteRows(table: string, columns: readonly string[], keys: readonly (readonly unknown[])[]): BatchWrite {
  if (keys.length === 0) return async () => {};
  const values = positionalRowsJson(keys, columns);
  const ids = sql.join(columns.map((column) => sql.id(column)));
  return async (trx) => {
    await sql`delete from ${sql.id(table)} where (${ids}) in (${await readRowValues(trx, table, columns, values)})`.execute(trx);
  };
}

/** `rows` (all with the same columns, at least one) as a select of `table`'s columns, for a statement writeRows does not make. */
export async function selectRows(trx: Kysely<Schema>, table: string, rows: readonly RowValues[]): Promise<RawBuilder<unknown>> {
  const columns = Object.keys(rows[0]!);
  return readRowValues(trx, table, columns, positionalRowsJson(rows, columns));
}

/** A table's column types as the server names them; `array`: an array type (its rows hold a JSON array). */
type ColumnTypes = ReadonlyMap<string, { type: string; array: boolean }>;

/**
 * Column types by physical table: a generation's tables keep the columns its projection's version
 * gave them, and that version names the generation, so a name read once stays right (in another
 * database of the same process too: the same code made it).
 */
const columnTypesByTable = new Map<string, Promise<ColumnTypes>>();

function columnTypesOf(trx: Kysely<Schema>, table: string): Promise<ColumnTypes> {
  let types = columnTypesByTable.get(table);
  if (!types) {
    types = sql<{ name: string; type: string; array: boolean }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, t.typcategory = 'A' as array
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped`
      .execute(trx)
      .then(({ rows }) => {
        if (rows.length === 0) throw new Error(`Table ${table} does not exist`);
        return new Map(rows.map((row) => [row.name, { type: row.type, array: row.array }]));
      });
    columnTypesByTable.set(table, types);
    // A failed read (a table not there yet, a lost connection) is asked again next time.
    types.catch(() => columnTypesByTable.delete(table));
  }
  return types;
}

/** A select of the rows in `values` (positionalRowsJson of `columns`), each value cast to its column's type in `table`. */
async function readRowValues(trx: Kysely<Schema>, table: string, columns: readonly string[], values: string): Promise<RawBuilder<unknown>> {
  const types = await columnTypesOf(trx, table);
  const read = columns.map((column, index) => {
    const stored = types.get(column);
    if (!stored) throw new Error(`Table ${table} has no column ${column}`);
    const value = sql`r.value -> ${sql.lit(index)}`;
    const text = sql`r.value ->> ${sql.lit(index)}`;
    const type = sql.raw(stored.type);
    // JSON null is SQL NULL in every column (in jsonb ones too, as json_populate_recordset read it).
    const typed =
      stored.type === 'jsonb'
        ? sql`nullif(${value}, 'null')`
        : stored.type === 'json'
          ? sql`nullif(${value}, 'null')::json`
          : stored.array
            ? sql`case jsonb_typeof(${value}) when 'array' then array(select jsonb_array_elements_text(${value}))::${type} end`
            : sql`(${text})::${type}`;
    return sql`${typed} as ${sql.id(column)}`;
  });
  return sql`select ${sql.join(read)} from jsonb_array_elements(${values}::jsonb) r`;
}

/** Runs prepared writes one after the other, in the order given (a batch's statements keep their order). */
export function inOrder(writes: readonly BatchWrite<unknown>[]): BatchWrite {
  return async (trx) => {
    for (const write of writes) await write(trx);
  };
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

/** Rows (objects by column name, or arrays in column order) as one JSON array of arrays of their `columns`' values; bigints as decimal strings. */
function positionalRowsJson(rows: readonly (RowValues | readonly unknown[])[], columns: readonly string[]): string {
  return JSON.stringify(
    rows.map((row) => {
      const values = Array.isArray(row) ? [...row] : columns.map((column) => (row as RowValues)[column]);
      values.forEach((value, index) => {
        if (typeof value === 'bigint') values[index] = value.toString();
      });
      return values;
    }),
  );
}
