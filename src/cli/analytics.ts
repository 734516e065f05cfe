import { parseArgs } from 'node:util';
import { asksForHelp } from './help.js';
import { configFromEnv } from '../composition/config.js';
import { reportDay } from '../domain/analytics/periods.js';
import {
  ANALYTICS_FORMATS,
  ANALYTICS_REPORTS,
  checkReportDates,
  computeReport,
  formatReport,
  replayFacts,
  ReportArgumentError,
} from '../projections/analytics-replay.js';
import { renderEventProgress } from '../projections/progress-bar.js';

const USAGE = `Usage: npm run analytics -- <report> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--as-of YYYY-MM-DD] [--format table|csv|json]
  reports: counters (the 12 site counters), kpis (search terms, clicked and viewed posts),
           funnel (the create form's steps), groups (mass e-mail audience sizes)
  Computed by replaying the event log; --as-of takes the data as it stood at the end of that day (UTC).`;

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

function day(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = reportDay.safeParse(value);
  if (!parsed.success) throw new ReportArgumentError(`--${option} "${value}": ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

async function main(argv: string[]): Promise<number> {
  if (asksForHelp(argv)) {
    console.log(USAGE);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, 'as-of': { type: 'string' }, format: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [report, ...extra] = parsed.positionals;
  const format = parsed.values.format ?? 'table';
  let dates;
  try {
    if (report === undefined) throw new ReportArgumentError('Name the report to print.');
    if (!isOneOf(ANALYTICS_REPORTS, report))
      throw new ReportArgumentError(`Unknown report "${report}" (reports: ${ANALYTICS_REPORTS.join(', ')}).`);
    if (extra.length > 0) throw new ReportArgumentError(`One report at a time: "${extra.join(' ')}" is one too many.`);
    if (!isOneOf(ANALYTICS_FORMATS, format))
      throw new ReportArgumentError(`Unknown format "${format}" (formats: ${ANALYTICS_FORMATS.join(', ')}).`);
    dates = { from: day('from', parsed.values.from), to: day('to', parsed.values.to), asOf: day('as-of', parsed.values['as-of']) };
    checkReportDates(report, dates);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  // The whole app, loaded once the arguments pass: a mistyped command is answered at once, not after seconds of loading.
  const { openInfrastructure } = await import('../composition/infrastructure.js');
  const infrastructure = await openInfrastructure(configFromEnv());
  try {
    const interactive = process.stderr.isTTY;
    let lastLine = 0;
    // The bar goes to stderr: stdout carries only the report, identical from run to run.
    const facts = await replayFacts(infrastructure.store, (progress) => {
      const now = Date.now();
      if (interactive) process.stderr.write(`\r${renderEventProgress('replay', progress)}`);
      else if (now - lastLine >= 1000 || progress.done >= progress.total) {
        process.stderr.write(`${renderEventProgress('replay', progress)}\n`);
        lastLine = now;
      }
    });
    if (interactive) process.stderr.write('\n');
    process.stdout.write(formatReport(computeReport(report, facts, dates), format));
    return 0;
  } finally {
    await infrastructure.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
