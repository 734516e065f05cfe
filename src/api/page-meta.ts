import type { Kysely } from 'kysely';

import type { Schema } from '../adapters/db/schema.js';
import { publicTemplateMetaFields } from '../projections/read-models/templates/queries.js';
import { templatePageMeta } from '../projections/read-models/templates/views.js';
import type { ResourceDetailAnswer } from '../domain/engagement/views.js';
import { userProfilePath } from '../web/lib/paths.js';
import { PLATFORM_FEE_META_NAME } from '../web/lib/platform-fee-meta.js';
import { escapeHtml } from '../domain/shared/html.js';
import { socialCardPath } from '../domain/catalogue/social-card.js';
import { BRAND_NAME } from '../web/lib/brand.js';

type PageMeta = ResourceDetailAnswer['meta'];

/** A public post's head: its social card tags and its schema.org description for search engines. */
export interface ResourcePageHead {
  meta: PageMeta;
  /** The post's address name: its generated card's too. */
  titleUrl: string;
  /** A schema.org Product (a template is also a CreativeWork) with its price and like count. */
  structuredData: Record<string, unknown>;
}

/** Prices are kept in US cents (the catalogue has no other currency). */
const PRICE_CURRENCY = 'USD';

/** The address of a resource's detail page (spec 2.3), whose metadata the server fills in. */
const RESOURCE_PAGE_PATH = /^\/resources\/([^/?#]+)\/?(?:[?#].*)?$/u;

/**
 * JSON for a `<script type="application/ld+json">` data block: `<`, `>` and `&` as escapes, so no
 * text in it can close the element or open a comment, and the line separators JavaScript refuses.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The canonical link of a page: the public origin and the path, without the query or fragment. */
export function canonicalLinkTag(origin: string, path: string): string {
  return `<link rel="canonical" href="${escapeHtml(new URL(path.split(/[?#]/u)[0]!, origin).toString())}" />`;
}

/** The commission on new sales (PLATFORM_FEE_PERCENT), for the pages that mention it: read by the server's render and the browser alike. */
export function platformFeeMetaTag(percent: number): string {
  return `<meta name="${PLATFORM_FEE_META_NAME}" content="${percent}" />`;
}

/** The site's social card picture (1200×630, in the web app's public files): the preview of a page without one of its own. */
export const DEFAULT_SOCIAL_CARD_PATH = '/social-card.png';

/**
 * What every page's head says of the site, whatever the page: its canonical address (also og:url),
 * the site's name and the default card picture, as absolute addresses on the public origin. A page's
 * own tags (a post's picture, a page's title and description) then take the place of these.
 */
export function siteHeadTags(origin: string, path: string): string[] {
  const canonical = new URL(path.split(/[?#]/u)[0]!, origin).toString();
  return [
    canonicalLinkTag(origin, path),
    `<meta property="og:site_name" content="${BRAND_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(new URL(DEFAULT_SOCIAL_CARD_PATH, origin).toString())}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
}

/**
 * The title, description, social card, canonical link and structured data tags of a post's page. Its
 * card is its first picture, or the card drawn for it (GET /resources/{titleUrl}/card.png).
 */
export function resourceHeadTags(head: ResourcePageHead, origin: string): string[] {
  const { meta } = head;
  const absolute = (path: string) => new URL(path, origin).toString();
  const card = escapeHtml(absolute(meta.image ?? socialCardPath(head.titleUrl)));
  return [
    ...siteHeadTags(origin, meta.url),
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${card}" />`,
    `<meta name="twitter:image" content="${card}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    // A data block, not a script: the CSP's script-src governs only what runs.
    `<script type="application/ld+json">${jsonForScriptElement(head.structuredData)}</script>`,
  ];
}

/** What resourcePageHead reads. */
export const PAGE_HEAD_READ_MODELS = ['templates', 'users'];

/** The head of the public post at `urlPath`, or null when the path is no detail page or the post is not public. */
export async function resourcePageHead(db: Kysely<Schema>, urlPath: string, origin: string): Promise<ResourcePageHead | null> {
  const match = RESOURCE_PAGE_PATH.exec(urlPath);
  if (!match) return null;
  let titleUrl: string;
  try {
    titleUrl = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const row = await publicTemplateMetaFields(db, titleUrl);
  if (!row) return null;
  const meta = templatePageMeta(row);
  const absolute = (path: string) => new URL(path, origin).toString();
  const structuredData: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': ['Product', 'CreativeWork'],
    name: row.title,
    description: row.description_short,
    url: absolute(meta.url),
    ...(row.image_urls.length === 0 ? {} : { image: row.image_urls.map(absolute) }),
    category: row.platform,
    dateCreated: row.created_at.toISOString(),
    dateModified: row.updated_at.toISOString(),
    author: { '@type': 'Person', name: row.username, url: absolute(userProfilePath(row.username)) },
    brand: { '@type': 'Brand', name: row.platform },
    offers: {
      '@type': 'Offer',
      price: (row.price_cents / 100).toFixed(2),
      priceCurrency: PRICE_CURRENCY,
      availability: 'https://schema.org/InStock',
      url: absolute(meta.url),
    },
    // Likes are counted as likes: members give no ratings, so no aggregateRating is claimed from them.
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: row.likes,
    },
  };
  return { meta, titleUrl: row.title_url, structuredData };
}
