import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COMPRESSION_THRESHOLD_BYTES,
  DYNAMIC_BROTLI_QUALITY,
  encodingFor,
  KEPT_ANSWER_BROTLI_QUALITY,
  type Encoding,
} from './web-serving.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The read models (projection names) the route's answer to a visitor without a session is
     * computed from, when it depends on nothing else but the URL: it may then be served from the
     * public answer cache until one of them changes (see installPublicAnswerCache).
     */
    publicCache?: readonly string[];
    /**
     * With publicCache: the answer never depends on who asks (no personal field, nothing shown by
     * role), so signed-in viewers are served from the public answer cache as well — while the
     * marks of its read models are exact here, so whoever wrote sees their write at once.
     */
    sameForEveryViewer?: boolean;
  }
}

/** Distinct API URLs kept at once (search texts are endless); the least recently served goes first. */
export const PUBLIC_CACHE_MAX_ENTRIES = 2_000;
/** Distinct rendered pages kept at once: a page weighs some 100 KB, an API answer a few. */
export const PUBLIC_PAGE_CACHE_MAX_ENTRIES = 200;
/**
 * A kept answer is recomputed after this long even if no read model moved: a few answers depend on
 * the clock as well (the 90-day popularity window), and a minute late at a window's edge is harmless.
 */
export const PUBLIC_CACHE_MAX_AGE_MS = 60_000;
/** Says on every answer of a cacheable route or page whether it came from the cache (the tests and the bench read it). */
export const PUBLIC_CACHE_HEADER = 'x-public-cache';

/** Per read model, the text of its mark (see ProjectionRunner.readModelMarks); read in memory, per request. */
export type ReadModelMarks = () => ReadonlyMap<string, string>;

export interface MarkSource {
  marks: ReadModelMarks;
  /** Read models whose marks may lag a commit (reread from the database: another process runs them). */
  lagging: () => ReadonlySet<string>;
}

interface CachedAnswer {
  /** The read models it was computed from, and their marks taken before it was. */
  readModels: readonly string[];
  marks: string;
  status: number;
  /** Encoded once: measuring or encoding a 100 KB page's text on every request was a third of its time. */
  body: Buffer;
  contentType: string;
  etag: string;
  storedAt: number;
  /** Compressed once per encoding, on first demand. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Kept answers by key, the least recently served dropped first beyond `maxEntries`. */
class AnswerShelf {
  readonly #answers = new Map<string, CachedAnswer>();

  constructor(
    private readonly maxEntries: number,
    private readonly marksNow: ReadModelMarks,
  ) {}

  marksOf(readModels: readonly string[]): string {
    const now = this.marksNow();
    return readModels.map((name) => `${name}:${now.get(name) ?? '-'}`).join(',');
  }

  /** The answer kept for `key` while its read models have not moved and it is young enough. */
  fresh(key: string): CachedAnswer | undefined {
    const answer = this.#answers.get(key);
    if (!answer || answer.marks !== this.marksOf(answer.readModels) || Date.now() - answer.storedAt >= PUBLIC_CACHE_MAX_AGE_MS)
      return undefined;
    this.#answers.delete(key);
    this.#answers.set(key, answer);
    return answer;
  }

  keep(key: string, answer: Omit<CachedAnswer, 'body' | 'etag' | 'storedAt' | 'compressed'> & { body: string }): CachedAnswer {
    this.#answers.delete(key);
    if (this.#answers.size >= this.maxEntries) this.#answers.delete(this.#answers.keys().next().value!);
    const body = Buffer.from(answer.body);
    const kept = {
      ...answer,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      storedAt: Date.now(),
      compressed: {},
    };
    this.#answers.set(key, kept);
    return kept;
  }
}

/** What a page's render read: the marks of the read models behind the API answers it used, each as first seen. */
interface PageReads {
  marks: Map<string, string>;
  /** False once it used an answer that is not a public one (no publicCache route, or a server error). */
  public: boolean;
}
const pageReads = new AsyncLocalStorage<PageReads>();

/** A rendered page, the same for every visitor (it is rendered without the visitor's session). */
export interface PublicPage {
  status: number;
  contentType: string;
  body: string;
}

/** A kept page as it is sent: its bytes, compressed once per encoding on first demand. */
export interface KeptPage {
  readonly contentType: string;
  readonly etag: string;
  /** The page in `encoding` (undefined: as it is); small pages always as they are. */
  body(encoding: Encoding | undefined): { bytes: Buffer; encoding: Encoding | undefined };
}

export interface PublicPageCache {
  /** The page kept under `key` while the read models its render read have not moved: nothing is rendered. */
  kept(key: string): KeptPage | undefined;
  /**
   * Sends the page kept under `key` while the read models its render read have not moved;
   * otherwise renders it and keeps it when it is a 200 built from public answers only. `render`
   * answers null for what is not a page to keep (a redirect, the app's bare shell), having sent it.
   * `readModels` declares what a render reads other than through the API (the page's head).
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    render: (readModels: (names: readonly string[]) => void) => Promise<PublicPage | null>,
  ): Promise<FastifyReply>;
}

/**
 * CQRS's cheap read: a public route's answer to a visitor without a session is a function of the
 * URL and the read models it reads, so it is kept serialised (and compressed) with those read
 * models' marks and served again while they are the same (to signed-in viewers too on routes
 * whose answer is the same for every viewer: `sameForEveryViewer`). The marks are kept in memory by the
 * projection runner (moved after each commit; another process's commits are seen within the
 * runner's follower recheck), so a cached answer costs no database round trip. Requests with a
 * valid session touch the API cache only there: elsewhere their answers carry personal fields. Server-rendered
 * pages are kept the same way (see PublicPageCache): the marks of what their render read.
 */
export function installPublicAnswerCache(app: FastifyInstance, options: { readModels: readonly string[] } & MarkSource): PublicPageCache {
  const answers = new AnswerShelf(PUBLIC_CACHE_MAX_ENTRIES, options.marks);
  const pages = new AnswerShelf(PUBLIC_PAGE_CACHE_MAX_ENTRIES, options.marks);
  const pending = new WeakMap<FastifyRequest, { readModels: readonly string[]; marks: string }>();
  const servedPublicly = new WeakSet<FastifyRequest>();
  /**
   * Answers being computed, by URL: a request for one arriving meanwhile waits for it instead of
   * computing it too. Fifty visitors at once on an uncached typo search of 100 000 templates each ran
   * the correction (p99 1.4 s); every move of a read model the answer reads sends them all there again.
   */
  const computing = new Map<string, { request: FastifyRequest; settled: Promise<void>; settle: () => void }>();
  const settleComputation = (request: FastifyRequest) => {
    const computation = computing.get(request.url);
    if (computation?.request !== request) return;
    computing.delete(request.url);
    computation.settle();
  };

  app.addHook('onRoute', (route) => {
    const unknown = (route.config?.publicCache ?? []).filter((name) => !options.readModels.includes(name));
    if (unknown.length > 0) throw new Error(`Route ${route.url} caches on unknown read models: ${unknown.join(', ')}`);
  });

  app.addHook('preHandler', async (request, reply) => {
    const { publicCache: readModels, sameForEveryViewer } = request.routeOptions.config;
    if (!readModels || request.method !== 'GET') return;
    if (request.viewer !== null) {
      const lagging = options.lagging();
      if (sameForEveryViewer !== true || readModels.some((name) => lagging.has(name))) return;
    }
    servedPublicly.add(request);
    // Taken before the answer is computed: it is at least as new as they say.
    const marks = answers.marksOf(readModels);
    const reads = pageReads.getStore();
    if (reads) recordReads(reads, readModels, options.marks());
    let answer = answers.fresh(request.url);
    const underWay = computing.get(request.url);
    // Taken only if its marks are still the current ones once it is done (as for any kept answer).
    if (!answer && underWay) answer = await underWay.settled.then(() => answers.fresh(request.url));
    if (answer) return sendCached(request, reply, answer);
    pending.set(request, { readModels, marks });
    if (!computing.has(request.url)) {
      let settle = () => {};
      const settled = new Promise<void>((resolve) => (settle = resolve));
      computing.set(request.url, { request, settled, settle });
    }
    reply.header(PUBLIC_CACHE_HEADER, 'miss');
  });
  // Whatever became of the answer (kept, an error, the visitor gone), its waiters go on.
  app.addHook('onResponse', async (request) => settleComputation(request));
  app.addHook('onRequestAbort', async (request) => settleComputation(request));

  // Registered before compression and ETags, so it sees the answer as serialised.
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = pageReads.getStore();
    if (reads && (!servedPublicly.has(request) || reply.statusCode >= 500)) reads.public = false;
    const computed = pending.get(request);
    if (computed === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    reply.header('etag', answers.keep(request.url, { ...computed, status: 200, body: payload, contentType }).etag);
    settleComputation(request);
    return payload;
  });

  /** Renders under way by key: a visitor arriving meanwhile waits for it rather than rendering the page again. */
  const rendering = new Map<string, Promise<unknown>>();

  return {
    kept(key) {
      const answer = pages.fresh(key);
      return answer && { contentType: answer.contentType, etag: answer.etag, body: (encoding) => keptBody(answer, encoding) };
    },
    async serve(request, reply, key, render) {
      let kept = pages.fresh(key);
      const underWay = rendering.get(key);
      // Taken only if its marks are still the current ones once it is done (as for any kept page).
      if (!kept && underWay) kept = await underWay.then(() => pages.fresh(key));
      if (kept) return sendCached(request, reply, kept);
      const work = (async () => {
        const reads: PageReads = { marks: new Map(), public: true };
        const page = await pageReads.run(reads, () => render((names) => recordReads(reads, names, options.marks())));
        if (page === null || page.status !== 200 || !reads.public) return { page, kept: null };
        const readModels = [...reads.marks.keys()];
        const marks = readModels.map((name) => `${name}:${reads.marks.get(name)}`).join(',');
        return { page, kept: pages.keep(key, { readModels, marks, status: 200, body: page.body, contentType: page.contentType }) };
      })();
      // Settles once the page is kept (or is not to be kept), so a waiter finds it.
      const done = work.then(
        () => undefined,
        () => undefined,
      );
      rendering.set(key, done);
      const { page, kept: rendered } = await work.finally(() => {
        if (rendering.get(key) === done) rendering.delete(key);
      });
      if (page === null) return reply;
      if (rendered) return sendCached(request, reply.header(PUBLIC_CACHE_HEADER, 'miss'), rendered);
      return sendUnkept(request, reply, page);
    },
  };
}

function recordReads(reads: PageReads, readModels: readonly string[], now: ReadonlyMap<string, string>): void {
  // The first mark seen is the oldest: the page is at least as new as it, perhaps newer.
  for (const name of readModels) if (!reads.marks.has(name)) reads.marks.set(name, now.get(name) ?? '-');
}

/**
 * A page that is not kept (a 404, one built from answers not kept) goes out compressed all the same:
 * pages are answered by the not-found handler, which @fastify/compress does not see (it hooks routes only).
 */
function sendUnkept(request: FastifyRequest, reply: FastifyReply, page: PublicPage): FastifyReply {
  reply.status(page.status).type(page.contentType);
  const body = Buffer.from(page.body);
  const encoding = body.length < COMPRESSION_THRESHOLD_BYTES ? undefined : encodingFor(request);
  if (encoding === undefined) return reply.send(body);
  reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return reply.send(compress(body, encoding, DYNAMIC_BROTLI_QUALITY));
}

/** A kept answer's bytes in `encoding`, compressed the first time they are asked for. */
function keptBody(answer: CachedAnswer, encoding: Encoding | undefined): { bytes: Buffer; encoding: Encoding | undefined } {
  if (encoding === undefined || answer.body.length < COMPRESSION_THRESHOLD_BYTES) return { bytes: answer.body, encoding: undefined };
  return { bytes: (answer.compressed[encoding] ??= compress(answer.body, encoding, KEPT_ANSWER_BROTLI_QUALITY)), encoding };
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  if (!reply.hasHeader(PUBLIC_CACHE_HEADER)) reply.header(PUBLIC_CACHE_HEADER, 'hit');
  reply.status(answer.status).header('content-type', answer.contentType).header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const { bytes, encoding } = keptBody(answer, encodingFor(request));
  if (encoding === undefined) return reply.send(bytes);
  // A Content-Encoding already set tells @fastify/compress to leave the answer alone.
  reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return reply.send(bytes);
}

function compress(body: Buffer, encoding: Encoding, brotliQuality: number): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } }) : gzipSync(body);
}
