/**
 * Starts the real server (built web app + API) on a free port with a fresh data directory,
 * and a headless Debian Chromium to drive it. Tests get pages that record console errors.
 *
 * The first start of an empty store seeds the demo catalogue, which is most of a start's time: the
 * global setup (global-setup.ts) does that once, and every suite's server starts on its own copy.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

import { SERVER_BUNDLE } from '../../scripts/bundles.mjs';
import { copyDirectory } from '../fixtures/copy-directory.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_APP_INDEX = join(REPO_ROOT, 'dist/web/index.html');
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The first start compiles the embedded database and seeds the demo catalogue (over 90 s on a loaded 2-core machine). */
const SERVER_READY_TIMEOUT_MS = 240_000;
const HEALTH_POLL_INTERVAL_MS = 250;
const SERVER_STOP_GRACE_MS = 10_000;
/** Enough of the server's output to explain a failed start. */
const OUTPUT_TAIL_CHARS = 8_000;

export interface E2eEnvironment {
  baseUrl: string;
  browser: Browser;
  /** A new page in its own browser context, with its console errors collected; close it when done. */
  openPage(options?: { viewportWidth?: number }): Promise<RecordedPage>;
  stop(): Promise<void>;
}

export interface RecordedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen on the page so far. */
  consoleErrors: string[];
  /** Closes the page with its browser context. */
  close(): Promise<void>;
}

/** `env`: configuration the server starts with besides the tests' own (PLATFORM_FEE_PERCENT, say). */
export async function startE2eEnvironment(options: { env?: Record<string, string> } = {}): Promise<E2eEnvironment> {
  if (!existsSync(BUILT_APP_INDEX)) {
    throw new Error(`The web app is not built (${BUILT_APP_INDEX} is missing): run \`npx vite build\` first.`);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-e2e-'));
  await copyDirectory(inject('seededDataDir'), dataDir);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(await findFreePort(), dataDir, options.env);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const startedBrowser = browser;
  const startedServer = server;
  return {
    baseUrl: startedServer.baseUrl,
    browser: startedBrowser,
    openPage: (options) => openRecordedPage(startedBrowser, startedServer.baseUrl, options?.viewportWidth),
    async stop() {
      await startedBrowser.close();
      await startedServer.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function openRecordedPage(browser: Browser, baseURL: string, viewportWidth = 1280): Promise<RecordedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: viewportWidth, height: 900 } });
  const page = await context.newPage();
  // A server-rendered page shows before its script runs: a test acts once the app has it (main.tsx).
  const navigate = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await navigate(url, options);
    await waitForApp(page);
    return response;
  };
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.stack ?? error.message}`));
  return { page, consoleErrors, close: () => context.close() };
}

/** Starts the server once on an empty data directory, so it seeds the demo catalogue there, and stops it. */
export async function seedDataDir(dataDir: string): Promise<void> {
  const server = await startServer(await findFreePort(), dataDir);
  await server.stop();
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      probe.close(() => (port === undefined ? reject(new Error('No port was assigned')) : resolve(port)));
    });
  });
}

interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(port: number, dataDir: string, configuration: Record<string, string> = {}): Promise<RunningServer> {
  // The demo accounts sign in with the tests' password (a real install has none); the log keeps to warnings.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...configuration,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  // Always the embedded database, never a developer's real one; rate-limit counters in it too, so runs don't share them.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // As `npm start` runs it: the server picks its own NODE_ENV (production), not vitest's 'test'.
  delete env.NODE_ENV;

  // As `npm start` runs it: from the bundle the global setup built.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child);
  try {
    await waitUntilHealthy(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_POLL_INTERVAL_MS * 8) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
  }
  throw new Error(`The server did not answer GET /api/health with 200 within ${SERVER_READY_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forceKill = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_GRACE_MS);
  await exited;
  clearTimeout(forceKill);
}

/** Waits until the app has taken over the page in front of it (pages that are not the app's, such as JSON, at once). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appStarted === 'true' || document.contentType !== 'text/html');
}

/** Every layout shift of the page's loads, as the browser scores it, with when it came (recordLayoutShifts). */
interface RecordedShifts {
  layoutShifts: { at: number; value: number }[];
}

/** From the page's next load on, keeps every layout shift the browser reports (what moved on screen without input). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: RecordedShifts['layoutShifts'] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) =>
      shifts.push(
        ...list.getEntries().map((entry) => ({ at: entry.startTime, value: (entry as PerformanceEntry & { value: number }).value })),
      ),
    ).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift score of the shifts recorded since `since` (the page's performance.now()); the browser reports a shift after its frame, so this waits a moment first. */
export async function layoutShiftSince(page: Page, since: number): Promise<number> {
  await page.waitForTimeout(500);
  return page.evaluate(
    (from) =>
      (window as unknown as RecordedShifts).layoutShifts
        .filter((shift) => shift.at >= from)
        .reduce((total, shift) => total + shift.value, 0),
    since,
  );
}

/** The app and its chunks, not the boot script: held back, they stand for a slow phone still fetching the app. */
export const APP_CHUNKS = /\/assets\/(?!boot-)[\w-]+\.js$/u;

/** Holds the page's requests to `url` until the answered function is called; then they go on to the server. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Signs a demo account in through the login form (every demo account has the tests' password) and waits to leave /login. */
export async function logInThroughForm(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(TEST_DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await waitForApp(page);
}

/** Signs a demo account in through the API (every demo account has the tests' password): the request's context keeps the session cookie. */
export async function signInThroughApi(request: APIRequestContext, login: string): Promise<void> {
  const answer = await request.post('/api/login', { data: { login, password: TEST_DEMO_PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A full-page screenshot to look at (`<dir>/<name>-<width>.png`), and no page wider than its window. */
export async function shootWithinWidth(page: Page, dir: string, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
