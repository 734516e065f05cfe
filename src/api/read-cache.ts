import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY, encodingFor, type Encoding } from './web-serving.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The read models (projection names) the route's answer to a visitor without a session is
     * computed from, when it depends on nothing else but the URL: it may then be served from the
     * public answer cache until one of them changes (see installPublicAnswerCache).
     */
    publicCache?: readonly string[];
  }
}

/** Distinct URLs kept at once (search texts are endless); the oldest goes first. */
export const PUBLIC_CACHE_MAX_ENTRIES = 2_000;
/**
 * A kept answer is recomputed after this long even if no read model moved: a few answers depend on
 * the clock as well (the 90-day popularity window), and a minute late at a window's edge is harmless.
 */
export const PUBLIC_CACHE_MAX_AGE_MS = 60_000;
/** Says on every answer of a cacheable route whether it came from the cache (the tests and the bench read it). */
export const PUBLIC_CACHE_HEADER = 'x-public-cache';


interface CachedAnswer {
  /** The marks of the read models it was computed from. */
  marks: string;
  body: string;
  contentType: string;
  etag: string;
  storedAt: number;
  /** Compressed once per encoding, on first demand. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/**
 * Calls `read` so that every caller gets a result of a read that began after its call, while at
 * most one read runs and one waits: under load many requests share one read, and none is answered
 * from a read that may predate a commit its client had already seen.
 */
export function coalescedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  const ignore = () => undefined;
  return () => {
    if (running === null) return start();
    queued ??= running.then(ignore, ignore).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}

/**
 * CQRS's cheap read: a public route's answer to a visitor without a session is a function of the
 * URL and the read models it reads, so it is kept serialised (and compressed) with those read
 * models' change marks and served again while they are the same. The marks are read from the
 * database for every request (coalesced), so every server instance sees a commit of any other at
 * once. Requests with a valid session never touch the cache: their answers carry personal fields.
 */
export function installPublicAnswerCache(app: FastifyInstance, options: { readModels: readonly string[]; readMarks: () => Promise<ReadonlyMap<string, string>> }): void {
  const marksNow = coalescedReads(options.readMarks);
  const answers = new Map<string, CachedAnswer>();
  const pending = new WeakMap<FastifyRequest, string>();

  app.addHook('onRoute', (route) => {
    const unknown = (route.config?.publicCache ?? []).filter((name) => !options.readModels.includes(name));
    if (unknown.length > 0) throw new Error(`Route ${route.url} caches on unknown read models: ${unknown.join(', ')}`);
  });

  app.addHook('preHandler', async (request, reply) => {
    const readModels = request.routeOptions.config.publicCache;
    if (!readModels || request.method !== 'GET' || request.viewer !== null) return;
    const now = await marksNow();
    const marks = readModels.map((name) => `${name}:${now.get(name) ?? '-'}`).join(',');
    const answer = answers.get(request.url);
    if (answer && answer.marks === marks && Date.now() - answer.storedAt < PUBLIC_CACHE_MAX_AGE_MS) return sendCached(request, reply, answer);
    // The marks were read before the answer is computed: it is at least as new as they say.
    pending.set(request, marks);
    reply.header(PUBLIC_CACHE_HEADER, 'miss');
  });

  // Registered before compression and ETags, so it sees the answer as serialised.
  app.addHook('onSend', async (request, reply, payload) => {
    const marks = pending.get(request);
    if (marks === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    answers.delete(request.url);
    if (answers.size >= PUBLIC_CACHE_MAX_ENTRIES) answers.delete(answers.keys().next().value!);
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    answers.set(request.url, { marks, body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), etag, storedAt: Date.now(), compressed: {} });
    reply.header('etag', etag);
    return payload;
  });
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header(PUBLIC_CACHE_HEADER, 'hit').header('content-type', answer.contentType).header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const encoding = Buffer.byteLength(answer.body) < COMPRESSION_THRESHOLD_BYTES ? undefined : encodingFor(request);
  if (encoding === undefined) return reply.send(answer.body);
  // A Content-Encoding already set tells @fastify/compress to leave the answer alone.
  reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return reply.send((answer.compressed[encoding] ??= compress(answer.body, encoding)));
}

function compress(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } })
    : gzipSync(body);
}
