import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../../domain/shared/events.js';

/**
 * Server-side fetches of addresses people give us (the create form's page reader, the bulk
 * import's images): http(s) only, public addresses only (SSRF), bounded in time, size and redirects.
 */
export const PUBLIC_FETCH_MESSAGES = {
  notHttp: 'Please enter a valid URL starting with http:// or https://',
  notPublic: 'Only public web addresses can be fetched.',
} as const;

export interface PublicFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Only for tests against a local server: private and loopback addresses are otherwise refused (SSRF). */
  allowPrivateAddresses: boolean;
}

/** Addresses a server-side fetch must never reach: loopback, private, link-local, CGNAT, multicast, reserved. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address);
  if (mapped) return !NON_PUBLIC.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class NotPublicError extends Error {}

/** DNS lookup that refuses non-public answers; the socket connects to the address checked here (no rebinding in between). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0 || usable.length !== addresses.length) return callback(new NotPublicError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export function httpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notHttp);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notHttp);
  if (url.username || url.password) throw new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notHttp);
  return url;
}

/** A host written as an IP address never goes through DNS: check it here. */
export function refuseLiteralPrivateHost(url: URL, limits: Pick<PublicFetchLimits, 'allowPrivateAddresses'>): void {
  const host = url.hostname.replace(/^\[|\]$/gu, '');
  if (!limits.allowPrivateAddresses && isIP(host) !== 0 && !isPublicAddress(host))
    throw new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notPublic);
  if (!limits.allowPrivateAddresses && (host === 'localhost' || host.endsWith('.localhost')))
    throw new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notPublic);
}

type Answer = { kind: 'body'; body: Buffer; truncated: boolean } | { kind: 'redirect'; location: string } | { kind: 'unreadable' };

function requestOnce(
  url: URL,
  limits: PublicFetchLimits,
  deadline: number,
  accept: string,
  contentType: RegExp,
  userAgent: string,
): Promise<Answer> {
  return new Promise<Answer>((resolveAnswer, reject) => {
    // A hard deadline for the whole exchange, so a server that trickles bytes cannot hold us.
    const timer = setTimeout(() => request.destroy(new Error('timeout')), Math.max(1, deadline - Date.now()));
    const resolve = (answer: Answer) => {
      clearTimeout(timer);
      resolveAnswer(answer);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: guardedLookup(limits.allowPrivateAddresses), headers: { accept, 'user-agent': userAgent } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ kind: 'redirect', location: response.headers.location });
        }
        if (status !== 200 || !contentType.test(String(response.headers['content-type'] ?? ''))) {
          response.resume();
          return resolve({ kind: 'unreadable' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) =>
          resolve({ kind: 'body', body: Buffer.concat(chunks).subarray(0, limits.maxBytes), truncated });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= limits.maxBytes) {
            response.destroy();
            finish(true);
          }
        });
        response.on('end', () => finish(false));
        response.on('error', () => resolve({ kind: 'unreadable' }));
        response.on('close', () => resolve({ kind: 'unreadable' }));
      },
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof NotPublicError) reject(new DomainError('invalid', PUBLIC_FETCH_MESSAGES.notPublic));
      else resolve({ kind: 'unreadable' });
    });
  });
}

/**
 * GETs a public http(s) address, following at most `maxRedirects` redirects (each checked again),
 * and answers the body when the answer is 200 with a matching content type; null otherwise.
 * `truncated`: the body reached `maxBytes` and the rest was not read. A non-public address throws.
 */
export async function fetchPublic(
  value: string,
  limits: PublicFetchLimits,
  what: { accept: string; contentType: RegExp; userAgent: string },
): Promise<{ body: Buffer; truncated: boolean; url: URL } | null> {
  let url = httpUrl(value);
  const deadline = Date.now() + limits.timeoutMs;
  for (let redirects = 0; ; redirects += 1) {
    refuseLiteralPrivateHost(url, limits);
    const answer = await requestOnce(url, limits, deadline, what.accept, what.contentType, what.userAgent);
    if (answer.kind === 'unreadable') return null;
    if (answer.kind === 'body') return { body: answer.body, truncated: answer.truncated, url };
    if (redirects >= limits.maxRedirects) return null;
    url = httpUrl(new URL(answer.location, url).href);
  }
}

/** What became of one POST: the answer's status, or why there was none. */
export type PostOutcome = { statusCode: number } | { error: string };

/**
 * POSTs a body to a public http(s) address (webhook deliveries): the same SSRF guard as fetchPublic
 * (literal and resolved addresses checked, the socket connects to the checked one), redirects not
 * followed (a 3xx is the answer), the answer's body read and dropped, all within `timeoutMs`.
 */
export function postPublic(
  value: string,
  body: string,
  headers: Record<string, string>,
  limits: Pick<PublicFetchLimits, 'timeoutMs' | 'allowPrivateAddresses'>,
  signal?: AbortSignal,
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = httpUrl(value);
    refuseLiteralPrivateHost(url, limits);
  } catch (error) {
    return Promise.resolve({ error: error instanceof Error ? error.message : String(error) });
  }
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(limits.allowPrivateAddresses),
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => settle({ statusCode: response.statusCode ?? 0 }));
        response.on('error', () => settle({ error: 'The connection broke while the answer was read' }));
      },
    );
    const timer = setTimeout(() => {
      settle({ error: `No answer within ${limits.timeoutMs} ms (time-out)` });
      request.destroy();
    }, limits.timeoutMs);
    const abort = () => {
      settle({ error: 'Stopped' });
      request.destroy();
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof NotPublicError) settle({ error: PUBLIC_FETCH_MESSAGES.notPublic });
      else settle({ error: error.code ? `Connection failed (${error.code})` : error.message });
    });
    request.end(body);
  });
}
