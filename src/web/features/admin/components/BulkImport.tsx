import { useId } from 'react';
import { Link } from 'react-router';

import { BULK_IMPORT_MESSAGES, rowCount, type BulkRowReport } from '@domain/templates/bulk-import.js';
import { resourcePath } from '@/lib/paths.js';
import { useBulkImport, type BulkImportPhase } from '../use-bulk-import.js';

/** Valid rows listed in the preview beyond the rows with errors (all of them are imported). */
const PREVIEW_VALID_ROWS_SHOWN = 50;

const STATUS_LABELS: Record<BulkRowReport['status'], string> = {
  valid: 'Ready',
  invalid: 'Not imported',
  imported: 'Imported',
  duplicate: 'Already imported',
};

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div className="bulk-import__progress">
      <progress max={total} value={done} aria-label={label} />
      <span>
        {label}: {done} / {total} rows
      </span>
    </div>
  );
}

/**
 * Bulk import from CSV (spec 2, 3, 5, 8): the file is parsed here with csv-parse, every row is
 * checked by the server without writing (the preview, with each row's errors), then the rows
 * without errors are imported, in batches with a progress bar. Re-importing a file creates nothing twice.
 */
export function BulkImport() {
  const id = useId();
  const { fileError, reports, phase, chooseFile, preview, importRows } = useBulkImport();
  const busy = phase.kind === 'checking' || phase.kind === 'importing';

  return (
    <div className="admin-list bulk-import">
      <h2 className="admin-page__heading">Bulk import from CSV</h2>
      <p className="admin-list__note">
        Columns: type, title, platform, description, url, instructions, tags (comma-separated), image location, price, author (a username;
        blank: you). Imported posts go live at once, approved by you.
      </p>
      <div className="bulk-import__file">
        <label className="admin-list__control" htmlFor={`${id}-file`}>
          CSV file
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void preview()}>
          Preview
        </button>
      </div>
      {fileError !== null && (
        <p role="alert" className="admin-user__error">
          {fileError}
        </p>
      )}
      {phase.kind === 'checking' && <Progress label="Checking" done={phase.done} total={phase.total} />}
      {phase.kind === 'importing' && <Progress label="Importing" done={phase.done} total={phase.total} />}
      {reports.length > 0 && <BulkImportReport reports={reports} phase={phase} onImport={() => void importRows()} />}
    </div>
  );
}

/** The rows' outcome: the counts, the Import button after a preview, and the rows with errors first (valid ones up to a limit). */
function BulkImportReport({ reports, phase, onImport }: { reports: BulkRowReport[]; phase: BulkImportPhase; onImport: () => void }) {
  const count = (status: BulkRowReport['status']) => reports.filter((report) => report.status === status).length;
  const withErrors = reports.filter((report) => report.errors.length > 0 && report.status === 'invalid');
  const others = reports.filter((report) => report.status !== 'invalid');
  const shown = [...withErrors, ...others.slice(0, PREVIEW_VALID_ROWS_SHOWN)].sort((a, b) => a.row - b.row);
  return (
    <>
      <p className="bulk-import__summary" role="status">
        {rowCount(reports.length)}: {count('valid')} ready, {count('imported')} imported, {count('duplicate')} already imported,{' '}
        {count('invalid')} with errors.
      </p>
      {phase.kind === 'previewed' && (
        <button type="button" className="button button--primary" disabled={count('valid') === 0} onClick={onImport}>
          {BULK_IMPORT_MESSAGES.importButton(count('valid'))}
        </button>
      )}
      {phase.kind === 'previewed' && count('valid') === 0 && <p className="admin-list__note">{BULK_IMPORT_MESSAGES.nothingValid}</p>}
      <ol className="bulk-import__rows" aria-label="Rows">
        {shown.map((report) => (
          <BulkRowItem key={report.row} report={report} />
        ))}
      </ol>
      {others.length > PREVIEW_VALID_ROWS_SHOWN && (
        <p className="admin-list__note">…and {others.length - PREVIEW_VALID_ROWS_SHOWN} more rows without errors.</p>
      )}
    </>
  );
}

function BulkRowItem({ report }: { report: BulkRowReport }) {
  return (
    <li className={`bulk-import__row bulk-import__row--${report.status}`} aria-label={`Row ${report.row}`}>
      <span className="bulk-import__row-head">
        <span>Row {report.row}</span>
        <strong>
          {report.status === 'imported' && report.titleUrl ? (
            <Link to={resourcePath(report.titleUrl)}>{report.title}</Link>
          ) : (
            report.title || '(no title)'
          )}
        </strong>
        <span className="bulk-import__status">{STATUS_LABELS[report.status]}</span>
      </span>
      {report.errors.length > 0 && (
        <ul className="bulk-import__errors">
          {report.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
