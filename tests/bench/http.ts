import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import { seedCatalogueInBulk, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { timeSearchesAlone, type HttpSearchKind } from './http-search.js';
import { processCpuMs, statCpuMs } from './measure.js';

const execFileAsync = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The catalogue of issue #17's measurements: 5 000 templates, 500 members, a few likes each. */
export const HTTP_CATALOGUE: CatalogueSize = { users: 500, templates: 5_000, seed: 17, likeChance: 0.01 };

/** HTTP_CATALOGUE with `templates` templates and as many likes in all (each template gets fewer). */
export function httpCatalogue(templates: number): CatalogueSize {
  return { ...HTTP_CATALOGUE, templates, likeChance: (HTTP_CATALOGUE.likeChance! * HTTP_CATALOGUE.templates) / templates };
}
const WARM_UP_SECONDS = 2;
/** What a browser sends: the app's answers are measured as visitors get them, compressed. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** A signed-in viewer's requests are timed alone, this many times (the median kept). */
const SIGNED_IN_REQUESTS = 5;
const SERVER_START_TIMEOUT_MS = 600_000;
/** How much of a server's output is shown when it dies while measured. */
const OUTPUT_SHOWN_CHARS = 4_000;
/** The reactors' catch-up logs its progress every this many events. */
const REACTOR_PROGRESS_EVERY = 5_000;

export interface HttpSettings {
  /** Seconds of load per route (BENCH_HTTP_SECONDS, default 10). */
  seconds: number;
  /** Concurrent connections (BENCH_HTTP_CONNECTIONS, default 50). */
  connections: number;
  /** Port of the app under load (BENCH_HTTP_PORT, default 0: any free port). */
  port: number;
  /** Templates in the catalogue (BENCH_HTTP_TEMPLATES, default HTTP_CATALOGUE's 5 000; e.g. 100 000). */
  templates: number;
}

export interface RouteMeasurement {
  route: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, and connection errors and timeouts: a fast failure is not a result. */
  failures: number;
  /** requestsPerSecond ÷ the hello-world's. */
  ratioToCeiling: number;
  /** The server's CPU time over the load's time (100: one core busy); null where /proc cannot tell. */
  serverCpuPercent: number | null;
  /** wrk's: near 100, the load generator and not the server sets the pace. */
  loadGeneratorCpuPercent: number;
  /** The server's CPU time per answered request. */
  serverCpuMicrosecondsPerRequest: number | null;
}

export interface SignedInMeasurement {
  route: string;
  path: string;
  /** Median of SIGNED_IN_REQUESTS requests one at a time, with a member's session. */
  medianMs: number;
}

export interface HttpMeasurement {
  catalogue: CatalogueSize;
  database: string;
  seconds: number;
  connections: number;
  routes: RouteMeasurement[];
  signedIn: SignedInMeasurement[];
  /** Searches one at a time, each text new to the server, per kind of text people type. */
  searchesAlone: HttpSearchKind[];
}

export function httpSettings(env: NodeJS.ProcessEnv): HttpSettings {
  const positive = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
    return value;
  };
  return {
    seconds: positive('BENCH_HTTP_SECONDS', 10),
    connections: positive('BENCH_HTTP_CONNECTIONS', 50),
    port: positive('BENCH_HTTP_PORT', 0),
    templates: positive('BENCH_HTTP_TEMPLATES', HTTP_CATALOGUE.templates),
  };
}

/**
 * The read routes under load against a bare Fastify in the same run (the ceiling): the app runs
 * as `npm start` would, on a database of its own next to DATABASE_URL's (`<name>_http`, or
 * `<name>_http_<templates>` for another size), seeded once with the catalogue and kept for later runs.
 */
export async function benchHttp(databaseUrl: string, settings: HttpSettings, log: (line: string) => void): Promise<HttpMeasurement> {
  const catalogue = httpCatalogue(settings.templates);
  const httpDatabaseUrl = await ensureDatabase(
    databaseUrl,
    settings.templates === HTTP_CATALOGUE.templates ? '_http' : `_http_${settings.templates}`,
  );
  const sessionToken = await ensureCatalogue(httpDatabaseUrl, catalogue, log);
  ensureWebBuild(log);

  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-http-'));
  const postScript = join(dataDir, 'post.lua');
  writeFileSync(postScript, 'wrk.method = "POST"\n');
  const measure = async (route: string, server: RunningServer, path: string, method: 'GET' | 'POST' = 'GET') => {
    log(`${route}: ${settings.seconds} s, ${settings.connections} connections`);
    const script = method === 'POST' ? postScript : null;
    await load(`${server.url}${path}`, script, WARM_UP_SECONDS, settings.connections);
    const serverCpuBefore = processCpuMs(server.pid);
    const startedAt = performance.now();
    const result = await load(`${server.url}${path}`, script, settings.seconds, settings.connections);
    const elapsedMs = performance.now() - startedAt;
    const serverCpuAfter = processCpuMs(server.pid);
    const serverCpuMs = serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore;
    return {
      route,
      path,
      requestsPerSecond: result.requestsPerSecond,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      failures: result.failures,
      serverCpuPercent: serverCpuMs === null ? null : (100 * serverCpuMs) / elapsedMs,
      loadGeneratorCpuPercent: (100 * result.cpuMs) / elapsedMs,
      serverCpuMicrosecondsPerRequest: serverCpuMs === null || result.requests === 0 ? null : (1000 * serverCpuMs) / result.requests,
    };
  };
  try {
    const hello = await startServer(['tests/bench/hello-server.ts'], { PORT: '0' }, /listening on (http:\/\/\S+)/);
    let ceiling: Omit<RouteMeasurement, 'ratioToCeiling'>;
    try {
      ceiling = await measure('Fastify hello-world (ceiling)', hello, '/');
    } finally {
      await hello.stop();
    }

    log('starting the app (projections catch up before it listens)');
    const app = await startServer(
      ['src/api/server.ts'],
      {
        PORT: String(settings.port),
        DATABASE_URL: httpDatabaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_CATALOGUE: '',
        REDIS_URL: '',
        MEILI_URL: '',
        EVENTSTORE_URL: '',
      },
      /listening on (http:\/\/\S+)/,
    );
    try {
      const top = (await (await fetch(`${app.url}/api/resources/toprated`)).json()) as { data: { _id: string; titleUrl: string }[] };
      const post = top.data[0];
      if (!post) throw new Error('The catalogue has no live template to open');
      const routes: [string, string, ('GET' | 'POST')?][] = [
        ['GET /api/resources/toprated', '/api/resources/toprated'],
        ['GET /api/resources/search?q=notion', '/api/resources/search?q=notion'],
        ['GET /api/resources/search?q=notoin (typo)', '/api/resources/search?q=notoin'],
        ['GET /api/resources/view/:titleUrl', `/api/resources/view/${encodeURIComponent(post.titleUrl)}`],
        ['GET / (the page)', '/'],
        ['POST /api/resources/view/:id (anonymous)', `/api/resources/view/${post._id}`, 'POST'],
      ];
      log('searches one at a time, per kind of text');
      const searchesAlone = await timeSearchesAlone(app.url, catalogue, BROWSER_HEADERS);
      const measured = [ceiling];
      for (const [route, path, method] of routes) measured.push(await measure(route, app, path, method));
      const signedIn: SignedInMeasurement[] = [];
      // The lists and search may come from the public cache; a post's detail carries personal fields and never does.
      for (const [route, path] of routes.slice(0, 4)) {
        log(`${route}, signed in: ${SIGNED_IN_REQUESTS} requests one at a time`);
        signedIn.push({ route: `${route} (signed in, alone)`, path, medianMs: await timeAlone(`${app.url}${path}`, sessionToken) });
      }
      return {
        catalogue,
        database: new URL(httpDatabaseUrl).pathname.slice(1),
        seconds: settings.seconds,
        connections: settings.connections,
        routes: measured.map((row) => ({ ...row, ratioToCeiling: row.requestsPerSecond / ceiling.requestsPerSecond })),
        signedIn,
        searchesAlone,
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx or 3xx, and socket errors and timeouts. */
  failures: number;
  /** wrk's own CPU time. */
  cpuMs: number;
}

/**
 * wrk (Debian's package), on one thread: written in C, it spends a fraction of the server's CPU per
 * request, so the server and not the load generator sets the pace (a Node load generator took a whole
 * core to load GET / at a third of what the server could answer). Its CPU time is its shell's
 * children's, read from /proc once it has exited. `script` (a Lua file) sets the method.
 */
async function load(url: string, script: string | null, seconds: number, connections: number): Promise<LoadResult> {
  const headers = Object.entries(BROWSER_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, ...(script ? ['-s', script] : []), url];
  const { stdout, stderr } = await execFileAsync('sh', ['-c', 'wrk "$@"; code=$?; cat /proc/$$/stat >&2; exit $code', 'sh', ...args]).catch(
    (error: { code?: number; stderr?: string }) => {
      if (error.code === 127) throw new Error('The HTTP suite loads the server with wrk: apt-get install -y wrk');
      throw new Error(`wrk failed (exit ${error.code}): ${error.stderr}`);
    },
  );
  const number = (pattern: RegExp, fallback?: number) => {
    const match = pattern.exec(stdout);
    if (match) return Number(match[1]);
    if (fallback === undefined) throw new Error(`wrk's report has no ${pattern.source}:\n${stdout}`);
    return fallback;
  };
  const latencyMs = (percentile: number) => {
    // wrk pads a latency in seconds or minutes with a space ("1.37s ").
    const match = new RegExp(`^\\s+${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout);
    if (!match) throw new Error(`wrk's report has no ${percentile}% latency:\n${stdout}`);
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    requests: number(/(\d+) requests in/),
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: latencyMs(50),
    p99Ms: latencyMs(99),
    failures:
      number(/Non-2xx or 3xx responses: (\d+)/, 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
    // The shell's stat is the last thing on its stderr.
    cpuMs: statCpuMs(stderr, 'children'),
  };
}

/** The median time of one request with a session, after one untimed request. */
async function timeAlone(url: string, token: string): Promise<number> {
  const request = async () => {
    const started = performance.now();
    const answer = await fetch(url, { headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} to a signed-in viewer`);
    return performance.now() - started;
  };
  await request();
  const times: number[] = [];
  for (let index = 0; index < SIGNED_IN_REQUESTS; index++) times.push(await request());
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** The database `<name><suffix>` beside DATABASE_URL's, created when missing; answers its URL. */
async function ensureDatabase(databaseUrl: string, suffix: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}${suffix}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The catalogue seeded, and every read model live at the code's version; answers a session token of a seeded member. */
async function ensureCatalogue(databaseUrl: string, catalogue: CatalogueSize, log: (line: string) => void): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-seed-'));
  const infrastructure = await openInfrastructure({ dataDir, databaseUrl, eventStoreUrl: undefined });
  try {
    if ((await infrastructure.store.headPosition()) === START_OF_LOG) {
      log(`seeding ${catalogue.templates} templates / ${catalogue.users} users (once; later runs reuse it)`);
      await seedCatalogueInBulk(infrastructure, catalogue);
    }
    // The reactors' backlog (a reward per seeded like) is worked off now, not behind the measured app.
    for (const reactor of [
      infrastructure.rewards,
      infrastructure.moderation,
      infrastructure.commerceReactor,
      infrastructure.paymentReturns,
      infrastructure.commentNotifications,
      infrastructure.memberMessages,
      infrastructure.generationReactor,
      infrastructure.massEmailReactor,
    ]) {
      let done = 0;
      for (let handled = await reactor.processBatch(); handled !== null; handled = await reactor.processBatch()) {
        done += handled;
        if (handled > 0 && done % REACTOR_PROGRESS_EVERY < handled) log(`reactor ${reactor.name}: ${done} events handled`);
      }
    }
    // Read models built by older code are rebuilt now, not in the app's background while it is measured.
    const { runner } = infrastructure;
    const outdated = (await runner.status()).filter((status) => status.liveVersion !== status.version).map((status) => status.name);
    if (outdated.length > 0) {
      log(`rebuilding ${outdated.join(', ')} before the app starts`);
      await runner.rebuildAll(runner.projections.filter((projection) => outdated.includes(projection.name)));
    }
    const member = await infrastructure.database.db
      .selectFrom('users')
      .select('id')
      .where('lvl', '=', 'base')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const session = await infrastructure.accounts.startSession(member.id, 'password', null, { userId: member.id, role: 'base' });
    return session.token;
  } finally {
    await infrastructure.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** GET / serves the built web app. */
function ensureWebBuild(log: (line: string) => void): void {
  if (existsSync(join(REPO_ROOT, 'dist/web/index.html'))) return;
  log('building the web app for GET /');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

interface RunningServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry point in a process of its own; resolves once its output matches `ready` (group 1: its URL). */
function startServer(args: string[], env: Record<string, string>, ready: RegExp): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    let listening = false;
    const timer = setTimeout(
      () => void stop().then(() => reject(new Error(`${args[0]} did not start: ${output}`))),
      SERVER_START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve({ url: match[1]!.replace('0.0.0.0', '127.0.0.1').replace('localhost', '127.0.0.1'), pid: child.pid, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      // An app that dies under load is a result too: its last words go to the bench's log.
      if (listening && !stopping) console.error(`${args[0]} exited (${code}) while it was measured:\n${output.slice(-OUTPUT_SHOWN_CHARS)}`);
      reject(new Error(`${args[0]} exited (${code}) before it was ready: ${output}`));
    });
  });
}
