import type { Kysely } from 'kysely';

import type { Schema } from '../adapters/db/schema.js';
import { publicTemplateMetaFields } from '../projections/read-models/templates/queries.js';
import { templatePageMeta } from '../projections/read-models/templates/views.js';
import type { ResourceDetailAnswer } from '../domain/engagement/views.js';

type PageMeta = ResourceDetailAnswer['meta'];

/** The address of a resource's detail page (spec 2.3), whose metadata the server fills in. */
const RESOURCE_PAGE_PATH = /^\/resources\/([^/?#]+)\/?(?:[?#].*)?$/u;

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
  const row = await publicTemplateMetaFields(db, titleUrl);
  return row ? templatePageMeta(row) : null;
}
