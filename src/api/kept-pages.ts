import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './logging.js';
import { PUBLIC_CACHE_HEADER, type KeptPage } from './read-cache.js';
import { encodingFor } from './web-serving.js';

/**
 * Headers that make a request one the kept pages' shortcut leaves to Fastify: a cookie (a session,
 * or the page cookies a kept page's key names), credentials, and a proxy's forwarded host (the
 * origin of a page's links may then come from it, see public-origin.ts).
 */
const HEADERS_LEFT_TO_FASTIFY = ['cookie', 'authorization', 'x-forwarded-host', 'forwarded'] as const;
/** Also left to Fastify while requests are logged: it logs the visitor's address behind a trusted proxy. */
const HEADERS_LEFT_TO_FASTIFY_WHEN_LOGGED = [...HEADERS_LEFT_TO_FASTIFY, 'x-forwarded-for'] as const;

/**
 * A server-rendered page kept for visitors without a session is a read model like any other: once
 * kept, answering it is sending bytes. Through Fastify a kept page cost five times a hello-world
 * (a child logger, the hooks of every route, async context for the page renders): this answers a
 * visitor who sends no cookie and no credentials from the page shelf before Fastify sees the
 * request, with the headers Fastify would have sent. Everything else, and a page not kept or kept
 * from read models that moved since, goes on to Fastify, which renders and keeps it. A signed-in
 * visitor always sends their session (a cookie or a bearer token), so never meets this shortcut.
 * Every request is still logged at info level: one line, as Fastify's "request completed".
 */
export function answerKeptPagesFirst(
  app: FastifyInstance,
  options: {
    /** The key the page of `url` is kept under for a visitor with no cookie, on the Host they asked. */
    keyOf: (url: string, host: string) => string;
    kept: (key: string) => KeptPage | undefined;
    securityHeaders: OutgoingHttpHeaders;
    cacheControl: string;
  },
): void {
  const server = app.server;
  const fastify = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (fastify.length !== 1) throw new Error(`Expected Fastify's one request listener, found ${fastify.length}`);
  // Fastify logs each request at info level and below.
  const logged = ['info', 'debug', 'trace'].includes(app.log.level);
  const leftToFastify = logged ? HEADERS_LEFT_TO_FASTIFY_WHEN_LOGGED : HEADERS_LEFT_TO_FASTIFY;
  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url === undefined) return false;
    const { headers } = request;
    if (headers.host === undefined || leftToFastify.some((name) => headers[name] !== undefined)) return false;
    const page = options.kept(options.keyOf(request.url, headers.host));
    if (page === undefined) return false;
    const startedAt = logged ? performance.now() : 0;
    const requestId = randomUUID();
    const sent: OutgoingHttpHeaders = {
      ...options.securityHeaders,
      [REQUEST_ID_HEADER]: requestId,
      'cache-control': options.cacheControl,
      [PUBLIC_CACHE_HEADER]: 'hit',
      'content-type': page.contentType,
      etag: page.etag,
    };
    if (headers['if-none-match'] === page.etag) {
      response.writeHead(304, sent).end();
    } else {
      const { bytes, encoding } = page.body(encodingFor(request));
      if (encoding !== undefined) Object.assign(sent, { vary: 'accept-encoding', 'content-encoding': encoding });
      sent['content-length'] = bytes.length;
      response.writeHead(200, sent).end(request.method === 'HEAD' ? undefined : bytes);
    }
    if (logged) {
      app.log.info(
        {
          reqId: requestId,
          // What the logger's request serializer reads of a Fastify request (logging.ts): it leaves the query out.
          req: { method: request.method, url: request.url, ip: request.socket.remoteAddress },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - startedAt,
        },
        'request completed',
      );
    }
    return true;
  };
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    try {
      if (answer(request, response)) return;
    } catch (error) {
      app.log.error({ err: error }, 'answering a kept page failed');
      // Half sent: the connection goes; otherwise Fastify answers as it would have.
      if (response.headersSent) return void response.destroy();
    }
    fastify[0]!(request, response);
  });
}
