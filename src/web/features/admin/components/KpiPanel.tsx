import { useCallback, useState } from 'react';
import { Bar } from 'react-chartjs-2';

import { DEFAULT_KPI_DAYS } from '@domain/analytics/portal.js';
import type { Kpis, TermCount } from '@domain/analytics/reports.js';
import { POPULAR_SEARCH_REMOVED, REMOVE_POPULAR_SEARCH } from '@domain/discovery/constants.js';
import { fetchKpis, removePopularSearch, type DateRange } from '../analytics-api.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { CHART_COLOURS } from '../charts.js';
import { useLoad } from '@/lib/use-load.js';
import { DateRangeForm } from './DateRangeForm.js';

/** How many entries of each KPI list the bar charts show; the table under each lists them all. */
const BARS_SHOWN = 10;

const KPI_LISTS: { key: keyof Kpis; title: string; column: string; removable?: true }[] = [
  { key: 'searchAnalytics', title: 'Search terms', column: 'Term', removable: true },
  { key: 'postsClickedAnalytics', title: 'Clicked posts', column: 'Post' },
  { key: 'postsViewedAnalytics', title: 'Viewed posts', column: 'Post' },
];

/** Takes a searched term out of the popular-search chips every visitor sees (spam, or a term nobody should be shown). */
function RemovePopularSearchButton({ term }: { term: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'removed'>('idle');
  async function remove() {
    setState('sending');
    try {
      await removePopularSearch(term);
      setState('removed');
    } catch (error) {
      setState('idle');
      showToast('error', error instanceof Error ? error.message : String(error), TOAST_ERROR_TIMEOUT_MS);
    }
  }
  if (state === 'removed') return <span role="status">{POPULAR_SEARCH_REMOVED}</span>;
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={state === 'sending'}
      aria-label={`${REMOVE_POPULAR_SEARCH}: ${term}`}
      onClick={() => void remove()}
    >
      {state === 'sending' ? 'Removing...' : 'Remove'}
    </button>
  );
}

function KpiList({ title, column, entries, removable }: { title: string; column: string; entries: TermCount[]; removable: boolean }) {
  const shown = entries.slice(0, BARS_SHOWN);
  return (
    <section className="admin-kpi" aria-label={title}>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="admin-list__note">Nothing in this period.</p>
      ) : (
        <>
          <div className="admin-chart admin-chart--bars" style={{ height: `${Math.max(8, shown.length * 2.2)}rem` }}>
            <Bar
              role="img"
              aria-label={`${title}: the ${shown.length} most frequent, as bars`}
              options={{
                indexAxis: 'y',
                responsive: true,
                maintainAspectRatio: false,
                plugins: { legend: { display: false } },
                scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
              }}
              data={{
                labels: shown.map((entry) => (entry.term.length > 30 ? `${entry.term.slice(0, 29)}…` : entry.term)),
                datasets: [{ label: 'Count', data: shown.map((entry) => entry.count), backgroundColor: CHART_COLOURS.brand }],
              }}
            />
          </div>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col">Count</th>
                {removable && (
                  <th scope="col" className="admin-table__action">
                    Popular searches
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.term}>
                  <td>{entry.term}</td>
                  <td>{entry.count}</td>
                  {removable && (
                    <td className="admin-table__action">
                      <RemovePopularSearchButton term={entry.term} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** KPIs: search terms, clicked posts and viewed posts with counts, for a range of days. */
export function KpiPanel() {
  const [range, setRange] = useState<DateRange>({});
  const { state } = useLoad(useCallback((signal: AbortSignal) => fetchKpis(range, signal), [range]));
  return (
    <div className="admin-stats">
      <h2 className="admin-page__heading">KPIs</h2>
      <p className="admin-list__note">
        {range.from || range.to
          ? `From ${range.from ?? 'the first event'} to ${range.to ?? 'today'}.`
          : `The last ${DEFAULT_KPI_DAYS} days.`}
      </p>
      <DateRangeForm label="KPI dates" onApply={setRange} />
      {state.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {state.phase === 'failed' && <p role="alert">{state.message}</p>}
      {state.phase === 'loaded' && (
        <div className="admin-kpis">
          {KPI_LISTS.map((list) => (
            <KpiList
              key={list.key}
              title={list.title}
              column={list.column}
              entries={state.value[list.key]}
              removable={list.removable === true}
            />
          ))}
        </div>
      )}
    </div>
  );
}
