import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Google Identity Services (sign in with Google) loads its script, frame and styles from here. */
const GOOGLE_IDENTITY_ORIGIN = 'https://accounts.google.com';
/** HSTS: a year, the usual value for sites that are https only. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Security headers on every answer (pages and API), with helmet: a CSP that allows no inline
 * script and no framing, nosniff, a referrer policy, and HSTS only when the public address is
 * https (over plain http it would be ignored at best, and lock a local install out at worst).
 * Helmet's headers are the same for every answer (no directive depends on the request: no nonce),
 * so helmet runs once, at start, and each answer gets what it set as one object on the reply. Running
 * its twelve middlewares per request, each with its own setHeader, was 6 % of a kept page's server time.
 * Answers the headers, for answers sent without Fastify (kept pages, see kept-pages.ts).
 */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): OutgoingHttpHeaders {
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `${GOOGLE_IDENTITY_ORIGIN}/gsi/client`],
        // React sets style properties through the DOM, which CSP does not govern; Google's button brings a stylesheet.
        styleSrc: ["'self'", `${GOOGLE_IDENTITY_ORIGIN}/gsi/style`],
        // Server-rendered pages carry React's style properties as attributes (a banner's offset, a
        // card's placeholder colour); attributes cannot run code, and <style> elements stay refused.
        styleSrcAttr: ["'unsafe-inline'"],
        // Template screenshots may be links to images elsewhere; a picture chosen for upload is
        // previewed and compressed in the browser from a blob: URL.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", `${GOOGLE_IDENTITY_ORIGIN}/gsi/`],
        frameSrc: [`${GOOGLE_IDENTITY_ORIGIN}/gsi/`],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin images (screenshots hosted elsewhere) must keep loading.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
  const securityHeaders = headersSetBy(helmet(helmetOptions));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  return securityHeaders;
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware that depends on nothing of the request sets on an answer. */
function headersSetBy(middleware: Middleware): OutgoingHttpHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  middleware(response.req, response, (error) => (failure = error));
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return response.getHeaders();
}
