import { fetchPublic, httpUrl, PUBLIC_FETCH_MESSAGES, type PublicFetchLimits } from '../security/public-fetch.js';
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
  notHttp: PUBLIC_FETCH_MESSAGES.notHttp,
  notPublic: PUBLIC_FETCH_MESSAGES.notPublic,
} as const;

export type PageReadLimits = PublicFetchLimits;

export const DEFAULT_PAGE_READ_LIMITS: PageReadLimits = {
  timeoutMs: 3_000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
  allowPrivateAddresses: false,
};

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
  for (const match of tag.matchAll(/([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/giu))
    found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
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
      const platform = appForUrl(httpUrl(value).href);
      const notFound: TemplateSuggestion = {
        found: false,
        message: SUGGESTION_MESSAGES.notFound,
        type: null,
        platform,
        title: null,
        description: null,
        instructions: null,
      };
      // The head (title and description) comes first: a page cut at the size cap is read as far as it came.
      const page = await fetchPublic(value, limits, {
        accept: 'text/html,application/xhtml+xml',
        contentType: /text\/html|application\/xhtml\+xml/iu,
        userAgent: 'TesseraBot/0.1 (+template suggestions)',
      });
      if (page === null) return notFound;
      const { title, description } = readPageMetadata(page.body.toString('utf8'));
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
    },
  };
}
