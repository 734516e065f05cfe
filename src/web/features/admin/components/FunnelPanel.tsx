import { useCallback, useState } from 'react';
import { Bar } from 'react-chartjs-2';

import { FUNNEL_STEPS } from '@domain/analytics/facts.js';
import { TEMPLATE_STATS_MESSAGES } from '@domain/analytics/portal.js';
import { fetchTemplateStats, type DateRange } from '../analytics-api.js';
import { CHART_COLOURS } from '../charts.js';
import { useLoad } from '@/lib/use-load.js';
import { DateRangeForm } from './DateRangeForm.js';

const STEP_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  url: 'URL',
  type: 'Type',
  platform: 'Platform',
  title: 'Title',
  description: 'Description',
  instructions: 'Instructions',
  screenshot: 'Screenshot',
  tags: 'Tags',
  price: 'Price',
};

/** The template-creation funnel: submissions, completions and the drop-off at each step of the create form. */
export function FunnelPanel() {
  const [range, setRange] = useState<DateRange>({});
  const { state } = useLoad(useCallback((signal: AbortSignal) => fetchTemplateStats(range, signal), [range]));
  return (
    <div className="admin-stats">
      <h2 className="admin-page__heading">Template-creation funnel</h2>
      <DateRangeForm label="Funnel dates" onApply={setRange} />
      {state.phase === 'loading' && <p className="admin-list__note">{TEMPLATE_STATS_MESSAGES.loading}</p>}
      {state.phase === 'failed' && <p role="alert">{TEMPLATE_STATS_MESSAGES.failed}</p>}
      {state.phase === 'loaded' && state.value.totalSubmissions === 0 && (
        <p className="admin-list__note">{TEMPLATE_STATS_MESSAGES.empty}</p>
      )}
      {state.phase === 'loaded' && state.value.totalSubmissions > 0 && (
        <>
          <ul className="admin-counters" aria-label="Funnel totals">
            <li className="admin-counter">
              <span className="admin-counter__value">{state.value.totalSubmissions}</span>
              <span className="admin-counter__label">Started the form</span>
            </li>
            <li className="admin-counter">
              <span className="admin-counter__value">{state.value.totalCompleted}</span>
              <span className="admin-counter__label">Completed every step</span>
            </li>
          </ul>
          <div className="admin-chart">
            {/* A funnel: each step a bar centred on zero, as wide as the people who completed it. */}
            <Bar
              role="img"
              aria-label="The funnel: how many people completed each step of the create form"
              options={{
                indexAxis: 'y',
                responsive: true,
                maintainAspectRatio: false,
                plugins: {
                  legend: { display: false },
                  tooltip: { callbacks: { label: (item) => `${(item.raw as [number, number])[1] * 2} completed` } },
                },
                scales: { x: { display: false }, y: { grid: { display: false } } },
              }}
              data={{
                labels: FUNNEL_STEPS.map((step) => STEP_LABELS[step]),
                datasets: [
                  {
                    label: 'Completed',
                    data: FUNNEL_STEPS.map((step) => [
                      -state.value.dropOffRates[step].completed / 2,
                      state.value.dropOffRates[step].completed / 2,
                    ]),
                    backgroundColor: CHART_COLOURS.brandLight,
                    borderColor: CHART_COLOURS.brand,
                    borderWidth: 1,
                  },
                ],
              }}
            />
          </div>
          <table className="admin-table" aria-label="Drop-off per step">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Completed</th>
                <th scope="col">Total</th>
                <th scope="col">Drop-off</th>
              </tr>
            </thead>
            <tbody>
              {FUNNEL_STEPS.map((step) => (
                <tr key={step} data-step={step}>
                  <td>{STEP_LABELS[step]}</td>
                  <td>{state.value.dropOffRates[step].completed}</td>
                  <td>{state.value.dropOffRates[step].total}</td>
                  <td>{state.value.dropOffRates[step].dropOffRate.toFixed(2)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
