/** How resources are shown to people: texts, cuts and limits shared by every list view. */

import { clipToCharacters } from '../shared/characters.js';
import { APPS, TOPICS } from './taxonomy.js';

/** Skeleton cards shown while a feed loads. */
export const FEED_SKELETON_COUNT = 3;
/** Characters of the short description shown on a card before the ellipsis. */
export const SHORT_DESCRIPTION_CUT = 200;
/** Characters of a resource title shown in the footer's top-rated list. */
export const FOOTER_RESOURCE_TITLE_CUT = 24;
export const ELLIPSIS = '…';
/** Keywords never shown as tags. */
export const HIDDEN_KEYWORDS: readonly string[] = ['atlassian'];
export const FREE_PRICE_TEXT = 'Free';

/** Sort keys understood by search. */
export const SEARCH_SORT = {
  newest: 'date_desc',
  mostPopularLast90Days: 'most_pop_90',
} as const;
export type SearchSort = (typeof SEARCH_SORT)[keyof typeof SEARCH_SORT];

/** '$ 4.50' for a price in dollars, 'Free' when it is 0 or less. */
export function formatPrice(price: number): string {
  if (!(price > 0)) return FREE_PRICE_TEXT;
  return `$ ${price.toFixed(2)}`;
}

/** The text itself when it fits, otherwise its first `maxLength` characters and an ellipsis. */
export function cutText(text: string, maxLength: number): string {
  const clipped = clipToCharacters(text, maxLength);
  return clipped === text ? text : clipped.trimEnd() + ELLIPSIS;
}

export function shortDescriptionPreview(shortDescription: string): string {
  return cutText(shortDescription, SHORT_DESCRIPTION_CUT);
}

export function footerResourceTitle(title: string): string {
  return cutText(title, FOOTER_RESOURCE_TITLE_CUT);
}

/** Keywords to show as tags: blanks and hidden keywords left out. */
export function visibleKeywords(keywords: readonly string[]): string[] {
  return keywords.filter((keyword) => {
    const normalised = keyword.trim().toLowerCase();
    return normalised !== '' && !HIDDEN_KEYWORDS.includes(normalised);
  });
}

/** Stands in for initials when a name has no letter or digit (or is empty). */
export const MISSING_NAME_INITIALS = '?';

/**
 * Up to two upper-case initials, of letters and digits only (a name like "<Sam" gives "SA", not
 * "<S"): of the first two words, or the first two of one word. The avatars and the API's
 * `info.initials` share it.
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s._-]+/u)
    .map((word) => Array.from(word.replace(/[^\p{L}\p{N}]/gu, '')))
    .filter((characters) => characters.length > 0);
  const [first, second] = words;
  if (first === undefined) return MISSING_NAME_INITIALS;
  const characters = second === undefined ? first.slice(0, 2) : [first[0], second[0]];
  return characters.join('').toUpperCase();
}

/** The display label of an app, falling back to the stored name for apps outside the fixed list. */
export function platformLabel(platform: string): string {
  return APPS.find((app) => app.name === platform)?.label ?? platform;
}

/** The display label of a topic, falling back to the stored name for topics outside the fixed list. */
export function topicLabel(topic: string): string {
  return TOPICS.find((entry) => entry.name === topic)?.label ?? topic;
}

/** A keyword as a chip shows it: the type and platform tags by their labels ('Business Intelligence', 'Google Sheets'), others as typed. */
export function keywordLabel(keyword: string): string {
  // A topic's label is never an app's name (names are lower-case), so the two lookups compose.
  return platformLabel(topicLabel(keyword));
}

/** A stable hue (0–359) per platform, so placeholders of one app always share a colour. */
export function platformHue(platform: string): number {
  // FNV-1a: spreads similar names (google docs, google sheets) far apart on the colour wheel.
  let hash = 0x811c9dc5;
  for (const character of platform.toLowerCase()) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}
