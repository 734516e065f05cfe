import { useState } from 'react';

import { BULK_IMPORT_MESSAGES, markRepeatedRows, type BulkImportPayload, type BulkRowReport } from '@domain/templates/bulk-import.js';
import { showMessageModal } from '@/lib/client-state.js';
import { readCsvFile, sendBulkRows } from './import-api.js';

export type BulkImportPhase =
  { kind: 'idle' } | { kind: 'checking' | 'importing'; done: number; total: number } | { kind: 'previewed' } | { kind: 'imported' };

/** The bulk import's steps: a file chosen, its rows checked by the server (the preview), then the valid ones imported. */
export function useBulkImport() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [payloads, setPayloads] = useState<BulkImportPayload[]>([]);
  const [reports, setReports] = useState<BulkRowReport[]>([]);
  const [phase, setPhase] = useState<BulkImportPhase>({ kind: 'idle' });

  /** A new file starts over. */
  function chooseFile(chosen: File | null) {
    setFile(chosen);
    setFileError(null);
    setReports([]);
    setPhase({ kind: 'idle' });
  }

  async function preview() {
    setReports([]);
    const read = await readCsvFile(file);
    setFileError(read.fileError);
    setPayloads(read.payloads);
    if (read.fileError !== null) return setPhase({ kind: 'idle' });
    setPhase({ kind: 'checking', done: 0, total: read.payloads.length });
    try {
      setReports(
        markRepeatedRows(
          read.payloads,
          await sendBulkRows(read.payloads, true, (done) => setPhase({ kind: 'checking', done, total: read.payloads.length })),
        ),
      );
      setPhase({ kind: 'previewed' });
    } catch (error) {
      setPhase({ kind: 'idle' });
      showMessageModal(
        BULK_IMPORT_MESSAGES.errorTitle,
        BULK_IMPORT_MESSAGES.error,
        error instanceof Error ? error.message : undefined,
        'danger',
      );
    }
  }

  async function importRows() {
    const ready = new Set(reports.filter((report) => report.status === 'valid').map((report) => report.row));
    const rows = payloads.filter((payload) => ready.has(payload.row));
    setPhase({ kind: 'importing', done: 0, total: rows.length });
    try {
      const outcome = new Map(
        (await sendBulkRows(rows, false, (done) => setPhase({ kind: 'importing', done, total: rows.length }))).map((report) => [
          report.row,
          report,
        ]),
      );
      setReports((previous) => previous.map((report) => outcome.get(report.row) ?? report));
      setPhase({ kind: 'imported' });
      const failed = [...outcome.values()].filter((report) => report.status === 'invalid').length;
      if (failed === 0) showMessageModal(BULK_IMPORT_MESSAGES.successTitle, BULK_IMPORT_MESSAGES.success);
      else showMessageModal(BULK_IMPORT_MESSAGES.partialTitle, BULK_IMPORT_MESSAGES.partial(rows.length - failed, failed));
    } catch (error) {
      setPhase({ kind: 'previewed' });
      showMessageModal(
        BULK_IMPORT_MESSAGES.errorTitle,
        BULK_IMPORT_MESSAGES.error,
        error instanceof Error ? error.message : undefined,
        'danger',
      );
    }
  }

  return { fileError, reports, phase, chooseFile, preview, importRows };
}
