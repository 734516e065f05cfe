/**
 * `npm run bench`: event-store append throughput against plain INSERTs, replay speed (raw read
 * of the log against a rebuild of every projection) and search (100 000 templates: seeding,
 * index build, query latency), on embedded PGlite and, when DATABASE_URL is set, on that
 * Postgres server in a schema of its own that is dropped after.
 * BENCH_SCALE (default 1) multiplies every event count; BENCH_SUITES (default
 * append,streams,live,replay,search,audit,webhooks,http,pages,memory) picks the suites; audit links and verifies the audit chain of a
 * log of 1 000 000 events against the raw read of the bytes it covers; live times like toggles one after another,
 * each awaited by every projection, with all of them and the reactors following; streams times one command on a stream
 * of 1 000 to 20 000 events (a member's rewards, their sign-ins). The http suite (DATABASE_URL only) loads the read
 * routes of the app against a Fastify hello-world; BENCH_HTTP_SECONDS (default 10) and
 * BENCH_HTTP_CONNECTIONS (default 50) set its load. `pages` is Lighthouse (mobile preset) on the home,
 * a search and a template page of the built app (BENCH_PAGES_URL: of a running server instead;
 * BENCH_PAGES_RUNS, default 3, runs per page, the median kept; CHROME_PATH, default /usr/bin/chromium).
 * `memory` starts `npm start` as a user would and reports the RSS of every process it started (memory.ts).
 */
import { execFileSync } from 'node:child_process';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/adapters/db/database.js';
import { benchAppends, type AppendMeasurement } from './append.js';
import { benchAudit, type AuditMeasurement } from './audit.js';
import { benchHttp, httpSettings, type HttpMeasurement } from './http.js';
import { benchMemorySuite, formatMemoryTables, type MemoryMeasurement } from './memory.js';
import { RssSampler } from './measure.js';
import { benchReplay, type ReplayMeasurement } from './replay.js';
import { benchLive, type LiveMeasurement } from './live.js';
import { benchWebhooks, type WebhookMeasurement } from './webhooks.js';
import { benchLongStreams, COMMANDS_AFTER_THE_FIRST, type StreamCommandMeasurement } from './streams.js';
import { benchSearch, type LatencySummary, type SearchMeasurement } from './search.js';
import { benchPagesSuite, formatPageTable, type PageMeasurement } from './pages.js';
import { formatCount, formatMiB, formatRatio, formatSeconds, formatTable, writeResults } from './report.js';
import { benchTargets, type BenchTarget } from './targets.js';
import { workloadSize } from './workload.js';

const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));

const SUITES = ['append', 'streams', 'live', 'replay', 'search', 'audit', 'webhooks', 'http', 'pages', 'memory'] as const;
type Suite = (typeof SUITES)[number];
/** The suites measured on each database target; `pages` runs once, against a whole server. */
const DATABASE_SUITES: readonly Suite[] = ['append', 'streams', 'live', 'replay', 'search', 'audit', 'webhooks'];

interface TargetResults {
  target: string;
  location: string;
  append?: AppendMeasurement[];
  streams?: StreamCommandMeasurement[];
  live?: LiveMeasurement;
  replay?: ReplayMeasurement;
  search?: SearchMeasurement;
  audit?: AuditMeasurement;
  webhooks?: WebhookMeasurement[];
  rssMiB: Partial<Record<Suite, PhaseMemory>>;
}

function benchSuites(raw: string | undefined): Suite[] {
  if (raw === undefined || raw.trim() === '') return [...SUITES];
  const suites = raw.split(',').map((suite) => suite.trim());
  const unknown = suites.filter((suite) => !SUITES.includes(suite as Suite));
  if (unknown.length > 0) throw new Error(`BENCH_SUITES: unknown ${unknown.join(', ')} (known: ${SUITES.join(', ')})`);
  return suites as Suite[];
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

const LIGHTHOUSE_PRESET = 'mobile preset, simulated throttling';

function pageRuns(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_PAGES_RUNS must be a positive whole number, got "${raw}"`);
  return runs;
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
async function withFreshDatabase<T>(
  target: BenchTarget,
  work: (database: Database) => Promise<T>,
): Promise<{ result: T; location: string }> {
  const { database, dispose } = await target.open();
  try {
    return { result: await work(database), location: database.location };
  } finally {
    await dispose();
  }
}

async function benchTarget(target: BenchTarget, scale: number, suites: readonly Suite[], sampler: RssSampler): Promise<TargetResults> {
  const results: TargetResults = { target: target.name, location: '', rssMiB: {} };
  if (suites.includes('append')) {
    log(`${target.name}: append throughput`);
    const append = await sampler.track(() =>
      withFreshDatabase(target, (database) => benchAppends(database, target.appendPlan, scale, sampler)),
    );
    results.location = append.result.location;
    results.append = append.result.result;
    results.rssMiB.append = { start: append.startRssMiB, peak: append.peakRssMiB };
  }
  if (suites.includes('streams')) {
    log(`${target.name}: a command on a long stream`);
    const streams = await sampler.track(() => withFreshDatabase(target, (database) => benchLongStreams(database, scale)));
    results.location = streams.result.location;
    results.streams = streams.result.result;
    results.rssMiB.streams = { start: streams.startRssMiB, peak: streams.peakRssMiB };
  }
  if (suites.includes('live')) {
    log(`${target.name}: the live path`);
    const live = await sampler.track(() =>
      benchLive(target.name, process.env.DATABASE_URL, scale, (line) => log(`${target.name}: ${line}`)),
    );
    results.live = live.result;
    results.rssMiB.live = { start: live.startRssMiB, peak: live.peakRssMiB };
  }
  if (suites.includes('webhooks')) {
    log(`${target.name}: webhook deliveries`);
    const webhooks = await sampler.track(() =>
      benchWebhooks(target.name, process.env.DATABASE_URL, scale, (line) => log(`${target.name}: ${line}`)),
    );
    results.webhooks = webhooks.result;
    results.rssMiB.webhooks = { start: webhooks.startRssMiB, peak: webhooks.peakRssMiB };
  }
  if (suites.includes('replay')) {
    const size = workloadSize(scale);
    log(
      `${target.name}: replay of ${formatCount(size.events)} events (${formatCount(size.users)} users, ${formatCount(size.templates)} templates)`,
    );
    const replay = await sampler.track(() =>
      withFreshDatabase(target, (database) => benchReplay(database, size, sampler, (line) => log(`${target.name}: ${line}`))),
    );
    results.location = replay.result.location;
    results.replay = replay.result.result;
    results.rssMiB.replay = { start: replay.startRssMiB, peak: replay.peakRssMiB };
  }
  if (suites.includes('search')) {
    log(`${target.name}: search`);
    const search = await sampler.track(() =>
      withFreshDatabase(target, (database) => benchSearch(database, scale, (line) => log(`${target.name}: ${line}`))),
    );
    results.location = search.result.location;
    results.search = search.result.result;
    results.rssMiB.search = { start: search.startRssMiB, peak: search.peakRssMiB };
  }
  if (suites.includes('audit')) {
    log(`${target.name}: the audit chain`);
    const audit = await sampler.track(() =>
      withFreshDatabase(target, (database) => benchAudit(database, scale, (line) => log(`${target.name}: ${line}`))),
    );
    results.location = audit.result.location;
    results.audit = audit.result.result;
    results.rssMiB.audit = { start: audit.startRssMiB, peak: audit.peakRssMiB };
  }
  return results;
}

function printTables(results: readonly TargetResults[], cores: number): void {
  const appendRows = results.flatMap(({ target, append }) => (append ?? []).map((measurement) => ({ target, ...measurement })));
  if (appendRows.length > 0) {
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
  }

  const streamRows = results.flatMap(({ target, streams }) => (streams ?? []).map((measurement) => ({ target, ...measurement })));
  if (streamRows.length > 0) {
    console.log(
      `\nA command on a long stream (the first reads and folds the whole stream and keeps a snapshot where its decider has one; the median of the next ${COMMANDS_AFTER_THE_FIRST})\n`,
    );
    console.log(
      formatTable(streamRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'case', value: (row) => row.case, align: 'left' },
        { header: 'stream events', value: (row) => formatCount(row.streamEvents) },
        { header: 'first command ms', value: (row) => row.firstMs.toFixed(1) },
        { header: 'next commands ms', value: (row) => row.medianMs.toFixed(1) },
      ]),
    );
  }

  const liveRows = results.flatMap(({ target, live }) => (live ? [{ target, ...live }] : []));
  if (liveRows.length > 0) {
    console.log(
      '\nLive path (like toggles one after another, each answered once every projection applied it; all projections and reactors following, as in the server)\n',
    );
    console.log(
      formatTable(liveRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'commands', value: (row) => formatCount(row.commands) },
        { header: 'seconds', value: (row) => formatSeconds(row.seconds) },
        { header: 'commands/s', value: (row) => formatCount(row.perSecond) },
        { header: 'median ms', value: (row) => row.medianMs.toFixed(1) },
        { header: 'p95 ms', value: (row) => row.p95Ms.toFixed(1) },
        { header: 'bench CPU s', value: (row) => formatSeconds(row.cpu.bench) },
        { header: 'server CPU s', value: (row) => (row.cpu.server === null ? '' : formatSeconds(row.cpu.server)) },
      ]),
    );
  }

  const webhookRows = results.flatMap(({ target, webhooks }) => (webhooks ?? []).map((measurement) => ({ target, ...measurement })));
  if (webhookRows.length > 0) {
    console.log(
      '\nWebhooks (a burst of events appended at once, delivered to a receiver on loopback; lag: from append to arrival. A slow endpoint must add none to another)\n',
    );
    console.log(
      formatTable(webhookRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'phase', value: (row) => row.phase, align: 'left' },
        { header: 'deliveries', value: (row) => formatCount(row.deliveries) },
        { header: 'seconds', value: (row) => formatSeconds(row.seconds) },
        { header: 'deliveries/s', value: (row) => formatCount(row.perSecond) },
        { header: 'median lag ms', value: (row) => row.medianLagMs.toFixed(0) },
        { header: 'p95 lag ms', value: (row) => row.p95LagMs.toFixed(0) },
      ]),
    );
  }

  const replayRows = results.flatMap(({ target, replay }) => (replay?.steps ?? []).map((step) => ({ target, ...step })));
  if (replayRows.length > 0) {
    console.log(
      "\nReplay (a rebuild of one projection reads the whole log, --all reads it once; ÷ raw read compares events/s with the faster raw read; CPU: the benchmark's process and a Postgres server on this machine)\n",
    );
    console.log(
      formatTable(replayRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'step', value: (row) => row.step, align: 'left' },
        { header: 'events', value: (row) => formatCount(row.count) },
        { header: 'seconds', value: (row) => formatSeconds(row.seconds) },
        { header: 'events/s', value: (row) => formatCount(row.perSecond) },
        { header: '÷ raw read', value: (row) => formatRatio(row.ratioToRawRead) },
        { header: 'peak RSS MiB', value: (row) => formatMiB(row.peakRssMiB) },
        { header: 'bench CPU s', value: (row) => formatSeconds(row.cpu.bench) },
        { header: 'server CPU s', value: (row) => (row.cpu.server === null ? '' : formatSeconds(row.cpu.server)) },
        // Both CPU times over the cores: the least time the step's work could take on this machine.
        { header: `CPU s ÷ ${cores} cores`, value: (row) => formatSeconds((row.cpu.bench + (row.cpu.server ?? 0)) / cores) },
      ]),
    );
  }

  const searchRows = results.flatMap(({ target, search }) =>
    search
      ? (
          [
            ['query alone', search.query],
            ['query alone, typo queries', search.queryWithTypos],
            ['query + page of resources', search.queryAndPage],
            ...search.byKind.flatMap(({ kind, query, queryAndPage }): [string, LatencySummary][] => [
              [`${kind}: query alone`, query],
              [`${kind}: query + page`, queryAndPage],
            ]),
          ] as const
        ).map(([step, latency]: readonly [string, LatencySummary]) => ({ target, step, search, latency }))
      : [],
  );
  if (searchRows.length > 0) {
    console.log('\nSearch (Postgres full-text index; seeded in bulk through the deciders; latency over the queries, after a warm-up)\n');
    console.log(
      formatTable(searchRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'templates', value: (row) => formatCount(row.search.templates) },
        { header: 'events', value: (row) => formatCount(row.search.events) },
        { header: 'seed s', value: (row) => formatSeconds(row.search.seedSeconds) },
        { header: 'index build s', value: (row) => formatSeconds(row.search.indexBuildSeconds) },
        { header: 'measure', value: (row) => row.step, align: 'left' },
        { header: 'queries', value: (row) => formatCount(row.latency.queries) },
        { header: 'p50 ms', value: (row) => row.latency.p50Ms.toFixed(1) },
        { header: 'p95 ms', value: (row) => row.latency.p95Ms.toFixed(1) },
        { header: 'max ms', value: (row) => row.latency.maxMs.toFixed(1) },
      ]),
    );
  }

  const auditRows = results.flatMap(({ target, audit }) =>
    audit
      ? (
          [
            ['raw read of the bytes the chain covers (the floor)', audit.rawRead],
            ['link the whole log', audit.link],
            ['verify (npm run audit -- verify)', audit.verify],
          ] as const
        ).map(([step, measured]) => ({ target, step, measured, floor: audit.rawRead }))
      : [],
  );
  if (auditRows.length > 0) {
    console.log("\nAudit chain (SHA-256 over each event's stored bytes and the hash before it; ÷ raw read compares events/s)\n");
    console.log(
      formatTable(auditRows, [
        { header: 'target', value: (row) => row.target, align: 'left' },
        { header: 'step', value: (row) => row.step, align: 'left' },
        { header: 'events', value: (row) => formatCount(row.measured.count) },
        { header: 'seconds', value: (row) => formatSeconds(row.measured.seconds) },
        { header: 'events/s', value: (row) => formatCount(row.measured.perSecond) },
        { header: '÷ raw read', value: (row) => formatRatio(row.measured.perSecond / row.floor.perSecond) },
      ]),
    );
  }

  const phaseRows = results.flatMap(({ target, rssMiB }) =>
    Object.entries(rssMiB).map(([phase, memory]) => ({ target, phase, ...memory })),
  );
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

function printHttpTable(http: HttpMeasurement): void {
  console.log(
    `\nHTTP read routes (wrk, one thread, ${http.connections} connections, ${http.seconds} s each after a warm-up; ` +
      `${formatCount(http.catalogue.templates)} templates / ${formatCount(http.catalogue.users)} users in ${http.database}; ceiling: a Fastify hello-world)\n`,
  );
  console.log(
    formatTable(http.routes, [
      { header: 'route', value: (row) => row.route, align: 'left' },
      { header: 'req/s', value: (row) => formatCount(row.requestsPerSecond) },
      { header: 'p50 ms', value: (row) => String(row.p50Ms) },
      { header: 'p99 ms', value: (row) => String(row.p99Ms) },
      { header: '÷ hello-world', value: (row) => formatRatio(row.ratioToCeiling) },
      { header: 'failures', value: (row) => formatCount(row.failures) },
      { header: 'server CPU %', value: (row) => (row.serverCpuPercent === null ? '' : formatCount(row.serverCpuPercent)) },
      {
        header: 'server µs/request',
        value: (row) => (row.serverCpuMicrosecondsPerRequest === null ? '' : formatCount(row.serverCpuMicrosecondsPerRequest)),
      },
      { header: 'wrk CPU %', value: (row) => formatCount(row.loadGeneratorCpuPercent) },
    ]),
  );
  console.log('(wrk near 100 % of a core: the load generator, not the server, sets the pace of that row)');
  console.log(`\nA signed-in viewer's request alone (median of several; a post's detail is never cached)\n`);
  console.log(
    formatTable(http.signedIn, [
      { header: 'route', value: (row) => row.route, align: 'left' },
      { header: 'ms', value: (row) => row.medianMs.toFixed(1) },
    ]),
  );
  console.log(`\nGET /api/resources/search?q=… one at a time, each text new to the server (no public cache), per kind\n`);
  console.log(
    formatTable(http.searchesAlone, [
      { header: 'kind', value: (row) => row.kind, align: 'left' },
      { header: 'queries', value: (row) => formatCount(row.queries) },
      { header: 'p50 ms', value: (row) => row.p50Ms.toFixed(1) },
      { header: 'p95 ms', value: (row) => row.p95Ms.toFixed(1) },
      { header: 'max ms', value: (row) => row.maxMs.toFixed(1) },
      { header: 'without results', value: (row) => formatCount(row.empty) },
      { header: 'from the cache', value: (row) => formatCount(row.cached) },
    ]),
  );
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const scale = benchScale(process.env.BENCH_SCALE);
  const suites = benchSuites(process.env.BENCH_SUITES);
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
  const targets = benchTargets(process.env.DATABASE_URL, process.env.BENCH_TARGETS);
  if (!process.env.DATABASE_URL) log('DATABASE_URL is not set: only embedded PGlite is measured');

  const sampler = new RssSampler();
  const results: TargetResults[] = [];
  let http: HttpMeasurement | undefined;
  let pages: PageMeasurement[] | undefined;
  let memory: MemoryMeasurement[] | undefined;
  try {
    if (suites.some((suite) => DATABASE_SUITES.includes(suite)))
      for (const target of targets)
        results.push(
          await benchTarget(
            target,
            scale,
            suites.filter((suite) => DATABASE_SUITES.includes(suite)),
            sampler,
          ),
        );
    if (suites.includes('http')) {
      if (process.env.DATABASE_URL)
        http = await benchHttp(process.env.DATABASE_URL, httpSettings(process.env), (line) => log(`http: ${line}`));
      else log('http: DATABASE_URL is not set: the HTTP suite runs against a Postgres server only');
    }
    if (suites.includes('pages')) pages = await benchPagesSuite(pageRuns(process.env.BENCH_PAGES_RUNS), log);
    if (suites.includes('memory')) memory = await benchMemorySuite(process.env, log);
  } finally {
    sampler.stop();
  }
  const loadAtEnd = loadavg()[0]!;

  if (results.length > 0) printTables(results, machine.cpus);
  if (http) printHttpTable(http);
  if (pages)
    console.log(
      `\nPages (Lighthouse ${LIGHTHOUSE_PRESET}; median of ${pageRuns(process.env.BENCH_PAGES_RUNS)} runs; JS as sent over the wire)\n\n${formatPageTable(pages)}`,
    );
  if (memory) console.log(`\nMemory of \`npm start\` (a first start on an empty store; MiB)\n\n${formatMemoryTables(memory)}`);
  const file = await writeResults(RESULTS_DIR, startedAt, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    scale,
    suites,
    machine: { ...machine, loadAverage: { start: loadAtStart, end: loadAtEnd } },
    targets: results,
    http,
    ...(pages ? { pages } : {}),
    ...(memory ? { memory } : {}),
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
