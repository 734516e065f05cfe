import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

import type { SalesDay } from '@domain/commerce/sales.js';

// Only what a bar chart uses, so the /sales chunk carries no more of chart.js than it needs.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** A seller with sales on one or two days would otherwise get bars as wide as the chart. */
const SALES_BAR_MAX_PX = 48;

/** Whole dollars on the axis ('$20'), cents where a tick has them ('$2.50'): prices are in US dollars. */
const axisDollars = (value: number | string) => {
  const amount = Number(value);
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
};

/** The chart's options: the payments view's y-axis says its currency on every tick and in its title. */
export function salesChartOptions(view: 'purchases' | 'payments') {
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { display: false } },
    scales: {
      y:
        view === 'purchases'
          ? { beginAtZero: true, ticks: { precision: 0 } }
          : { beginAtZero: true, title: { display: true, text: 'USD' }, ticks: { callback: axisDollars } },
    },
  };
}

/** Insights (spec 2.4): purchases per day, or the payments view's amounts per day; refunds are already left out. */
export function SalesChart({ days, view }: { days: readonly SalesDay[]; view: 'purchases' | 'payments' }) {
  const purchases = view === 'purchases';
  return (
    <div className="sales-chart">
      <Bar
        aria-label={purchases ? 'Purchases by day' : 'Payments by day (USD)'}
        role="img"
        options={salesChartOptions(view)}
        data={{
          labels: days.map((day) => day.label),
          datasets: [
            {
              label: purchases ? 'Purchases' : 'Payments (USD)',
              data: days.map((day) => (purchases ? day.purchases : day.amount)),
              backgroundColor: '#635bff',
              maxBarThickness: SALES_BAR_MAX_PX,
            },
          ],
        }}
      />
    </div>
  );
}
