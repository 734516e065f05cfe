import { describe, expect, it } from 'vitest';
import {
  BULK_IMPORT_LIMITS,
  BULK_IMPORT_MESSAGES,
  bulkRowKey,
  checkBulkRow,
  csvTextOf,
  isFormulaCell,
  markRepeatedRows,
  payloadsFromRecords,
  type BulkRowReport,
} from './bulk-import.js';

const HEADER = ['type', 'title', 'platform', 'description', 'url', 'instructions', 'tags', 'image location', 'price', 'author'];
const GOOD = [
  'Productivity',
  'Weekly Planner',
  'Notion',
  'Plan the week.',
  'https://example.com/weekly',
  'Duplicate it.',
  ' Planning , Weekly ,',
  '',
  '5',
  'maker',
];

describe('bulk import rows', () => {
  it('maps the spec columns in any order and heading style, skipping blank lines', () => {
    const reordered = [...HEADER].reverse().map((heading) => heading.replace(' location', 'Location').toUpperCase());
    const { payloads, fileError } = payloadsFromRecords([reordered, [...GOOD].reverse(), ['', '', ''], [...GOOD].reverse()]);
    expect(fileError).toBeNull();
    expect(payloads.map((payload) => payload.row)).toEqual([2, 4]);
    expect(payloads[0]).toEqual({
      row: 2,
      type: 'Productivity',
      title: 'Weekly Planner',
      platform: 'Notion',
      description: 'Plan the week.',
      url: 'https://example.com/weekly',
      instructions: 'Duplicate it.',
      tags: ['Planning', 'Weekly'],
      images: [],
      price: '5',
      author: 'maker',
    });
  });

  it('names missing and unknown columns, an empty file and one over the row limit', () => {
    expect(
      payloadsFromRecords([
        ['title', 'colour'],
        ['x', 'y'],
      ]).fileError,
    ).toBe(
      'Wrong columns (missing columns: type, platform, description, url; unknown column: colour). The columns are: type, title, platform, description, url, instructions, tags, image location, price, author.',
    );
    expect(payloadsFromRecords([HEADER]).fileError).toBe(BULK_IMPORT_MESSAGES.empty);
    expect(payloadsFromRecords([]).fileError).toBe(BULK_IMPORT_MESSAGES.empty);
    const tooMany = [HEADER, ...Array.from({ length: BULK_IMPORT_LIMITS.rowsPerFile + 1 }, () => GOOD)];
    expect(payloadsFromRecords(tooMany).fileError).toBe(BULK_IMPORT_MESSAGES.tooManyRows);
    expect(payloadsFromRecords(tooMany.slice(0, -1)).payloads).toHaveLength(BULK_IMPORT_LIMITS.rowsPerFile);
  });

  it('reads a file as UTF-8 text, dropping a byte order mark, and refuses one that is not text', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    expect(csvTextOf(utf8('type,title\nproductivity,Café\n'))).toBe('type,title\nproductivity,Café\n');
    expect(csvTextOf(utf8('\uFEFFtype,title\n'))).toBe('type,title\n');
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52);
    const utf16 = Uint8Array.of(0xff, 0xfe, 0x74, 0x00, 0x79, 0x00, 0x70, 0x00, 0x65, 0x00);
    const windows1252 = Uint8Array.of(0x43, 0x61, 0x66, 0xe9);
    const nulInText = utf8('type,title\0\n');
    for (const bytes of [png, utf16, windows1252, nulInText]) expect(csvTextOf(bytes)).toBeNull();
  });

  it('checks a row with the create rules: labels become names, a blank price is 0, a blank author the admin', () => {
    const [payload] = payloadsFromRecords([HEADER, GOOD]).payloads;
    const checked = checkBulkRow(payload!);
    expect(checked).toMatchObject({
      ok: true,
      author: 'maker',
      imageUrl: null,
      content: { topic: 'productivity', platform: 'notion', keywords: ['planning', 'weekly'], price: 5 },
    });
    expect(checkBulkRow({ ...payload!, price: '', author: '' })).toMatchObject({ ok: true, author: null, content: { price: 0 } });
    expect(checkBulkRow({ ...payload!, price: 'ten' })).toEqual({ ok: false, errors: ['price: Please enter a valid price.'] });
    expect(checkBulkRow({ ...payload!, type: 'cooking', title: '' })).toEqual({
      ok: false,
      errors: ['title: Title is required', 'type: Please choose a topic'],
    });
    expect(checkBulkRow({ ...payload!, images: ['file:///etc/passwd'] })).toEqual({
      ok: false,
      errors: [`image location: ${BULK_IMPORT_MESSAGES.imageUrl}`],
    });
  });

  it('refuses formula cells in every column, naming the column', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(isFormulaCell(`${lead}1+1`), JSON.stringify(lead)).toBe(true);
    expect(isFormulaCell('Plan = do')).toBe(false);
    const [payload] = payloadsFromRecords([HEADER, GOOD]).payloads;
    const checked = checkBulkRow({
      ...payload!,
      title: '=HYPERLINK("http://evil.example","x")',
      description: '@SUM(A1)',
      tags: ['ok', '+cmd'],
      price: '-5',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.filter((error) => error.endsWith(BULK_IMPORT_MESSAGES.formula))).toEqual([
      `title: ${BULK_IMPORT_MESSAGES.formula}`,
      `description: ${BULK_IMPORT_MESSAGES.formula}`,
      `tags: ${BULK_IMPORT_MESSAGES.formula}`,
      `price: ${BULK_IMPORT_MESSAGES.formula}`,
    ]);
  });

  it('gives the same row the same key wherever it stands, and another row another key', () => {
    const [first, second] = payloadsFromRecords([HEADER, GOOD, GOOD]).payloads;
    expect(bulkRowKey(first!)).toBe(bulkRowKey(second!));
    expect(bulkRowKey({ ...first!, title: 'Weekly Planner 2' })).not.toBe(bulkRowKey(first!));
    expect(bulkRowKey({ ...first!, title: ' Weekly Planner ', platform: 'NOTION' })).toBe(bulkRowKey(first!));
  });

  it('marks a row repeating an earlier row of the file, which the server saw in another batch and called valid, as the same as that row', () => {
    const other = [...GOOD.slice(0, 4), 'https://example.com/other', ...GOOD.slice(5)];
    const { payloads } = payloadsFromRecords([HEADER, GOOD, other, [...GOOD], [...other]]);
    const reports: BulkRowReport[] = payloads.map((payload) => ({ row: payload.row, status: 'valid', errors: [], title: payload.title }));
    expect(markRepeatedRows(payloads, reports).map((report) => [report.row, report.status, report.errors])).toEqual([
      [2, 'valid', []],
      [3, 'valid', []],
      [4, 'duplicate', [`${BULK_IMPORT_MESSAGES.repeatsRow} 2`]],
      [5, 'duplicate', [`${BULK_IMPORT_MESSAGES.repeatsRow} 3`]],
    ]);
    const invalid: BulkRowReport = { row: 4, status: 'invalid', errors: ['author: unknown'], title: 'x' };
    expect(markRepeatedRows(payloads, [invalid])).toEqual([invalid]);
  });
});

describe("the bulk import's words", () => {
  it('counts one row in the singular: "Import 1 row", not "Import 1 rows"', () => {
    expect(BULK_IMPORT_MESSAGES.importButton(1)).toBe('Import 1 row');
    expect(BULK_IMPORT_MESSAGES.importButton(0)).toBe('Import 0 rows');
    expect(BULK_IMPORT_MESSAGES.importButton(3)).toBe('Import 3 rows');
  });

  it('says what went in and what did not when some rows fail, instead of claiming success', () => {
    expect(BULK_IMPORT_MESSAGES.partial(1, 2)).toBe('1 row imported; 2 rows could not be imported: see the report.');
    expect(BULK_IMPORT_MESSAGES.partialTitle).not.toBe(BULK_IMPORT_MESSAGES.successTitle);
  });
});
