import type { RebuildProgress } from './runner.js';

const BAR_WIDTH = 30;

function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--:--';
  const whole = Math.round(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** Events done out of a total, with speed and time left: what every long replay reports. */
export interface EventProgress {
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
}

/** One line: `<label> [#####-----]  5 000 / 10 000 events  2 400 ev/s  ETA 00:02`. */
export function renderEventProgress(label: string, progress: EventProgress): string {
  const fraction = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
  const filled = Math.round(fraction * BAR_WIDTH);
  const number = (n: number) => Math.round(n).toLocaleString('en-US');
  return (
    `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ` +
    `${number(progress.done)} / ${number(progress.total)} events  ${number(progress.eventsPerSecond)} ev/s  ETA ${formatDuration(progress.etaSeconds)}`
  );
}

/** One line: `templates g4 [#####-----]  5 000 / 10 000 events  2 400 ev/s  ETA 00:02`. */
export function renderProgress(progress: RebuildProgress): string {
  return renderEventProgress(`${progress.projection} g${progress.generation}`, progress);
}
