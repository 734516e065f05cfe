import { BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

/* chart.js is tree-shaken: only the pieces the portal draws are registered (once, when the admin chunk loads). */
Chart.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

/** The brand's palette, so the charts look like the rest of the portal. */
export const CHART_COLOURS = { brand: '#4f46e5', brandLight: '#a5b4fc', accent: '#f59e0b', ink: '#6b7280' } as const;
