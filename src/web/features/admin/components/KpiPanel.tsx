import { useCallback, useState } from 'react';
import { Bar } from 'react-chartjs-2';

import { DEFAULT_KPI_DAYS } from '@domain/analytics/portal.js';
import type { Kpis, TermCount } from '@domain/analytics/reports.js';
import { fetchKpis, type DateRange } from '../analytics-api.js';
import { CHART_COLOURS } from '../charts.js';
import { useLoad } from '@/lib/use-load.js';
import { DateRangeForm } from './DateRangeForm.js';

/** How many entries of each KPI list the bar charts show; the table under each lists them all. */
const BARS_SHOWN = 10;

const KPI_LISTS: { key: keyof Kpis; title: string; column: string }[] = [
  { key: 'searchAnalytics', title: 'Search terms', column: 'Term' },
  { key: 'postsClickedAnalytics', title: 'Clicked posts', column: 'Post' },
  { key: 'postsViewedAnalytics', title: 'Viewed posts', column: 'Post' },
];

function KpiList({ title, column, entries }: { title: string; column: string; entries: TermCount[] }) {
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
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.term}>
                  <td>{entry.term}</td>
                  <td>{entry.count}</td>
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
            <KpiList key={list.key} title={list.title} column={list.column} entries={state.value[list.key]} />
          ))}
        </div>
      )}
    </div>
  );
}
