import { parse } from 'csv-parse/browser/esm/sync';

import {
  BULK_IMPORT_LIMITS,
  BULK_IMPORT_MESSAGES,
  csvTextOf,
  payloadsFromRecords,
  type BulkImportPayload,
  type BulkRowReport,
} from '@domain/templates/bulk-import.js';
import type { ValidationReport } from '@domain/shared/read-model-validation.js';
import { apiRequest } from '@/lib/api-client.js';

/** A chosen file's rows, or why it cannot be imported (spec 5: a file must be chosen, and be CSV). */
export async function readCsvFile(file: File | null | undefined): Promise<{ payloads: BulkImportPayload[]; fileError: string | null }> {
  if (!file) return { payloads: [], fileError: BULK_IMPORT_MESSAGES.noFile };
  // Some systems label CSV files as Excel's; the name's extension decides then.
  if (file.type !== 'text/csv' && !file.name.toLowerCase().endsWith('.csv'))
    return { payloads: [], fileError: BULK_IMPORT_MESSAGES.notCsv };
  const text = csvTextOf(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return { payloads: [], fileError: BULK_IMPORT_MESSAGES.notText };
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    return { payloads: [], fileError: `${BULK_IMPORT_MESSAGES.notParsable}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return payloadsFromRecords(records);
}

/**
 * Sends the rows in batches (a dry run checks and writes nothing, in larger ones), reporting the
 * rows done after each batch; answers one report per row.
 */
export async function sendBulkRows(
  payloads: readonly BulkImportPayload[],
  dryRun: boolean,
  onProgress: (done: number) => void,
): Promise<BulkRowReport[]> {
  const reports: BulkRowReport[] = [];
  const batchSize = dryRun ? BULK_IMPORT_LIMITS.rowsPerRequest : BULK_IMPORT_LIMITS.rowsPerImportRequest;
  for (let start = 0; start < payloads.length; start += batchSize) {
    const data = payloads.slice(start, start + batchSize);
    const answer = await apiRequest<{ reports: BulkRowReport[] }>('/admin/csv/upload', { method: 'POST', body: { data, dryRun } });
    reports.push(...answer.reports);
    onProgress(start + data.length);
  }
  return reports;
}

export interface ValidationAnswer extends ValidationReport {
  success: boolean;
  message: string;
}

export function validateReadModels(): Promise<ValidationAnswer> {
  return apiRequest('/admin/validate');
}

export function updateKeywords(): Promise<{ message: string; updated: { _id: string; title: string; keywords: string[] }[] }> {
  return apiRequest('/admin/updateAIKeywords', { method: 'POST' });
}
