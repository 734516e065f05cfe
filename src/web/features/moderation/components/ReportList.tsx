import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { REPORT_REASONS, isReportReason } from '@domain/engagement/rules.js';
import { pageNumbersFor, Pagination } from '@/components/ui/Pagination.js';
import { resourceAsOfPath, resourcePath } from '@/lib/paths.js';
import { fetchReports, type ReportPage } from '../admin-api.js';
import { adminStatusLabel } from '@domain/templates/lifecycle.js';
import { formatDateTime } from '@/lib/date-time.js';

type ReportsState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; answer: ReportPage };

/** Reports of posts, newest first (GET /admin/reports). */
export function ReportList() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ReportsState>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchReports(page, controller.signal).then(
      (answer) => setState({ phase: 'loaded', answer }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ phase: 'failed', message: error instanceof Error ? error.message : 'Could not load the reports.' });
      },
    );
    return () => controller.abort();
  }, [page]);

  if (state.phase === 'loading') {
    return (
      <p className="admin-list__note" role="status">
        Loading reports…
      </p>
    );
  }
  if (state.phase === 'failed') {
    return (
      <p className="form-alert form-alert--danger" role="alert">
        Could not load the reports: {state.message}
      </p>
    );
  }
  const { reports, total, pageSize } = state.answer;
  if (reports.length === 0) return <p className="empty-state">No post has been reported.</p>;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <>
      <ul className="admin-reports" aria-label="Reports">
        {reports.map((report) => (
          <li key={report._id} className="admin-report">
            <div className="admin-report__head">
              <span className="admin-status admin-status--live-flagged">
                {isReportReason(report.reason) ? REPORT_REASONS[report.reason] : report.reason}
              </span>
              {report.resource === null ? (
                <span className="muted">A deleted post</span>
              ) : (
                <Link className="admin-row__title" to={resourcePath(report.resource.titleUrl)}>
                  {report.resource.title}
                </Link>
              )}
              {report.resource !== null && <span className="muted">({adminStatusLabel(report.resource.status)})</span>}
            </div>
            <p className="admin-row__meta">
              Reported by {report.reporter.username} · <time dateTime={report.dateReported}>{formatDateTime(report.dateReported)}</time>
              {report.resource !== null && (
                <>
                  {' · '}
                  <Link to={resourceAsOfPath(report.resource.titleUrl, report.dateReported)}>View as it was</Link>
                </>
              )}
            </p>
            {report.message !== null && report.message !== '' && <p className="admin-report__message">{report.message}</p>}
          </li>
        ))}
      </ul>
      {totalPages > 1 && (
        <Pagination pageNumbers={pageNumbersFor(page, totalPages)} pageStatus={`${page} / ${totalPages}`} onPage={setPage} />
      )}
    </>
  );
}
