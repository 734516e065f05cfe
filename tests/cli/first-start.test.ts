import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cataloguePlan, DEMO_ADMIN_USERNAME, DEMO_CATALOGUE } from '../../src/composition/demo-catalogue.js';
import { passwordProblem } from '../../src/domain/accounts/rules.js';
import { startServer } from '../../src/api/server.js';
import { configFromEnv } from '../../src/composition/config.js';

/** The password every fresh install had before: it must sign nobody in. */
const FORMER_DEMO_PASSWORD = 'Tessera#2026';
const ADMIN_PASSWORD_LINE = /The admin account is "admin" with the password (\S+)/u;

/** A server started in-process on a fresh store, its log kept. */
async function startFresh(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const server = await startServer(configFromEnv({ PORT: '0', LOG_LEVEL: 'silent', ...env }), (line) => void lines.push(line));
  const baseUrl = server.address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  const login = async (login: string, password: string) =>
    (
      await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login, password }),
      })
    ).status;
  return { server, lines, baseUrl, login };
}

async function topRated(baseUrl: string): Promise<unknown[]> {
  return ((await (await fetch(`${baseUrl}/api/resources/toprated`)).json()) as { data: unknown[] }).data;
}

describe('first start of an empty store: no password anyone knows', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('embedded default: the demo catalogue, an admin with a random password printed once, members with none', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tessera-first-start-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { server, lines, baseUrl, login } = await startFresh({ DATA_DIR: dataDir });
    cleanups.push(() => server.close());

    const printed = lines.map((line) => ADMIN_PASSWORD_LINE.exec(line)?.[1]).filter((password) => password !== undefined);
    expect(printed).toHaveLength(1);
    const adminPassword = printed[0]!;
    expect(adminPassword).not.toBe(FORMER_DEMO_PASSWORD);
    expect(passwordProblem(adminPassword)).toBeNull();

    // The home page is alive once the projections have caught up with the seed.
    await expect.poll(async () => (await topRated(baseUrl)).length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    const member = cataloguePlan(DEMO_CATALOGUE).users[1]!.username;
    expect(await login(DEMO_ADMIN_USERNAME, FORMER_DEMO_PASSWORD)).toBe(401);
    expect(await login(member, FORMER_DEMO_PASSWORD)).toBe(401);
    expect(await login(DEMO_ADMIN_USERNAME, adminPassword)).toBe(200);
  }, 240_000);

  it.runIf(process.env.DATABASE_URL)(
    'on a database server: only the admin, with a random password, and no demo catalogue',
    async () => {
      const serverUrl = new URL(process.env.DATABASE_URL!);
      const databaseName = `tessera_first_start_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      });
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${databaseName}`;
      const dataDir = await mkdtemp(join(tmpdir(), 'tessera-first-start-pg-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const { server, lines, baseUrl, login } = await startFresh({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() });
      cleanups.push(() => server.close());

      const adminPassword = lines.map((line) => ADMIN_PASSWORD_LINE.exec(line)?.[1]).find((password) => password !== undefined);
      expect(adminPassword).toBeDefined();
      expect(await login(DEMO_ADMIN_USERNAME, FORMER_DEMO_PASSWORD)).toBe(401);
      expect(await login(DEMO_ADMIN_USERNAME, adminPassword!)).toBe(200);
      expect(await topRated(baseUrl)).toEqual([]);
    },
    120_000,
  );
});
