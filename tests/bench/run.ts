/**
 * `npm run bench`: event-store append throughput against plain INSERTs, and replay speed
 * (raw read of the log against a rebuild of every projection), on embedded PGlite and, when
 * DATABASE_URL is set, on that Postgres server in a schema of its own that is dropped after.
 * BENCH_SCALE (default 1) multiplies every event count.
 */
import { execFileSync } from 'node:child_process';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/adapters/db/database.js';
import { benchAppends, type AppendMeasurement } from './append.js';
import { RssSampler } from './measure.js';
import { benchReplay, type ReplayMeasurement } from './replay.js';
import { formatCount, formatMiB, formatRatio, formatSeconds, formatTable, writeResults } from './report.js';
import { benchTargets, type BenchTarget } from './targets.js';
import { workloadSize } from './workload.js';

const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));

interface TargetResults {
  target: string;
  location: string;
  append: AppendMeasurement[];
  replay: ReplayMeasurement;
  rssMiB: { append: PhaseMemory; replay: PhaseMemory };
}

interface PhaseMemory {
  start: number;
  peak: number;
}

function benchScale(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`BENCH_SCALE must be a positive number, got "${raw}"`);
  return scale;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const log = (line: string) => console.error(`[bench] ${line}`);

/** Runs `work` on a fresh database of the target, and always disposes of it. */
async function withFreshDatabase<T>(target: BenchTarget, work: (database: Database) => Promise<T>): Promise<{ result: T; location: string }> {
  const { database, dispose } = await target.open();
  try {
    return { result: await work(database), location: database.location };
  } finally {
    await dispose();
  }
}

async function benchTarget(target: BenchTarget, scale: number, sampler: RssSampler): Promise<TargetResults> {
  log(`${target.name}: append throughput`);
  const append = await sampler.track(() =>
    withFreshDatabase(target, (database) => benchAppends(database, target.appendPlan, scale, sampler)),
  );
  const size = workloadSize(scale);
  log(`${target.name}: replay of ${formatCount(size.events)} events (${formatCount(size.users)} users, ${formatCount(size.templates)} templates)`);
  const replay = await sampler.track(() =>
    withFreshDatabase(target, (database) => benchReplay(database, size, sampler, (line) => log(`${target.name}: ${line}`))),
  );
  return {
    target: target.name,
    location: append.result.location,
    append: append.result.result,
    replay: replay.result.result,
    rssMiB: {
      append: { start: append.startRssMiB, peak: append.peakRssMiB },
      replay: { start: replay.startRssMiB, peak: replay.peakRssMiB },
    },
  };
}

function printTables(results: readonly TargetResults[]): void {
  const appendRows = results.flatMap(({ target, append }) => append.map((measurement) => ({ target, ...measurement })));
  console.log('\nAppend throughput (adapter: store.appendToStream to new streams; baseline: plain INSERTs of the same rows)\n');
  console.log(
    formatTable(appendRows, [
      { header: 'target', value: (row) => row.target, align: 'left' },
      { header: 'case', value: (row) => row.case, align: 'left' },
      { header: 'events', value: (row) => formatCount(row.adapter.count) },
      { header: 'adapter s', value: (row) => formatSeconds(row.adapter.seconds) },
      { header: 'adapter events/s', value: (row) => formatCount(row.adapter.perSecond) },
      { header: 'baseline s', value: (row) => formatSeconds(row.baseline.seconds) },
      { header: 'baseline rows/s', value: (row) => formatCount(row.baseline.perSecond) },
      { header: 'adapter ÷ baseline', value: (row) => formatRatio(row.ratio) },
      { header: 'peak RSS MiB', value: (row) => formatMiB(row.peakRssMiB) },
    ]),
  );

  const replayRows = results.flatMap(({ target, replay }) => replay.steps.map((step) => ({ target, ...step })));
  console.log('\nReplay (every rebuild reads the whole log; ÷ raw read compares events/s)\n');
  console.log(
    formatTable(replayRows, [
      { header: 'target', value: (row) => row.target, align: 'left' },
      { header: 'step', value: (row) => row.step, align: 'left' },
      { header: 'events', value: (row) => formatCount(row.count) },
      { header: 'seconds', value: (row) => formatSeconds(row.seconds) },
      { header: 'events/s', value: (row) => formatCount(row.perSecond) },
      { header: '÷ raw read', value: (row) => formatRatio(row.ratioToRawRead) },
      { header: 'peak RSS MiB', value: (row) => formatMiB(row.peakRssMiB) },
    ]),
  );

  const phaseRows = results.flatMap(({ target, rssMiB }) => Object.entries(rssMiB).map(([phase, memory]) => ({ target, phase, ...memory })));
  console.log('\nRSS by phase (each phase opens a fresh database; memory an earlier phase held may not be returned yet)\n');
  console.log(
    formatTable(phaseRows, [
      { header: 'target', value: (row) => row.target, align: 'left' },
      { header: 'phase', value: (row) => row.phase, align: 'left' },
      { header: 'RSS at start MiB', value: (row) => formatMiB(row.start) },
      { header: 'peak RSS MiB', value: (row) => formatMiB(row.peak) },
    ]),
  );
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const scale = benchScale(process.env.BENCH_SCALE);
  const processors = cpus();
  const machine = {
    cpus: processors.length,
    cpuModel: processors[0]?.model ?? 'unknown',
    totalMemoryMiB: Math.round(totalmem() / 1024 / 1024),
    node: process.version,
    platform: platform(),
    arch: arch(),
  };
  // 1-minute load averages: other work on the machine makes the numbers noisier.
  const loadAtStart = loadavg()[0]!;
  log(`BENCH_SCALE ${scale}; ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, load average ${loadAtStart.toFixed(1)}`);
  const targets = benchTargets(process.env.DATABASE_URL);
  if (targets.length === 1) log('DATABASE_URL is not set: only embedded PGlite is measured');

  const sampler = new RssSampler();
  const results: TargetResults[] = [];
  try {
    for (const target of targets) results.push(await benchTarget(target, scale, sampler));
  } finally {
    sampler.stop();
  }
  const loadAtEnd = loadavg()[0]!;

  printTables(results);
  const file = await writeResults(RESULTS_DIR, startedAt, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    scale,
    machine: { ...machine, loadAverage: { start: loadAtStart, end: loadAtEnd } },
    targets: results,
  });
  console.log(
    `\n${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)}, BENCH_SCALE ${scale}`,
  );
  console.log(`Results: ${file} (and latest.json)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
