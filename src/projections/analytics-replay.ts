import { stringify } from 'csv-stringify/sync';
import { START_OF_LOG, type EventStore } from '../adapters/eventstore/port.js';
import { analyticsFactOf, compareFacts, type AnalyticsFact } from '../domain/analytics/facts.js';
import { dayOf, endOfDay, startOfDay } from '../domain/analytics/periods.js';
import {
  AUDIENCE_GROUPS,
  audienceSizes,
  kpis,
  SITE_COUNTER_NAMES,
  siteCounters,
  templateStats,
  type ReportPeriod,
} from '../domain/analytics/reports.js';
import { FUNNEL_STEPS } from '../domain/analytics/facts.js';
import type { EventProgress } from './progress-bar.js';
import { textTable } from './text-table.js';

/*
 * The analysts' replay: the admin statistics computed from the event log itself rather than from
 * the live read models, with the report definitions the portal uses (src/domain/analytics).
 */

export const ANALYTICS_REPORTS = ['counters', 'kpis', 'funnel', 'groups'] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORTS)[number];
export const ANALYTICS_FORMATS = ['table', 'csv', 'json'] as const;
export type AnalyticsFormat = (typeof ANALYTICS_FORMATS)[number];

const REPLAY_PAGE_SIZE = 5_000;

/** Every analytics fact in the log, in the reports' order; `onProgress` after each page read. */
export async function replayFacts(store: EventStore, onProgress: (progress: EventProgress) => void = () => {}): Promise<AnalyticsFact[]> {
  const total = await store.countAfter(START_OF_LOG);
  const startedAt = performance.now();
  const facts: AnalyticsFact[] = [];
  let after = START_OF_LOG;
  let done = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: REPLAY_PAGE_SIZE });
    if (page.length === 0) break;
    for (const event of page) {
      const fact = analyticsFactOf(event);
      if (fact) facts.push(fact);
    }
    after = page[page.length - 1]!.position;
    done += page.length;
    const seconds = (performance.now() - startedAt) / 1000;
    const eventsPerSecond = seconds > 0 ? done / seconds : 0;
    onProgress({
      done,
      total: Math.max(total, done),
      eventsPerSecond,
      etaSeconds: eventsPerSecond > 0 ? Math.max(0, total - done) / eventsPerSecond : null,
    });
  }
  return facts.sort(compareFacts);
}

/** Which dates a report covers, as the analyst gave them (YYYY-MM-DD, UTC days). */
export interface ReportDates {
  from?: string;
  to?: string;
  asOf?: string;
}

/** A report as rows: the same content printed as a table, CSV or JSON. */
export interface AnalyticsReport {
  report: AnalyticsReportName;
  /** The day whose end the data is taken at. */
  asOf: string;
  from: string | null;
  to: string | null;
  columns: string[];
  rows: (string | number)[][];
}

export class ReportArgumentError extends Error {}

/** Throws a ReportArgumentError when the report cannot be taken for these dates: checked before a replay, so a long log is not read in vain. */
export function checkReportDates(report: AnalyticsReportName, dates: ReportDates): void {
  const ranged = report === 'kpis' || report === 'funnel';
  if (!ranged && (dates.from !== undefined || dates.to !== undefined))
    throw new ReportArgumentError(`The ${report} report is taken at one date: give --as-of, not --from or --to.`);
  if (dates.from !== undefined && dates.to !== undefined && dates.from > dates.to)
    throw new ReportArgumentError('--from must not be after --to.');
  if (dates.from !== undefined && dates.asOf !== undefined && dates.from > dates.asOf)
    throw new ReportArgumentError('--from must not be after --as-of.');
}

/**
 * Computes a report from facts. Without `asOf` the data is taken at the end of the day of the
 * last fact, so the same log always gives the same answer.
 */
export function computeReport(report: AnalyticsReportName, facts: readonly AnalyticsFact[], dates: ReportDates): AnalyticsReport {
  const asOf = dates.asOf ?? (facts.length > 0 ? dayOf(new Date(facts[facts.length - 1]!.at)) : dayOf(new Date(0)));
  const cutoff = endOfDay(asOf);
  checkReportDates(report, dates);
  const until = dates.to !== undefined && endOfDay(dates.to) < cutoff ? endOfDay(dates.to) : cutoff;
  const period: ReportPeriod = { from: dates.from === undefined ? null : startOfDay(dates.from), until };
  // The data ends at asOf: a later `to` names a period the report does not cover.
  const header = { report, asOf, from: dates.from ?? null, to: dates.to !== undefined && dates.to > asOf ? asOf : (dates.to ?? null) };
  switch (report) {
    case 'counters': {
      const counters = siteCounters(facts, cutoff);
      return { ...header, columns: ['counter', 'value'], rows: SITE_COUNTER_NAMES.map((name) => [name, counters[name]]) };
    }
    case 'kpis': {
      const lists = kpis(facts, period);
      const rows = (['searchAnalytics', 'postsClickedAnalytics', 'postsViewedAnalytics'] as const).flatMap((list) =>
        lists[list].map((entry, index) => [list, index + 1, entry.term, entry.count]),
      );
      return { ...header, columns: ['list', 'rank', 'term', 'count'], rows };
    }
    case 'funnel': {
      const stats = templateStats(facts, period);
      const formRate = stats.totalSubmissions === 0 ? 0 : ((stats.totalSubmissions - stats.totalCompleted) / stats.totalSubmissions) * 100;
      return {
        ...header,
        columns: ['step', 'completed', 'total', 'dropOffRate'],
        rows: [
          ...FUNNEL_STEPS.map((step) => [
            step,
            stats.dropOffRates[step].completed,
            stats.dropOffRates[step].total,
            stats.dropOffRates[step].dropOffRate.toFixed(2),
          ]),
          ['whole form', stats.totalCompleted, stats.totalSubmissions, formRate.toFixed(2)],
        ],
      };
    }
    case 'groups': {
      const meaning = new Map<string, string>(AUDIENCE_GROUPS.map((entry) => [entry.group, entry.meaning]));
      return {
        ...header,
        columns: ['group', 'recipients', 'meaning'],
        rows: audienceSizes(facts, cutoff).map((size) => [size.group, size.recipients, meaning.get(size.group)!]),
      };
    }
  }
}

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function escapeFormulaCell(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function formatReport(report: AnalyticsReport, format: AnalyticsFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ ...report, rows: report.rows.map((row) => Object.fromEntries(report.columns.map((column, index) => [column, row[index]]))) }, null, 2)}\n`;
    case 'csv':
      return stringify([report.columns, ...report.rows.map((row) => row.map(escapeFormulaCell))]);
    case 'table': {
      const range =
        report.from !== null || report.to !== null ? `, ${report.from ?? 'the first event'} to ${report.to ?? report.asOf}` : '';
      const title = `${report.report} as of the end of ${report.asOf} (UTC)${range}`;
      const [header, rule, ...body] = textTable(report.columns, report.rows);
      return [title, '', header, rule, ...(body.length === 0 ? ['(nothing in this period)'] : body)].join('\n') + '\n';
    }
  }
}
