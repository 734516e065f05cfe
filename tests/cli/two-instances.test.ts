import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { freePort } from '../fixtures/free-port.js';
import { SERVER_BUNDLE } from '../../scripts/bundles.mjs';

/**
 * Two API processes on one Postgres database, as a site that outgrew one machine runs: one
 * projection runner per generation between them, read-your-writes through either, limits shared,
 * and a SIGKILL of one losing nothing it acknowledged. Needs a real server: runs with DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 240_000;
const PASSWORD = 'Sturdy#pass1';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
}

/** One HTTP call; `from` is the loopback address it comes from (every 127.x.y.z is this machine). */
function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string | null; from?: string } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.find((cookie) => cookie.startsWith('token='));
          resolve({
            status: response.statusCode ?? 0,
            body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
            cookie: setCookie ? setCookie.split(';')[0]! : null,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

interface Instance {
  base: string;
  child: ChildProcess;
  output(): string;
}

async function startInstance(url: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited before it was ready:\n${output}`);
    const healthy = await call(base, 'GET', '/api/health').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (healthy) return { base, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`instance not ready in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopInstance(instance: Instance | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill(signal);
  await exited;
}

async function adminQuery<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe.runIf(databaseUrl)('two API instances on one Postgres database', () => {
  const databaseName = `tessera_two_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = (() => {
    const parsed = new URL(databaseUrl ?? 'postgres://localhost/none');
    parsed.pathname = `/${databaseName}`;
    return parsed.toString();
  })();
  let dataDir: string;
  let first: Instance | undefined;
  let second: Instance | undefined;

  beforeAll(async () => {
    await adminQuery(databaseUrl!, `create database ${databaseName}`);
    dataDir = await mkdtemp(join(tmpdir(), 'tessera-two-'));
    // One after the other: the first creates the tables (and whatever an empty store gets), the second joins.
    first = await startInstance(url, join(dataDir, 'first'));
    second = await startInstance(url, join(dataDir, 'second'));
  }, 2 * READY_TIMEOUT_MS);

  afterAll(async () => {
    await stopInstance(first);
    await stopInstance(second);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await adminQuery(databaseUrl!, `drop database if exists ${databaseName} with (force)`);
  });

  it('runs each projection generation in exactly one of them (advisory lock)', async () => {
    const live = await adminQuery<{ n: string }>(url, `select count(*) as n from projection_generations where status = 'live'`);
    const locks = await adminQuery<{ objid: string; holders: string }>(
      url,
      `select objid::text, count(distinct pid)::text as holders from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database()) group by objid`,
    );
    const pids = await adminQuery<{ n: string }>(
      url,
      `select count(distinct pid)::text as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
    );
    console.info(`[two instances] live generations: ${live[0]!.n}; advisory locks held: ${locks.length} by ${pids[0]!.n} connections`);
    // Every generation and reactor is held by one connection, never two.
    expect(locks.every((lock) => lock.holders === '1')).toBe(true);
    expect(locks.length).toBeGreaterThanOrEqual(Number(live[0]!.n));
  });

  it('reads its own writes through either instance and shares the limits', async () => {
    const username = `twin${randomUUID().slice(0, 6)}`;
    const signedUp = await call(first!.base, 'POST', '/api/signupUser', {
      body: { username, email: `${username}@example.com`, password: PASSWORD, agreeToTermsAndConditions: true },
      from: '127.0.1.1',
    });
    expect(signedUp.status).toBe(201);
    const onSecond = await call(second!.base, 'GET', '/api/users/private/me', { cookie: signedUp.cookie });
    expect(onSecond.body).toMatchObject({ username });

    const started = Date.now();
    const renamed = await call(second!.base, 'POST', '/api/users/me/update', {
      cookie: signedUp.cookie,
      body: { info: { firstName: 'Castor' } },
    });
    const writeThroughSecondMs = Date.now() - started;
    expect(renamed.status).toBe(200);
    const readOnFirst = await call(first!.base, 'GET', '/api/users/private/me', { cookie: signedUp.cookie });
    expect(JSON.stringify(readOnFirst.body)).toContain('Castor');
    console.info(`[two instances] a write through the second instance answered (read model caught up) in ${writeThroughSecondMs} ms`);

    // Sign-in guesses for one account from one address, alternating instances: the limit is counted once.
    const { max } = RATE_LIMITS.loginPerAddressAndAccount;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt += 1) {
      const instance = attempt % 2 === 0 ? first! : second!;
      statuses.push(
        (await call(instance.base, 'POST', '/api/login', { body: { login: username, password: 'Wrong#pass1' }, from: '127.0.2.1' })).status,
      );
    }
    console.info(`[two instances] ${max + 1} alternating wrong logins answered ${statuses.join(' ')}`);
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429]);
  });

  it('loses nothing it acknowledged when one instance is killed with SIGKILL mid-traffic', async () => {
    const acknowledged: string[] = [];
    let refusedOrCut = 0;
    const signUps = Array.from({ length: 40 }, async (_, index) => {
      const username = `kill${index}x${randomUUID().slice(0, 4)}`;
      const instance = index % 2 === 0 ? first! : second!;
      try {
        const answer = await call(instance.base, 'POST', '/api/signupUser', {
          body: { username, email: `${username}@example.com`, password: PASSWORD, agreeToTermsAndConditions: true },
          from: `127.0.3.${index + 1}`,
        });
        if (answer.status === 201) acknowledged.push(username);
        else refusedOrCut += 1;
      } catch {
        refusedOrCut += 1;
      }
    });
    // Kill the first instance once some sign-ups have been acknowledged.
    const deadline = Date.now() + 120_000;
    while (acknowledged.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await stopInstance(first, 'SIGKILL');
    await Promise.all(signUps);
    console.info(
      `[two instances] 40 sign-ups, SIGKILL of one instance after 5+ acknowledged: ${acknowledged.length} acknowledged, ${refusedOrCut} cut off or refused`,
    );

    // The survivor takes over the projections and shows every acknowledged account.
    let missing = acknowledged;
    const until = Date.now() + 120_000;
    while (missing.length > 0 && Date.now() < until) {
      const found = await Promise.all(
        missing.map(async (username) =>
          (await call(second!.base, 'GET', `/api/users/public/${username}`)).status === 200 ? null : username,
        ),
      );
      missing = found.filter((username): username is string => username !== null);
      if (missing.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(missing).toEqual([]);
    const signIns = await Promise.all(
      acknowledged.map((username, index) =>
        call(second!.base, 'POST', '/api/login', { body: { login: username, password: PASSWORD }, from: `127.0.5.${index + 1}` }),
      ),
    );
    expect(signIns.map((answer) => answer.status)).toEqual(acknowledged.map(() => 200));
  }, 300_000);
});
