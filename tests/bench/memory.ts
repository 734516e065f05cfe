import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { formatMiB, formatTable } from './report.js';

/**
 * The memory suite: `npm start` started as a user starts it, on an empty data directory (a first
 * start: the demo catalogue is seeded, every read model built), on embedded PGlite and, when
 * DATABASE_URL is set, on that server (a database of its own, `<name>_memory`, made afresh each run,
 * with the same demo catalogue). Reported: the peak of every process it started together while the
 * first start ran, each one's RSS at rest (BENCH_MEMORY_REST_SECONDS, default 60, after the home page
 * first answered), and the server's own process.memoryUsage(), read through the inspector that
 * SIGUSR1 opens once the RSS at rest is taken (PGlite's WASM memory counts in `external`).
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIB = 1024 * 1024;
const SAMPLE_MS = 100;
const FIRST_ANSWER_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
/** The inspector's port, where SIGUSR1 opens it. */
const INSPECTOR_PORT = 9229;
/** A separate process asks the inspector: Node 20 has WebSocket behind this flag only. */
const INSPECTOR_CLIENT = `
const list = await (await fetch('http://127.0.0.1:${INSPECTOR_PORT}/json/list')).json();
const socket = new WebSocket(list[0].webSocketDebuggerUrl);
await new Promise((resolve) => socket.addEventListener('open', resolve));
const expression = 'JSON.stringify(process.memoryUsage())';
socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
const reply = await new Promise((resolve) => socket.addEventListener('message', (event) => resolve(JSON.parse(event.data))));
process.stdout.write(reply.result.result.value);
socket.close();
`;

export interface ProcessRss {
  pid: number;
  command: string;
  rssMiB: number;
}

export interface ServerMemoryUsage {
  rssMiB: number;
  heapTotalMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
}

export interface MemoryMeasurement {
  store: 'pglite' | 'postgres';
  secondsToFirstAnswer: number;
  firstStartPeakMiB: number;
  restSeconds: number;
  atRest: ProcessRss[];
  atRestTotalMiB: number;
  server: ServerMemoryUsage | null;
}

/** Every process under `rootPid`, itself included, with its RSS (ps: Linux and macOS). */
function processTree(rootPid: number): ProcessRss[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/u.exec(line))
    .filter((match) => match !== null)
    .map(([, pid, ppid, rss, command]) => ({ pid: Number(pid), ppid: Number(ppid), rssMiB: Number(rss) / 1024, command: command! }));
  const tree = new Set([rootPid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const row of table)
      if (tree.has(row.ppid) && !tree.has(row.pid)) {
        tree.add(row.pid);
        grown = true;
      }
  }
  return table.filter((row) => tree.has(row.pid)).map(({ pid, command, rssMiB }) => ({ pid, command: command.slice(0, 100), rssMiB }));
}

const totalMiB = (processes: readonly ProcessRss[]) => processes.reduce((sum, process) => sum + process.rssMiB, 0);

async function homePageAnswers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/`)).status === 200;
  } catch {
    return false;
  }
}

function serverMemoryUsage(pid: number): ServerMemoryUsage | null {
  process.kill(pid, 'SIGUSR1');
  spawnSync('sleep', ['1']);
  const answer = spawnSync(process.execPath, ['--experimental-websocket', '--input-type=module', '-e', INSPECTOR_CLIENT], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  if (answer.status !== 0 || answer.stdout === '') return null;
  const usage = JSON.parse(answer.stdout) as Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number>;
  return {
    rssMiB: usage.rss / MIB,
    heapTotalMiB: usage.heapTotal / MIB,
    heapUsedMiB: usage.heapUsed / MIB,
    externalMiB: usage.external / MIB,
    arrayBuffersMiB: usage.arrayBuffers / MIB,
  };
}

/** The server: the node process of the tree that listens, the deepest one running the bundle or the launcher. */
function serverPid(processes: readonly ProcessRss[]): number | undefined {
  return [...processes].reverse().find((process) => /server\.mjs|start\.mjs/u.test(process.command))?.pid;
}

/** A database `<name>_memory` beside DATABASE_URL's, dropped and made afresh: every run is a first start. */
async function freshDatabase(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_memory`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function measureStart(
  store: MemoryMeasurement['store'],
  env: NodeJS.ProcessEnv,
  restSeconds: number,
  log: (line: string) => void,
): Promise<MemoryMeasurement> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-memory-'));
  const port = 39_000 + Math.floor(Math.random() * 900);
  // Its own process group, so the stop reaches every process it started, as a terminal's Ctrl-C does.
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const startedAt = performance.now();
  let peak = 0;
  try {
    while (!(await homePageAnswers(port))) {
      if (performance.now() - startedAt > FIRST_ANSWER_TIMEOUT_MS) throw new Error(`${store}: / did not answer within 180 s`);
      if (npm.exitCode !== null) throw new Error(`${store}: npm start exited with ${npm.exitCode}`);
      peak = Math.max(peak, totalMiB(processTree(npm.pid!)));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    const secondsToFirstAnswer = (performance.now() - startedAt) / 1_000;
    log(`${store}: / answered after ${secondsToFirstAnswer.toFixed(1)} s; at rest in ${restSeconds} s`);
    const restUntil = performance.now() + restSeconds * 1_000;
    while (performance.now() < restUntil) {
      peak = Math.max(peak, totalMiB(processTree(npm.pid!)));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 10));
    }
    const atRest = processTree(npm.pid!);
    const server = serverPid(atRest);
    return {
      store,
      secondsToFirstAnswer,
      firstStartPeakMiB: Math.max(peak, totalMiB(atRest)),
      restSeconds,
      atRest,
      atRestTotalMiB: totalMiB(atRest),
      server: server === undefined ? null : serverMemoryUsage(server),
    };
  } finally {
    process.kill(-npm.pid!, 'SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(process.kill(-npm.pid!, 'SIGKILL')), STOP_TIMEOUT_MS);
      npm.once('exit', () => resolve(clearTimeout(timer)));
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function restSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 60;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`BENCH_MEMORY_REST_SECONDS must be a number of seconds, got "${raw}"`);
  return seconds;
}

/** `npm start` on PGlite, then on DATABASE_URL's server when set. */
export async function benchMemorySuite(environment: NodeJS.ProcessEnv, log: (line: string) => void): Promise<MemoryMeasurement[]> {
  const rest = restSeconds(environment.BENCH_MEMORY_REST_SECONDS);
  const { DATABASE_URL: databaseUrl, ...withoutServer } = environment;
  const measurements = [await measureStart('pglite', withoutServer, rest, log)];
  if (databaseUrl) {
    const env = { ...withoutServer, DATABASE_URL: await freshDatabase(databaseUrl), DEMO_CATALOGUE: '1' };
    measurements.push(await measureStart('postgres', env, rest, log));
  } else log('memory: DATABASE_URL is not set: measured on PGlite only');
  return measurements;
}

export function formatMemoryTables(measurements: readonly MemoryMeasurement[]): string {
  const processes = measurements.flatMap((measurement) =>
    [...measurement.atRest, { pid: 0, command: 'all of them', rssMiB: measurement.atRestTotalMiB }].map((process) => ({
      measurement,
      process,
    })),
  );
  const usage = (value: (server: ServerMemoryUsage) => number) => (row: MemoryMeasurement) =>
    row.server === null ? '' : formatMiB(value(row.server));
  return [
    formatTable(measurements, [
      { header: 'store', value: (row) => row.store, align: 'left' },
      { header: 's to first answer', value: (row) => row.secondsToFirstAnswer.toFixed(1) },
      { header: 'first start peak MiB', value: (row) => formatMiB(row.firstStartPeakMiB) },
      { header: 'at rest MiB', value: (row) => formatMiB(row.atRestTotalMiB) },
      { header: 'server rss', value: usage((server) => server.rssMiB) },
      { header: 'heap used', value: usage((server) => server.heapUsedMiB) },
      { header: 'heap total', value: usage((server) => server.heapTotalMiB) },
      { header: 'external', value: usage((server) => server.externalMiB) },
      { header: 'array buffers', value: usage((server) => server.arrayBuffersMiB) },
    ]),
    formatTable(processes, [
      { header: 'store', value: (row) => row.measurement.store, align: 'left' },
      { header: 'process', value: (row) => row.process.command, align: 'left' },
      { header: `RSS at rest MiB`, value: (row) => formatMiB(row.process.rssMiB) },
    ]),
  ].join('\n\n');
}
