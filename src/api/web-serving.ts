import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

import type { Schema } from '../adapters/db/schema.js';
import { isReadablePath } from '../domain/shared/text.js';
import { NOT_FOUND_PATH } from '../web/lib/paths.js';
import { PAGE_COOKIE_NAMES } from '../web/lib/shell-constants.js';
import { pageCookiesOf } from '../web/lib/page-cookies.js';
import type { ApiTransport } from '../web/lib/api-client.js';
import type { CreatePageRenderer } from '../web/entry-server.js';
import { withHeadTags } from '../web/app/head-tags.js';
import { PAGE_HEAD_READ_MODELS, platformFeeMetaTag, resourceHeadTags, resourcePageHead, siteHeadTags } from './page-meta.js';
import type { LinkOrigin } from './public-origin.js';
import type { PublicPageCache } from './read-cache.js';
import { BUILD_MANIFEST_PATH, routeChunkLists } from './route-preloads.js';
import { answerKeptPagesFirst } from './kept-pages.js';

/** Answers smaller than this go out as they are: compressing them saves less than the header costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1_024;
/** Brotli on the fly at a quality that costs about what gzip does; the build's files get the best quality. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/**
 * Brotli for a kept answer, compressed once and sent many times: 8–10 % smaller than the dynamic
 * quality for 0.3 ms more per compression (a 139 KB home page: 14.0 KB in 0.9 ms, 12.6 KB in 1.2 ms).
 * Above it the time triples for 1 % less.
 */
export const KEPT_ANSWER_BROTLI_QUALITY = 6;
/** Vite names every built asset by its content's hash: a changed file gets a new name, so browsers keep these for a year. */
const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the favicon, blog files) is checked with the server each time: its ETag makes that a 304. */
const REVALIDATED_CACHE_CONTROL = 'no-cache';
const HASHED_ASSETS_DIRECTORY = '/assets/';
const INDEX_HTML = 'index.html';
const HTML = 'text/html; charset=utf-8';

const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The compression the request accepts, brotli first; undefined: send the answer as it is. */
export function encodingFor(request: { headers: IncomingHttpHeaders }): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return undefined;
  // As @fastify/compress reads it: "*" and "x-gzip" mean gzip.
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * The address to route a request by: a browser's visit to a page whose address does not decode to
 * text (NUL, bytes that are not UTF-8, a lone surrogate) gets the app's not-found page, as an
 * unknown address does; the API and other clients keep their JSON 400.
 */
export function notFoundForUnreadablePage(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const path = url.split('?')[0]!;
  const pageVisit =
    (request.method === 'GET' || request.method === 'HEAD') &&
    path !== '/api' &&
    !path.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html');
  return pageVisit && !isReadablePath(path) ? NOT_FOUND_PATH : url;
}

/** ETags and compression for every answer (API and pages): installed before any route, as hooks apply to the routes after them. */
export async function installCompressionAndEtags(app: FastifyInstance): Promise<void> {
  // ETags first: they hash the answer as written, before compression turns it into a stream.
  await app.register(fastifyEtag);
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}

/** The built app's page template and what the build's manifest says, as of the build they came from. */
interface BuiltShell {
  /** Changes with every build: part of each kept page's key, so no page made from an older build is served again. */
  version: string;
  indexHtml: string;
  routeChunks: (routeModule: string) => readonly string[];
}

/**
 * How often a page request checks for a new build. Checking on every request (two stats) was a sixth
 * of a kept page's server time; a build takes seconds and deletes the old assets as it starts, so
 * noticing its index.html this much later adds nothing to the moments its pages are broken anyway.
 */
export const BUILD_RECHECK_MS = 500;

/**
 * The current build's shell. `npx vite build` on a running server replaces index.html and the
 * manifest, and deletes the files the old index.html names: serving the old one gives blank pages.
 * Every BUILD_RECHECK_MS at most, a page request stats both; the files are reread only when they changed.
 */
function currentBuiltShell(webRoot: string, headTags: readonly string[]): () => BuiltShell {
  const indexFile = join(webRoot, INDEX_HTML);
  const manifestFile = join(webRoot, BUILD_MANIFEST_PATH);
  const versionNow = (): string | undefined => {
    const index = statSync(indexFile, { throwIfNoEntry: false });
    if (index === undefined) return undefined;
    const manifest = statSync(manifestFile, { throwIfNoEntry: false });
    return `${index.mtimeMs}:${index.size}:${manifest?.mtimeMs}:${manifest?.size}`;
  };
  const read = (version: string): BuiltShell => ({
    version,
    indexHtml: withHeadTags(readFileSync(indexFile, 'utf8'), headTags),
    routeChunks: routeChunkLists(webRoot),
  });
  let shell = read(versionNow() ?? '');
  let checkedAt = performance.now();
  return () => {
    const now = performance.now();
    if (now - checkedAt < BUILD_RECHECK_MS) return shell;
    checkedAt = now;
    const version = versionNow();
    // Mid-build index.html is missing for a moment: the last one read serves until the new one is there.
    if (version !== undefined && version !== shell.version) shell = read(version);
    return shell;
  };
}

/** What a rendered page is kept under: the build, the origin of its links, the page cookies it was drawn with, and its address. */
function pageKey(buildVersion: string, origin: string, pageCookies: readonly string[], url: string): string {
  return `${buildVersion} ${origin} ${pageCookies.join(' ')} ${url}`;
}

/**
 * The server's own API for the page renderer's loaders: answered in process, and anonymous — no
 * cookie or header of the visitor goes along, so a rendered page holds no viewer's data.
 */
function inProcessApi(app: FastifyInstance): ApiTransport {
  return async (url, init) => {
    const method = (init.method ?? 'GET') as 'GET' | 'POST';
    const answer = await app.inject({
      method,
      url,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * When the web app is built: its files (precompressed by the build) and
 * the pages — public ones rendered on the server when a renderer is given (and kept in the public
 * page cache: a render is the same for every visitor), the others drawn by the app. Every link
 * they write is on `linkOrigin` (PUBLIC_URL): never the Host header.
 */
export async function installWebServing(
  app: FastifyInstance,
  deps: {
    db: Kysely<Schema>;
    pages: PublicPageCache;
    linkOrigin: LinkOrigin;
    /** The security headers every answer carries, for the kept pages answered without Fastify. */
    securityHeaders: OutgoingHttpHeaders;
    /** PLATFORM_FEE_PERCENT, named in every page for the texts that mention the commission. */
    platformFeePercent: number;
    webRoot?: string;
    createPageRenderer?: CreatePageRenderer;
  },
): Promise<void> {
  const originOf = deps.linkOrigin;

  const webRoot = deps.webRoot;
  if (!webRoot || !existsSync(join(webRoot, INDEX_HTML))) return;
  const staticFiles = {
    // The build writes .br and .gz beside each file; the one the browser accepts is sent as is.
    preCompressed: true,
    // Our own cache-control below, by kind of file, instead of the plugin's max-age=0.
    cacheControl: false,
  };
  // Files that keep their name: routes for those present at start (a wildcard here would take every page's path).
  await app.register(fastifyStatic, {
    ...staticFiles,
    root: webRoot,
    wildcard: false,
    index: false,
    globIgnore: [`${HASHED_ASSETS_DIRECTORY.slice(1)}**`],
    setHeaders: (response) => response.setHeader('cache-control', REVALIDATED_CACHE_CONTROL),
  });
  // Hashed files by a wildcard route, looked up per request: a rebuild on the running server writes new names.
  await app.register(fastifyStatic, {
    ...staticFiles,
    root: join(webRoot, HASHED_ASSETS_DIRECTORY),
    prefix: HASHED_ASSETS_DIRECTORY,
    decorateReply: false,
    setHeaders: (response) => response.setHeader('cache-control', HASHED_ASSET_CACHE_CONTROL),
  });
  // Every page, rendered here or drawn by the app, names the fee: the browser reads it from there, never asks.
  const builtShell = currentBuiltShell(webRoot, [platformFeeMetaTag(deps.platformFeePercent)]);
  const renderer =
    deps.createPageRenderer?.({
      apiTransport: inProcessApi(app),
      routeChunks: (routeModule) => builtShell().routeChunks(routeModule),
      platformFeePercent: deps.platformFeePercent,
    }) ?? null;

  // The last Host asked for and its links' origin: one visitor after another asks on the same one.
  let lastOrigin = { host: '', origin: '' };
  const originOfHost = (host: string) => {
    if (lastOrigin.host !== host) lastOrigin = { host, origin: originOf({ host }) };
    return lastOrigin.origin;
  };
  const noPageCookies = PAGE_COOKIE_NAMES.map(() => '');
  answerKeptPagesFirst(app, {
    keyOf: (url, host) => pageKey(builtShell().version, originOfHost(host), noPageCookies, url),
    kept: (key) => deps.pages.kept(key),
    securityHeaders: deps.securityHeaders,
    cacheControl: REVALIDATED_CACHE_CONTROL,
  });

  // A post's page comes with its title, description, social card tags and structured data (spec 2.3);
  // every public page is rendered on the server, with its canonical address. Other paths get the app.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ error: true, message: 'Not found' });
    const origin = originOf(request);
    reply.header('cache-control', REVALIDATED_CACHE_CONTROL);
    const cookies = pageCookiesOf((name) => request.cookies[name]);
    const { version, indexHtml } = builtShell();
    // The origin is PUBLIC_URL, or a loopback one while that is loopback: a page per origin, never one per Host header.
    // Pages kept from an earlier build are never served again (their keys name it) and fall off the shelf as new ones come.
    const cacheKey = pageKey(
      version,
      origin,
      PAGE_COOKIE_NAMES.map((name) => cookies[name] ?? ''),
      request.url,
    );
    return deps.pages.serve(request, reply, cacheKey, async (readModels) => {
      readModels(PAGE_HEAD_READ_MODELS);
      const head = await resourcePageHead(deps.db, request.url, origin);
      const template = withHeadTags(indexHtml, head === null ? siteHeadTags(origin, request.url) : resourceHeadTags(head, origin));
      const shell = { status: 200, contentType: HTML, body: template };
      if (renderer === null) return shell;

      const page = await renderer.render(request.url, { origin, template, cookies }).catch((error: unknown) => {
        // The app still draws the page in the browser: a rendering fault costs the head start, not the page.
        request.log.error({ err: error }, 'server rendering failed; the app draws the page');
        return { kind: 'client', status: 200 } as const;
      });
      if (page.kind === 'redirect') {
        await reply.redirect(page.location, page.status);
        return null;
      }
      if (page.kind === 'client') return { ...shell, status: page.status };
      return { status: page.status, contentType: HTML, body: await text(page.html) };
    });
  });
}
