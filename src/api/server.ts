import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { constants as osConstants } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { START_OF_LOG } from '../adapters/eventstore/port.js';
import { DEMO_ADMIN_USERNAME, DEMO_CATALOGUE, FIRST_ADMIN_ONLY, seedCatalogue } from '../composition/demo-catalogue.js';
import { seedVersionedDemo } from '../composition/demo-versions.js';
import { generatePassword } from '../adapters/security/passwords.js';
import { buildApp } from './app.js';
import { limitConnections } from './connection-limits.js';
import { REPO_ROOT } from './repo-root.js';
import { configFromEnv, usesEmbeddedDefault, type Config } from '../composition/config.js';
import { openInfrastructure, type Infrastructure } from '../composition/infrastructure.js';
import { startUploadSweep } from '../composition/upload-sweep.js';
import type { CreatePageRenderer } from '../web/entry-server.js';

const WEB_ROOT = join(REPO_ROOT, 'dist/web');
/** The server's page renderer, built by `vite build` beside the web app. */
const PAGE_RENDERER_ENTRY = join(REPO_ROOT, 'dist/server/entry-server.js');

/** The built page renderer, if there is one: without it the browser draws every page. */
async function loadPageRenderer(): Promise<CreatePageRenderer | undefined> {
  if (!existsSync(PAGE_RENDERER_ENTRY)) return undefined;
  const entry = (await import(pathToFileURL(PAGE_RENDERER_ENTRY).href)) as { createPageRenderer: CreatePageRenderer };
  return entry.createPageRenderer;
}

/**
 * An empty store gets its first admin, with a random password printed this once (the log is the
 * only place it ever appears), and — on the embedded default or when asked (DEMO_CATALOGUE) — the
 * demo catalogue, whose members have no password. DEMO_PASSWORD (test harnesses) replaces both.
 */
async function seedFirstStart(infrastructure: Infrastructure, config: Config, log: (line: string) => void): Promise<void> {
  const withCatalogue = config.demoCatalogue || usesEmbeddedDefault(config);
  const adminPassword = config.demoPassword ?? generatePassword();
  const passwords = { admin: adminPassword, members: config.demoPassword ?? null };
  if (withCatalogue) {
    log(`empty event store: creating the demo catalogue (${DEMO_CATALOGUE.users} users, ${DEMO_CATALOGUE.templates} templates)`);
    await seedCatalogue(infrastructure, DEMO_CATALOGUE, { passwords });
    await seedVersionedDemo(infrastructure, DEMO_CATALOGUE);
  } else {
    log('empty event store: creating the first admin account (no demo catalogue on a database server; DEMO_CATALOGUE=1 asks for one)');
    await seedCatalogue(infrastructure, FIRST_ADMIN_ONLY, { passwords });
  }
  if (config.demoPassword === undefined) {
    log(`The admin account is "${DEMO_ADMIN_USERNAME}" with the password ${adminPassword} (it is the site's owner)`);
    log(`  It is shown this once: keep it, or set a new one with \`npm run users -- reset-password ${DEMO_ADMIN_USERNAME}\`.`);
  }
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/**
 * SIGTERM or SIGINT stops the server: it finishes what is in flight and exits 0. A stop that takes
 * longer than `deadlineMs` (the database went away and a batch keeps retrying) exits 1, logging what
 * it still waited for; a second signal exits at once (128 + the signal's number, as a shell reports it).
 */
function stopOnSignals(
  server: { close(step: (waitingFor: string) => void): Promise<void> },
  deadlineMs: number,
  log: (line: string) => void,
): void {
  const exit = (code: number) => process.exit(code);
  let waitingFor: string | null = null;
  const pending = () => waitingFor ?? 'nothing yet';
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (waitingFor !== null) {
        log(`${signal} again: exiting now; the stop was still waiting for ${pending()}`);
        exit(128 + osConstants.signals[signal]);
        return;
      }
      waitingFor = 'the stop to begin';
      log(`${signal}: stopping (at most ${deadlineMs} ms; send it again to exit at once)`);
      const deadline = setTimeout(() => {
        log(`the stop did not finish within ${deadlineMs} ms: exiting; still pending: ${pending()}`);
        exit(1);
      }, deadlineMs);
      server
        .close((next) => (waitingFor = next))
        .then(
          () => exit(0),
          (error: unknown) => {
            log(`the stop failed: ${error instanceof Error ? error.message : String(error)}`);
            exit(1);
          },
        )
        .finally(() => clearTimeout(deadline));
    });
  }
}

/** The composition root: adapters from the environment, projections running, the app listening. */
export async function startServer(config: Config, log: (line: string) => void = console.log) {
  const infrastructure = await openInfrastructure(config, { log });
  try {
    log(`event store: ${infrastructure.adapters.eventStore}`);
    log(`read models: ${infrastructure.adapters.database}`);
    log(`search: ${infrastructure.adapters.search}`);
    log(`payments: ${infrastructure.adapters.payments}`);
    log(`AI generator and chatbot: ${infrastructure.adapters.ai}`);
    log(`Google Slides / Docs: ${infrastructure.adapters.google}`);

    if ((await infrastructure.store.headPosition()) === START_OF_LOG) await seedFirstStart(infrastructure, config, log);
    await infrastructure.startFollowers();
    const stopUploadSweep = startUploadSweep({ db: infrastructure.database.db, images: infrastructure.images }, log);

    const app = await buildApp({
      ...infrastructure,
      webRoot: WEB_ROOT,
      createPageRenderer: await loadPageRenderer(),
      blog: config.blogFeedUrl ? { feedUrl: config.blogFeedUrl } : {},
      log: { level: config.logLevel },
      trustProxy: config.trustProxy,
      aiCrawlers: config.aiCrawlers,
    });
    limitConnections(app.server, { boundPerAddress: !config.trustProxy });
    const address = await app.listen({ port: config.port, host: '0.0.0.0' });
    log(`Tessera is listening on ${address.replace('0.0.0.0', 'localhost')}`);
    return {
      address,
      /** Stops serving, then everything else in turn; `step` is told what it waits for next. */
      async close(step: (waitingFor: string) => void = () => {}) {
        stopUploadSweep();
        step(`HTTP requests in flight (${await openConnections(app.server)} connections open)`);
        await app.close();
        await infrastructure.close(step);
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

/**
 * Runs the server until a signal stops it: `node dist/api/server.mjs`, or `npm start`, whose process
 * becomes the server once the bundle is built (scripts/start.mjs).
 */
export async function runServer(): Promise<void> {
  // Set before the page renderer loads React: React's development build renders a page several times slower.
  process.env.NODE_ENV ??= 'production';
  const config = configFromEnv();
  const server = await startServer(config).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  stopOnSignals(server, config.shutdownDeadlineMs, console.log);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runServer();
