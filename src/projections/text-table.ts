/**
 * A plain text table for the command-line tools: a header, a rule, then the rows; numbers right-aligned
 * (a column is numeric when its first row's cell is a number), everything else left-aligned.
 */
export function textTable(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string[] {
  const cells = [columns, ...rows];
  const widths = columns.map((_, index) => Math.max(...cells.map((row) => String(row[index]).length)));
  const line = (row: readonly (string | number)[]) =>
    row
      .map((cell, index) =>
        typeof rows[0]?.[index] === 'number' ? String(cell).padStart(widths[index]!) : String(cell).padEnd(widths[index]!),
      )
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}
