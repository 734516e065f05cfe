/**
 * Page speed as a phone on a slow network sees it: Lighthouse (mobile preset, simulated throttling)
 * driving the machine's Chromium (CHROME_PATH, default /usr/bin/chromium) over the home page, a
 * search page and a template's page of a running Tessera.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { startServer } from '../../src/api/server.js';
import { configFromEnv } from '../../src/composition/config.js';

import { formatTable } from './report.js';

export interface PageMeasurement {
  page: string;
  path: string;
  performanceScore: number;
  seoScore: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  transferredBytes: number;
  /** Script bytes over the wire (compressed as sent) while the page loads. */
  scriptTransferredBytes: number;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

interface NetworkRequestItem {
  resourceType?: string;
  transferSize?: number;
}

/** The three pages the budget covers; the template is the first public one the search answers with. */
export async function benchPagePaths(origin: string): Promise<Array<{ page: string; path: string }>> {
  const answer = (await (await fetch(new URL('/api/resources/search?query=', origin))).json()) as { data: Array<{ titleUrl: string }> };
  const template = answer.data[0];
  if (!template) throw new Error(`${origin} has no public template to measure`);
  return [
    { page: 'home', path: '/' },
    { page: 'search', path: '/search/query/planner' },
    { page: 'template', path: `/resources/${template.titleUrl}` },
  ];
}

/**
 * Requests of each page before measuring: a fresh server compiles its renderer's code on the first
 * requests (hundreds of ms each); a visitor of a running site meets a warm one.
 */
const SERVER_WARM_UP_REQUESTS = 20;

async function warmUp(origin: string, paths: readonly string[]): Promise<void> {
  for (let request = 0; request < SERVER_WARM_UP_REQUESTS; request += 1) {
    for (const path of paths) {
      const answer = await fetch(new URL(path, origin), { headers: { 'accept-encoding': 'br' } });
      await answer.arrayBuffer();
    }
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART), seen twice in a row on a loaded machine: such a run is tried again. */
const LIGHTHOUSE_ATTEMPTS = 4;

async function lighthouseReport(url: string, port: number, log: (line: string) => void) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    log(`lighthouse ${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Runs Lighthouse `runs` times on each page (the median of each figure is kept: one loaded run is noisy). */
export async function benchPages(origin: string, runs: number, log: (line: string) => void): Promise<PageMeasurement[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const measurements: PageMeasurement[] = [];
    const pages = await benchPagePaths(origin);
    await warmUp(
      origin,
      pages.map(({ path }) => path),
    );
    for (const { page, path } of pages) {
      const samples: PageMeasurement[] = [];
      for (let run = 0; run < runs; run += 1) {
        log(`lighthouse ${page} (${path}) run ${run + 1}/${runs}`);
        const lhr = await lighthouseReport(new URL(path, origin).toString(), chrome.port, log);
        const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
        const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)?.items ??
          []) as NetworkRequestItem[];
        samples.push({
          page,
          path,
          performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          seoScore: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          firstContentfulPaintMs: numeric('first-contentful-paint'),
          largestContentfulPaintMs: numeric('largest-contentful-paint'),
          totalBlockingTimeMs: numeric('total-blocking-time'),
          transferredBytes: numeric('total-byte-weight'),
          scriptTransferredBytes: requests
            .filter((request) => request.resourceType === 'Script')
            .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
        });
      }
      measurements.push({
        page,
        path,
        performanceScore: median(samples.map((sample) => sample.performanceScore)),
        seoScore: median(samples.map((sample) => sample.seoScore)),
        firstContentfulPaintMs: median(samples.map((sample) => sample.firstContentfulPaintMs)),
        largestContentfulPaintMs: median(samples.map((sample) => sample.largestContentfulPaintMs)),
        totalBlockingTimeMs: median(samples.map((sample) => sample.totalBlockingTimeMs)),
        transferredBytes: median(samples.map((sample) => sample.transferredBytes)),
        scriptTransferredBytes: median(samples.map((sample) => sample.scriptTransferredBytes)),
      });
    }
    return measurements;
  } finally {
    chrome.kill();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(0);

export function formatPageTable(measurements: readonly PageMeasurement[]): string {
  return formatTable(measurements, [
    { header: 'page', value: (row) => row.page, align: 'left' },
    { header: 'performance', value: (row) => String(row.performanceScore) },
    { header: 'FCP s', value: (row) => (row.firstContentfulPaintMs / 1000).toFixed(2) },
    { header: 'LCP s', value: (row) => (row.largestContentfulPaintMs / 1000).toFixed(2) },
    { header: 'TBT ms', value: (row) => row.totalBlockingTimeMs.toFixed(0) },
    { header: 'transferred KiB', value: (row) => kib(row.transferredBytes) },
    { header: 'JS KiB (as sent)', value: (row) => kib(row.scriptTransferredBytes) },
    { header: 'SEO', value: (row) => String(row.seoScore) },
  ]);
}

/**
 * The page bench against `BENCH_PAGES_URL` when set (a running Tessera), otherwise against a fresh
 * server on embedded PGlite with the demo catalogue, serving the built web app (npx vite build first).
 */
export async function benchPagesSuite(runs: number, log: (line: string) => void): Promise<PageMeasurement[]> {
  const given = process.env.BENCH_PAGES_URL;
  if (given) return benchPages(given, runs, log);
  if (!existsSync(fileURLToPath(new URL('../../dist/web/index.html', import.meta.url))))
    throw new Error('The page bench serves the built app: run `npx vite build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-bench-pages-'));
  const server = await startServer(configFromEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), log);
  try {
    return await benchPages(server.address.replace('0.0.0.0', '127.0.0.1'), runs, log);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
