import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../../domain/shared/events.js';
import { TEMPLATE_LIMITS } from '../../domain/templates/rules.js';
import { appForUrl, topicForText, type TemplateSuggestion } from '../../domain/templates/url-hints.js';

/** The AI port's template-from-URL suggestion (spec: POST /zapier/templateFromUrl). */
export interface TemplateSuggester {
  readonly mode: 'offline';
  suggest(url: string): Promise<TemplateSuggestion>;
}

export const SUGGESTION_MESSAGES = {
  found: 'We read the page and filled in what we found. Please check it before you create the post.',
  notFound: 'We could not read this page. Please fill in the fields yourself.',
  notHttp: 'Please enter a valid URL starting with http:// or https://',
  notPublic: 'Only public web addresses can be fetched.',
} as const;

export interface PageReadLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Only for tests against a local server: private and loopback addresses are otherwise refused (SSRF). */
  allowPrivateAddresses: boolean;
}

export const DEFAULT_PAGE_READ_LIMITS: PageReadLimits = { timeoutMs: 3_000, maxBytes: 512 * 1024, maxRedirects: 3, allowPrivateAddresses: false };

/** Addresses a server-side fetch must never reach: loopback, private, link-local, CGNAT, multicast, reserved. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64]] as const) {
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

function httpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new DomainError('invalid', SUGGESTION_MESSAGES.notHttp);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('invalid', SUGGESTION_MESSAGES.notHttp);
  if (url.username || url.password) throw new DomainError('invalid', SUGGESTION_MESSAGES.notHttp);
  return url;
}

/** A host written as an IP address never goes through DNS: check it here. */
function refuseLiteralPrivateHost(url: URL, limits: PageReadLimits): void {
  const host = url.hostname.replace(/^\[|\]$/gu, '');
  if (!limits.allowPrivateAddresses && isIP(host) !== 0 && !isPublicAddress(host)) throw new DomainError('invalid', SUGGESTION_MESSAGES.notPublic);
  if (!limits.allowPrivateAddresses && (host === 'localhost' || host.endsWith('.localhost'))) throw new DomainError('invalid', SUGGESTION_MESSAGES.notPublic);
}

type PageAnswer = { kind: 'page'; html: string } | { kind: 'redirect'; location: string } | { kind: 'unreadable' };

function requestPage(url: URL, limits: PageReadLimits, deadline: number): Promise<PageAnswer> {
  return new Promise<PageAnswer>((resolvePage, reject) => {
    // A hard deadline for the whole exchange, so a server that trickles bytes cannot hold us.
    const timer = setTimeout(() => request.destroy(new Error('timeout')), Math.max(1, deadline - Date.now()));
    const resolve = (answer: PageAnswer) => {
      clearTimeout(timer);
      resolvePage(answer);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: guardedLookup(limits.allowPrivateAddresses), headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': 'TesseraBot/0.1 (+template suggestions)' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ kind: 'redirect', location: response.headers.location });
        }
        const type = String(response.headers['content-type'] ?? '');
        if (status !== 200 || !/text\/html|application\/xhtml\+xml/iu.test(type)) {
          response.resume();
          return resolve({ kind: 'unreadable' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ kind: 'page', html: Buffer.concat(chunks).subarray(0, limits.maxBytes).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // The head (title and description) comes first: stop reading at the cap and use what arrived.
          if (size >= limits.maxBytes) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', () => resolve({ kind: 'unreadable' }));
        response.on('close', () => resolve({ kind: 'unreadable' }));
      },
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof NotPublicError) reject(new DomainError('invalid', SUGGESTION_MESSAGES.notPublic));
      else resolve({ kind: 'unreadable' });
    });
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeText(value: string): string {
  return value
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16) || 32);
      if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10) || 32);
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/gu, ' ')
    .trim();
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/giu)) found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  return found;
}

/** The page's title and description: <title> / og:title, meta description / og:description. */
export function readPageMetadata(html: string): { title: string | null; description: string | null } {
  const metas = [...html.matchAll(/<meta\s[^>]*>/giu)].map((match) => attributes(match[0]));
  const meta = (...names: string[]) => metas.find((entry) => names.includes((entry.name ?? entry.property ?? '').toLowerCase()))?.content;
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/iu.exec(html)?.[1];
  const title = decodeText(titleTag ?? meta('og:title') ?? '');
  const description = decodeText(meta('description', 'og:description') ?? '');
  return { title: title || null, description: description || null };
}

function clip(value: string | null, limit: number): string | null {
  return value === null ? null : value.length <= limit ? value : value.slice(0, limit).trimEnd();
}

/**
 * The offline suggester: without an AI key it reads the page's title and description itself,
 * over http(s) only, to public addresses only, with a short timeout and a size cap.
 */
export function createPageMetadataSuggester(overrides: Partial<PageReadLimits> = {}): TemplateSuggester {
  const limits = { ...DEFAULT_PAGE_READ_LIMITS, ...overrides };
  return {
    mode: 'offline',
    async suggest(value) {
      let url = httpUrl(value);
      const platform = appForUrl(url.href);
      const notFound: TemplateSuggestion = { found: false, message: SUGGESTION_MESSAGES.notFound, type: null, platform, title: null, description: null, instructions: null };
      const deadline = Date.now() + limits.timeoutMs;
      for (let redirects = 0; ; redirects += 1) {
        refuseLiteralPrivateHost(url, limits);
        const answer = await requestPage(url, limits, deadline);
        if (answer.kind === 'unreadable') return notFound;
        if (answer.kind === 'redirect') {
          if (redirects >= limits.maxRedirects) return notFound;
          url = httpUrl(new URL(answer.location, url).href);
          continue;
        }
        const { title, description } = readPageMetadata(answer.html);
        if (title === null && description === null) return notFound;
        return {
          found: true,
          message: SUGGESTION_MESSAGES.found,
          type: topicForText(`${title ?? ''} ${description ?? ''}`),
          platform,
          title: clip(title, TEMPLATE_LIMITS.title),
          description: clip(description, TEMPLATE_LIMITS.description),
          instructions: null,
        };
      }
    },
  };
}
