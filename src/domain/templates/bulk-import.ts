import { z } from '../shared/zod.js';
import { APPS, TOPICS, type TaxonomyEntry } from '../catalogue/taxonomy.js';
import { isStorableText } from '../shared/text.js';
import { templateContentSchema, TEMPLATE_LIMITS, type TemplateContent } from './rules.js';

export const BULK_IMPORT_LIMITS = {
  /** Rows in one file; a larger one is refused before anything is sent. */
  rowsPerFile: 10_000,
  /** Rows in one request at most; a preview (dry run), which only checks, is sent in batches of this size. */
  rowsPerRequest: 100,
  /**
   * Rows in one request of an import, which fetches and re-encodes each row's picture (one at a
   * time, about 0.15 s of CPU for 1200×800) and writes the rows in one append: 100 rows with
   * pictures in one request took well over half a minute on a busy machine, past a proxy's usual
   * 60 s, and the progress bar stood still that long.
   */
  rowsPerImportRequest: 20,
} as const;

/** '1 row', '2 rows', '0 rows'. */
export const rowCount = (rows: number): string => `${rows} ${rows === 1 ? 'row' : 'rows'}`;

/** The admin portal's bulk import (generator-admin-site.md sections 3, 5 and 8). */
export const BULK_IMPORT_MESSAGES = {
  noFile: 'Please select a file before uploading.',
  notCsv: 'Please upload a CSV file.',
  successTitle: 'Success!!',
  success: 'The templates are bulk uploaded successfully.',
  /** Some rows failed at import: the spec's success modal would claim the whole file went in. */
  partialTitle: 'Imported in part',
  partial: (imported: number, failed: number) =>
    `${rowCount(imported)} imported; ${rowCount(failed)} could not be imported: see the report.`,
  importButton: (ready: number) => `Import ${rowCount(ready)}`,
  errorTitle: 'Error!!',
  error: 'Error sending bulk data. Contact the dev support.',
  notParsable: 'This file could not be read as CSV',
  notText:
    'This file is not a text CSV file: it may be a picture, a spreadsheet or a CSV saved in another encoding. Save it from your spreadsheet as CSV UTF-8 and upload that.',
  empty: 'The file has no rows below its header.',
  tooManyRows: `A file may hold at most ${BULK_IMPORT_LIMITS.rowsPerFile} rows: please split it.`,
  formula: 'starts with =, +, -, @, a tab or a carriage return: spreadsheet formulas are not imported',
  forbiddenCharacters: 'contains characters that are not allowed (a NUL character or broken Unicode): please fix the cell',
  unknownAuthor: 'No account has this username',
  alreadyImported: 'Already imported (the same row was imported before)',
  repeatsRow: 'The same as an earlier row of this file: row',
  imageUrl: 'The image location must be a public http(s) address',
  imageFailed: 'The image could not be fetched or is not a picture',
  nothingValid: 'No row can be imported: fix the rows marked in the preview.',
} as const;

/** The spec's CSV row, in its order: `key` is the payload field, `header` the column heading. */
export const BULK_IMPORT_COLUMNS = [
  { key: 'type', header: 'type', required: true },
  { key: 'title', header: 'title', required: true },
  { key: 'platform', header: 'platform', required: true },
  { key: 'description', header: 'description', required: true },
  { key: 'url', header: 'url', required: true },
  { key: 'instructions', header: 'instructions', required: false },
  { key: 'tags', header: 'tags', required: false },
  { key: 'image', header: 'image location', required: false },
  { key: 'price', header: 'price', required: false },
  { key: 'author', header: 'author', required: false },
] as const;

/**
 * The longest cell the import call takes, per column, and the most tags: far above the create form's
 * limits, so a cell cut to its cap still breaks them and only its row is reported invalid.
 */
export const BULK_IMPORT_CELL_CAPS = {
  type: 200,
  title: 1000,
  platform: 200,
  description: 5000,
  url: 2000,
  instructions: 10_000,
  tag: 200,
  tags: 50,
  image: 2000,
  price: 50,
  author: 100,
} as const;

/** The spec's bulk import payload: tags trimmed into an array, images as addresses; price and author optional. */
export const bulkImportPayloadSchema = z.object({
  /** The row's number in the file (header = row 1), for the report. */
  row: z.number().int().min(2),
  type: z.string().max(BULK_IMPORT_CELL_CAPS.type),
  title: z.string().max(BULK_IMPORT_CELL_CAPS.title),
  platform: z.string().max(BULK_IMPORT_CELL_CAPS.platform),
  description: z.string().max(BULK_IMPORT_CELL_CAPS.description),
  url: z.string().max(BULK_IMPORT_CELL_CAPS.url),
  instructions: z.string().max(BULK_IMPORT_CELL_CAPS.instructions),
  tags: z.array(z.string().max(BULK_IMPORT_CELL_CAPS.tag)).max(BULK_IMPORT_CELL_CAPS.tags),
  images: z.array(z.string().max(BULK_IMPORT_CELL_CAPS.image)).max(TEMPLATE_LIMITS.images),
  price: z.string().max(BULK_IMPORT_CELL_CAPS.price).optional(),
  author: z.string().max(BULK_IMPORT_CELL_CAPS.author).optional(),
});
export type BulkImportPayload = z.infer<typeof bulkImportPayloadSchema>;

/** A heading made comparable: 'Image Location', 'image_location' and 'imageLocation' are one column. */
function headingKey(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z]/gu, '');
}

/**
 * The file's text, or null when it is not UTF-8 text: a NUL byte or bytes that do not decode (a
 * picture, a spreadsheet, a UTF-16 or Windows-1252 export). Decoded leniently, such a file becomes
 * garbage that the column check would echo, and garbled cells that would go live. A leading byte
 * order mark is dropped.
 */
export function csvTextOf(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * The parsed file's records (the header first) as payloads, or the file's problem: missing or
 * unknown columns, no rows, too many rows. Blank lines are left out.
 */
export function payloadsFromRecords(records: readonly (readonly string[])[]): { payloads: BulkImportPayload[]; fileError: string | null } {
  const [header, ...rows] = records;
  if (!header) return { payloads: [], fileError: BULK_IMPORT_MESSAGES.empty };
  const known = new Map(BULK_IMPORT_COLUMNS.map((column) => [headingKey(column.header), column.key]));
  const unknown = header.filter((heading) => !known.has(headingKey(heading)));
  const present = new Set(header.map(headingKey));
  const missing = BULK_IMPORT_COLUMNS.filter((column) => column.required && !present.has(headingKey(column.header))).map(
    (column) => column.header,
  );
  const expected = BULK_IMPORT_COLUMNS.map((column) => column.header).join(', ');
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [
      missing.length > 0 ? `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` : '',
      unknown.length > 0 ? `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : '',
    ];
    return { payloads: [], fileError: `Wrong columns (${parts.filter(Boolean).join('; ')}). The columns are: ${expected}.` };
  }
  const filled = rows.map((cells, index) => ({ cells, row: index + 2 })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (filled.length === 0) return { payloads: [], fileError: BULK_IMPORT_MESSAGES.empty };
  if (filled.length > BULK_IMPORT_LIMITS.rowsPerFile) return { payloads: [], fileError: BULK_IMPORT_MESSAGES.tooManyRows };
  const columnOf = new Map<string, number>(header.map((heading, index) => [known.get(headingKey(heading))!, index]));
  const payloads = filled.map(({ cells, row }) => {
    const cell = (key: string) => {
      const index = columnOf.get(key);
      return index === undefined ? '' : (cells[index] ?? '');
    };
    // Cut to the call's caps: one absurd cell must not make the server refuse its whole batch.
    const capped = (key: Exclude<keyof typeof BULK_IMPORT_CELL_CAPS, 'tag' | 'tags'>) => clip(cell(key), BULK_IMPORT_CELL_CAPS[key]);
    const image = capped('image').trim();
    return {
      row,
      type: capped('type'),
      title: capped('title'),
      platform: capped('platform'),
      description: capped('description'),
      url: capped('url'),
      instructions: capped('instructions'),
      tags: cell('tags')
        .split(',')
        .map((tag) => clip(tag.trim(), BULK_IMPORT_CELL_CAPS.tag))
        .filter((tag) => tag !== '')
        .slice(0, BULK_IMPORT_CELL_CAPS.tags),
      images: image === '' ? [] : [image],
      price: capped('price'),
      author: capped('author'),
    };
  });
  return { payloads, fileError: null };
}

/** The text cut to at most `max` UTF-16 units, never between the two halves of a character. */
function clip(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, max).replace(/[\uD800-\uDBFF]$/u, '');
}

/** A cell a spreadsheet would run as a formula (OWASP CSV injection): refused, never stored. */
export function isFormulaCell(value: string): boolean {
  return /^[=+\-@\t\r]/u.test(value);
}

function taxonomyName(entries: readonly TaxonomyEntry[], value: string): string {
  const wanted = value.trim().toLowerCase();
  return entries.find((entry) => entry.name === wanted || entry.label.toLowerCase() === wanted)?.name ?? value.trim();
}

function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The row's author as a username to look up: null when blank (the importing admin) or when the cell itself is refused. */
export function bulkRowAuthor(payload: BulkImportPayload): string | null {
  const author = payload.author?.trim() ?? '';
  return author === '' || !isStorableText(author) || isFormulaCell(author) ? null : author;
}

export type CheckedBulkRow =
  { ok: true; content: TemplateContent; author: string | null; imageUrl: string | null } | { ok: false; errors: string[] };

/**
 * One row through the create form's rules (templateContentSchema), after refusing formula cells.
 * Type and platform may be written as name or label; a blank price is 0; a blank author means the
 * importing admin. Images are checked for their address only: fetching is the server's part.
 */
export function checkBulkRow(payload: BulkImportPayload): CheckedBulkRow {
  const cells: [string, string][] = [
    ['type', payload.type],
    ['title', payload.title],
    ['platform', payload.platform],
    ['description', payload.description],
    ['url', payload.url],
    ['instructions', payload.instructions],
    ...payload.tags.map((tag): [string, string] => ['tags', tag]),
    ...payload.images.map((image): [string, string] => ['image location', image]),
    ['price', payload.price ?? ''],
    ['author', payload.author ?? ''],
  ];
  const errors = [
    ...cells.filter(([, value]) => !isStorableText(value)).map(([column]) => `${column}: ${BULK_IMPORT_MESSAGES.forbiddenCharacters}`),
    ...cells.filter(([, value]) => isFormulaCell(value)).map(([column]) => `${column}: ${BULK_IMPORT_MESSAGES.formula}`),
  ];
  const imageUrl = payload.images[0]?.trim() || null;
  if (imageUrl !== null && !isHttpAddress(imageUrl)) errors.push(`image location: ${BULK_IMPORT_MESSAGES.imageUrl}`);
  const priceText = (payload.price ?? '').trim().replace(/^\$/u, '');
  const price = priceText === '' ? 0 : Number(priceText);
  const parsed = templateContentSchema.safeParse({
    title: payload.title,
    description: payload.description,
    instructions: payload.instructions,
    url: payload.url,
    topic: taxonomyName(TOPICS, payload.type),
    platform: taxonomyName(APPS, payload.platform),
    keywords: payload.tags,
    price: Number.isFinite(price) ? price : Number.NaN,
    imageUrls: [],
  });
  if (!parsed.success) {
    const fieldNames: Record<string, string> = { topic: 'type', keywords: 'tags' };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      errors.push(
        `${fieldNames[field] ?? field}: ${field === 'price' && !Number.isFinite(price) ? 'Please enter a valid price.' : issue.message}`,
      );
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, content: parsed.data, author: bulkRowAuthor(payload), imageUrl };
}

/**
 * What makes a row the same row again: its cells, trimmed, in the spec's order. A re-upload of the
 * same file gives the same keys, so the import's idempotency keys find the earlier commands.
 */
export function bulkRowKey(payload: BulkImportPayload): string {
  const { row: _row, ...cells } = payload;
  return JSON.stringify([
    cells.type.trim().toLowerCase(),
    cells.title.trim(),
    cells.platform.trim().toLowerCase(),
    cells.description.trim(),
    cells.url.trim(),
    cells.instructions.trim(),
    cells.tags.map((tag) => tag.trim().toLowerCase()),
    cells.images.map((image) => image.trim()),
    (cells.price ?? '').trim(),
    (cells.author ?? '').trim().toLowerCase(),
  ]);
}

/** One row's outcome, as the preview and the import report show it. */
export interface BulkRowReport {
  row: number;
  status: 'valid' | 'invalid' | 'imported' | 'duplicate';
  errors: string[];
  title: string;
  templateId?: string;
  titleUrl?: string;
}

/**
 * The preview's reports with every row that repeats an earlier row of the file marked as its
 * duplicate: the server checks one batch at a time, so a repeat in a later batch comes back valid.
 */
export function markRepeatedRows(payloads: readonly BulkImportPayload[], reports: readonly BulkRowReport[]): BulkRowReport[] {
  const firstRowOf = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const payload of payloads) {
    const key = bulkRowKey(payload);
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, payload.row);
    else repeats.set(payload.row, first);
  }
  return reports.map((report) => {
    const first = repeats.get(report.row);
    return first === undefined || report.status === 'invalid'
      ? report
      : { ...report, status: 'duplicate', errors: [`${BULK_IMPORT_MESSAGES.repeatsRow} ${first}`] };
  });
}
