import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  align?: 'left' | 'right';
}

/** An aligned plain-text table: numbers right-aligned, readable in a terminal and a CI log. */
export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...cells.map((line) => line[index]!.length)));
  const pad = (text: string, index: number) =>
    (columns[index]!.align ?? 'right') === 'left' ? text.padEnd(widths[index]!) : text.padStart(widths[index]!);
  const line = (texts: readonly string[]) => texts.map(pad).join('  ').trimEnd();
  return [line(columns.map((column) => column.header)), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

export const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');
export const formatSeconds = (value: number) => value.toFixed(2);
export const formatRatio = (value: number | null) => (value === null ? '' : value.toFixed(2));
export const formatMiB = (value: number) => value.toFixed(0);

/** Writes `<dir>/<timestamp>.json` and `<dir>/latest.json`; returns the timestamped file's path. */
export async function writeResults(dir: string, startedAt: Date, results: unknown): Promise<string> {
  await mkdir(dir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  // ISO 8601 without colons, which some file systems and tools refuse in names.
  const file = join(dir, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  await writeFile(file, json);
  await writeFile(join(dir, 'latest.json'), json);
  return file;
}
