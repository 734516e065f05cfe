import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import MarkdownIt from 'markdown-it';

import type { BlogPost } from '../../domain/content/blog-post.js';
import { escapeHtml } from '../../domain/shared/html.js';

export type { BlogPost };

/** Raw HTML in markdown is shown as text, never passed on; markdown-it also refuses javascript: and data: links. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const EXCERPT_LENGTH = 180;
const FEED_TIMEOUT_MS = 5_000;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment, one entry per block (paragraph, heading, list item); scripts and styles dropped. */
export function htmlToTextBlocks(html: string): string[] {
  const withoutCode = html.replace(/<(script|style|iframe|noscript)\b[\s\S]*?<\/\1\s*>/giu, ' ');
  const blockBroken = withoutCode.replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/div|\/blockquote|\/figure|\/tr)\b[^>]*>/giu, '\n');
  const text = decodeEntities(blockBroken.replace(/<[^>]*>/gu, ' '));
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line.length > 0);
}

function excerptOf(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  return `${text.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/u, '')}…`;
}

function safeHttpUrl(url: string | undefined): string | null {
  if (url === undefined) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

// --- Markdown files in the repository ---

/** Splits `---\nkey: value\n---\nbody`; list values are comma-separated. */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/u.exec(source);
  if (match === null) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/u)) {
    const separator = line.indexOf(':');
    if (separator > 0)
      fields[line.slice(0, separator).trim()] = line
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/u, '$1');
  }
  return { fields, body: match[2] ?? '' };
}

export function postFromMarkdown(id: string, source: string): BlogPost {
  const { fields, body } = parseFrontMatter(source);
  const contentHtml = markdown.render(body);
  const date = fields.date ? new Date(fields.date) : null;
  return {
    id,
    title: fields.title ?? id,
    date: date !== null && !Number.isNaN(date.getTime()) ? date.toISOString() : new Date(0).toISOString(),
    excerpt: fields.excerpt ?? excerptOf(htmlToTextBlocks(contentHtml).join(' ')),
    tags: (fields.tags ?? '')
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
    imageUrl: safeHttpUrl(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/u.exec(body)?.[1]),
    contentHtml,
    link: null,
  };
}

export async function readMarkdownPosts(directory: string): Promise<BlogPost[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.md'));
  const posts = await Promise.all(
    names.map(async (name) => postFromMarkdown(name.replace(/\.md$/u, ''), await readFile(join(directory, name), 'utf8'))),
  );
  return newestFirst(posts);
}

// --- A WordPress-style JSON feed ---

interface FeedPost {
  id?: unknown;
  date?: unknown;
  link?: unknown;
  title?: { rendered?: unknown };
  content?: { rendered?: unknown };
  excerpt?: { rendered?: unknown };
  class_list?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * One post of the feed (id, title.rendered, content.rendered, excerpt.rendered, date, link, class_list
 * with tag-* entries). The feed's HTML is not trusted: only its text survives, re-wrapped in paragraphs.
 */
export function postFromFeed(raw: FeedPost): BlogPost | null {
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id) : null;
  const title = htmlToTextBlocks(text(raw.title?.rendered)).join(' ');
  if (id === null || title === '') return null;
  const contentHtmlFromFeed = text(raw.content?.rendered);
  const blocks = htmlToTextBlocks(contentHtmlFromFeed);
  const date = new Date(text(raw.date));
  const link = safeHttpUrl(text(raw.link) || undefined);
  return {
    id,
    title,
    date: Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString(),
    excerpt: excerptOf(htmlToTextBlocks(text(raw.excerpt?.rendered)).join(' ') || blocks.join(' ')),
    tags: (Array.isArray(raw.class_list) ? raw.class_list : [])
      .filter((entry): entry is string => typeof entry === 'string' && entry.startsWith('tag-'))
      .map((entry) => entry.slice('tag-'.length).replaceAll('-', ' ')),
    imageUrl: safeHttpUrl(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/iu.exec(contentHtmlFromFeed)?.[1]),
    contentHtml: blocks.map((block) => `<p>${escapeHtml(block)}</p>`).join('\n'),
    link: link !== null && /^https?:/u.test(link) ? link : null,
  };
}

export async function fetchFeedPosts(feedUrl: string): Promise<BlogPost[]> {
  const response = await fetch(feedUrl, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The blog feed answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('The blog feed did not answer a list of posts');
  return newestFirst(body.map((entry) => postFromFeed(entry as FeedPost)).filter((post): post is BlogPost => post !== null));
}

function newestFirst(posts: BlogPost[]): BlogPost[] {
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
