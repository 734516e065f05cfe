import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY } from './web-serving.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer to a visitor without a session depends only on the URL and the read
     * models: it may be served from the public answer cache (see installPublicAnswerCache).
     */
    publicCache?: boolean;
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

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface CachedAnswer {
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
 * URL and the read models, so it is kept serialised (and compressed) under the read models'
 * positions and served again until any of them moves. The positions are read from the database
 * on every request (coalesced), so every server instance sees a commit of any other at once.
 * Requests with a valid session never touch the cache: their answers carry personal fields.
 */
export function installPublicAnswerCache(app: FastifyInstance, readPositions: () => Promise<string>): void {
  const positionsNow = coalescedReads(readPositions);
  let positions: string | null = null;
  const answers = new Map<string, CachedAnswer>();
  const pending = new WeakMap<FastifyRequest, { url: string; positions: string }>();

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.publicCache || request.method !== 'GET' || request.viewer !== null) return;
    const current = await positionsNow();
    if (current !== positions) {
      answers.clear();
      positions = current;
    }
    const answer = answers.get(request.url);
    if (answer && Date.now() - answer.storedAt < PUBLIC_CACHE_MAX_AGE_MS) return sendCached(request, reply, answer);
    if (answer) answers.delete(request.url);
    pending.set(request, { url: request.url, positions: current });
    reply.header(PUBLIC_CACHE_HEADER, 'miss');
  });

  // Registered before compression and ETags, so it sees the answer as serialised.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = pending.get(request);
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // Read models that moved while this answer was computed may already be in it: keep it only under positions still current.
    if (key.positions !== positions) return payload;
    if (answers.size >= PUBLIC_CACHE_MAX_ENTRIES) answers.delete(answers.keys().next().value!);
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    answers.set(key.url, { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), etag, storedAt: Date.now(), compressed: {} });
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

function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return undefined;
  // As @fastify/compress reads it: "*" and "x-gzip" mean gzip.
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

function compress(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } })
    : gzipSync(body);
}
