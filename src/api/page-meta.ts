import type { Kysely } from 'kysely';

import type { Schema } from '../adapters/db/schema.js';
import { PUBLIC_STATUSES } from '../domain/templates/lifecycle.js';
import type { ResourceDetailAnswer } from '../domain/engagement/views.js';

type PageMeta = ResourceDetailAnswer['meta'];

/** The address of a resource's detail page (spec 2.3), whose metadata the server fills in. */
const RESOURCE_PAGE_PATH = /^\/resources\/([^/?#]+)\/?(?:[?#].*)?$/u;

/** A post's page metadata: the detail answer's `meta` and the HTML served at its address say the same. */
export function templatePageMeta(row: { title: string; description_short: string; image_urls: string[]; title_url: string }): PageMeta {
  return { title: `${row.title} | Tessera`, description: row.description_short, image: row.image_urls[0] ?? null, url: `/resources/${row.title_url}` };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * The app's index.html with a page's title, description and social card tags in its head, so
 * link previews and search engines see the post without running the app.
 */
export function withPageMeta(indexHtml: string, meta: PageMeta, origin: string): string {
  const absolute = (path: string) => new URL(path, origin).toString();
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(absolute(meta.url))}" />`,
    ...(meta.image === null ? [] : [`<meta property="og:image" content="${escapeHtml(absolute(meta.image))}" />`]),
    `<meta name="twitter:card" content="${meta.image === null ? 'summary' : 'summary_large_image'}" />`,
  ];
  return indexHtml
    .replace(/\s*<title>[\s\S]*?<\/title>/u, '')
    .replace(/\s*<meta name="description"[^>]*>/u, '')
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/** The metadata of the public post at `urlPath`, or null when the path is no detail page or the post is not public. */
export async function resourcePageMeta(db: Kysely<Schema>, urlPath: string): Promise<PageMeta | null> {
  const match = RESOURCE_PAGE_PATH.exec(urlPath);
  if (!match) return null;
  let titleUrl: string;
  try {
    titleUrl = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const row = await db
    .selectFrom('templates')
    .select(['title', 'description_short', 'image_urls', 'title_url'])
    .where('title_url', '=', titleUrl)
    .where('status', 'in', PUBLIC_STATUSES)
    .executeTakeFirst();
  return row ? templatePageMeta(row) : null;
}
