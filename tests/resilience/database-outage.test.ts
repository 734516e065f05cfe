import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { seedCatalogue } from '../../src/composition/demo-catalogue.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { likeDecider } from '../../src/domain/engagement/decider.js';
import { likeStream } from '../../src/domain/engagement/events.js';
import { TEST_DEMO_PASSWORDS } from '../fixtures/demo-password.js';

/** Generous: the machine is shared, and reconnecting goes through the pool's timeouts. */
const RECOVERY_TIMEOUT_MS = 60_000;

/** A TCP proxy between the app and Postgres that the test can cut (every connection dropped, new ones refused) and restore. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection(target);
        for (const [socket, other] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          sockets.add(socket);
          // As a direct connection would: when one side goes (the server ended a backend, maybe with a
          // reset, which pipe does not pass on), so does the other, instead of leaving the app a silent socket.
          socket.on('close', () => {
            sockets.delete(socket);
            other.destroy();
          });
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      server = null;
    },
    restore: listen,
    async close() {
      if (server) await this.cut();
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('the real Postgres goes away and comes back', () => {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://localhost');
  const databaseName = `tessera_outage_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let direct: pg.Client;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let infrastructure: Infrastructure;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  const lost: string[] = [];
  const liker = { index: 1 };

  beforeAll(async () => {
    direct = new pg.Client({ connectionString: serverUrl.toString() });
    await direct.connect();
    await direct.query(`create database ${databaseName}`);
    proxy = await startCuttableProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
    const viaProxy = new URL(serverUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${databaseName}`;
    dataDir = await mkdtemp(join(tmpdir(), 'tessera-outage-'));
    infrastructure = await openInfrastructure(
      { dataDir, databaseUrl: viaProxy.toString(), eventStoreUrl: undefined },
      { log: (line) => void lost.push(line) },
    );
    await seedCatalogue(infrastructure, { users: 4, templates: 3, seed: 2 }, { passwords: TEST_DEMO_PASSWORDS });
    await infrastructure.runner.start();
    infrastructure.rewards.start();
    infrastructure.moderation.start();
    app = await buildApp(infrastructure);
    expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), RECOVERY_TIMEOUT_MS)).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await infrastructure?.close();
    await proxy?.close();
    await direct?.query(`drop database if exists ${databaseName} with (force)`);
    await direct?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A new like, written through the command bus: the projections and reactors must reach it. */
  async function writeAndProjected(): Promise<{ projected: boolean; rewarded: boolean }> {
    const users = (await infrastructure.database.db.selectFrom('users').select('id').execute()).map((row) => row.id);
    const template = await infrastructure.database.db.selectFrom('templates').select('id').executeTakeFirstOrThrow();
    const userId = users[liker.index++ % users.length]!;
    const { position } = await infrastructure.commands.handle(
      likeDecider,
      likeStream(template.id, userId),
      { type: 'ToggleLike', data: { templateId: template.id, userId } },
      {
        actor: { userId, role: 'base' },
        idempotencyKey: randomUUID(),
      },
    );
    return {
      projected: await infrastructure.runner.waitFor(position!, RECOVERY_TIMEOUT_MS),
      rewarded: await infrastructure.rewards.waitFor(position!, RECOVERY_TIMEOUT_MS),
    };
  }

  it('survives the termination of its idle pool connections (pg_terminate_backend), and keeps projecting', async () => {
    const { rows } = await direct.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    );
    expect(rows.length).toBeGreaterThan(0);
    console.info(`terminated ${rows.length} backends of the app`);
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/resources/toprated' })).statusCode, {
        timeout: RECOVERY_TIMEOUT_MS,
        interval: 200,
      })
      .toBe(200);
    expect(await writeAndProjected()).toEqual({ projected: true, rewarded: true });
  }, 180_000);

  it('answers 503 with Retry-After while the database is unreachable, says which part is down, and recovers by itself', async () => {
    await proxy.cut();
    const whileDown = {
      topRated: await app.inject({ method: 'GET', url: '/api/resources/toprated' }),
      login: await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: TEST_DEMO_PASSWORDS.admin } }),
      health: await app.inject({ method: 'GET', url: '/api/health' }),
    };
    for (const [name, answer] of Object.entries(whileDown))
      console.info(`while down: ${name} → ${answer.statusCode} retry-after=${answer.headers['retry-after']} ${answer.body}`);
    for (const answer of [whileDown.topRated, whileDown.login]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ error: true, message: expect.stringContaining('unavailable') });
    }
    expect(whileDown.health.statusCode).toBe(503);
    expect(whileDown.health.json()).toMatchObject({
      status: 'unavailable',
      parts: { database: 'down', eventStore: 'down' },
      projections: null,
    });
    expect(whileDown.health.body).not.toMatch(new RegExp(`${databaseName}|127\\.0\\.0\\.1|${proxy.port}`, 'u'));

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
        timeout: RECOVERY_TIMEOUT_MS,
        interval: 200,
      })
      .toBe(200);
    const afterwards = {
      topRated: await app.inject({ method: 'GET', url: '/api/resources/toprated' }),
      login: await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: TEST_DEMO_PASSWORDS.admin } }),
      health: await app.inject({ method: 'GET', url: '/api/health' }),
    };
    for (const [name, answer] of Object.entries(afterwards))
      console.info(`after: ${name} → ${answer.statusCode} ${answer.body.slice(0, 160)}`);
    expect(afterwards.topRated.statusCode).toBe(200);
    expect(afterwards.login.statusCode).toBe(200);
    expect(afterwards.health.json()).toMatchObject({ status: 'ok', parts: { database: 'up', eventStore: 'up' } });
    // The projection runner and the reactors paused and resumed by themselves.
    expect(await writeAndProjected()).toEqual({ projected: true, rewarded: true });
    expect(lost.some((line) => /paused, retrying/u.test(line))).toBe(true);
  }, 180_000);
});
