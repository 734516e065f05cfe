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
 * Helmet's middleware is built once here: @fastify/helmet built it (parsing the CSP again) for every
 * request, an eighth of a cached answer's time under load.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
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
  const setSecurityHeaders = helmet(helmetOptions);
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
}
