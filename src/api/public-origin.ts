import { isLoopback } from './local-request.js';

/**
 * The origin of every link the server writes (payment return, cancel and onboarding addresses; the
 * canonical, social card and structured data links of pages; robots.txt and the sitemap): the
 * configured public URL, never the request's Host header, which any client can set (an attacker's
 * `Host: evil.example` would have the provider send buyers there, or a shared cache keep pages
 * whose links point there). One exception keeps local use
 * working: while the public URL is a loopback one (PUBLIC_URL unset), a loopback host on the same
 * port is used as it came, since the session cookie belongs to the host the browser is on
 * (127.0.0.1 and localhost are different sites to it). `publicUrl` has no trailing slash, as in e-mail links.
 */
/** The origin of a request's links; one rule, built once from PUBLIC_URL and shared by every route that writes links. */
export type LinkOrigin = (request: { host: string }) => string;

export function linkOriginFor(publicUrl: string): LinkOrigin {
  const configured = new URL(publicUrl);
  if (!isLoopbackName(configured.hostname)) return () => publicUrl;
  return ({ host }) => {
    let asked: URL;
    try {
      asked = new URL(`${configured.protocol}//${host}`);
    } catch {
      return publicUrl;
    }
    return isLoopbackName(asked.hostname) && asked.port === configured.port && asked.username === '' && asked.password === ''
      ? asked.origin
      : publicUrl;
  };
}

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || isLoopback(hostname);
}
