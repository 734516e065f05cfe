/** The picture a post's page shares on social networks when the post has no picture of its own. */

import { clipToCharacters } from '../shared/characters.js';
import { escapeHtml } from '../shared/html.js';
import { ELLIPSIS, formatPrice, platformLabel, topicLabel } from './presentation.js';

/** The size social networks show a large card at (og:image, twitter:summary_large_image). */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
/** Lines of the title on the card; a longer title ends in an ellipsis. */
export const SOCIAL_CARD_TITLE_LINES = 3;
/** Characters per title line: what fits 1 040 px of the title's 64 px bold type, wide letters included. */
const TITLE_LINE_CHARACTERS = 28;
const MARGIN = 80;
const TITLE_FONT_SIZE = 64;
const TITLE_LINE_HEIGHT = 80;
const FONT_FAMILY = 'DejaVu Sans, Helvetica, Arial, sans-serif';

/** The card's address, beside the post's page (the server renders it on request). */
export function socialCardPath(titleUrl: string): string {
  return `/resources/${encodeURIComponent(titleUrl)}/card.png`;
}

/** What a card shows of a post. */
export interface SocialCardPost {
  title: string;
  topic: string;
  platform: string;
  priceCents: number;
}

/**
 * The title cut into lines of at most `lineCharacters` at spaces (a longer word is split), at most
 * `maxLines` of them; what does not fit is replaced by an ellipsis at the end of the last line.
 */
export function wrapTitle(title: string, lineCharacters: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/u).filter((part) => part !== '')) {
    let rest = word;
    if (line !== '' && [...line].length + 1 + [...rest].length <= lineCharacters) {
      line = `${line} ${rest}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while ([...rest].length > lineCharacters) {
      const head = clipToCharacters(rest, lineCharacters);
      lines.push(head);
      rest = rest.slice(head.length);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = clipToCharacters(kept[maxLines - 1]!, lineCharacters - ELLIPSIS.length).trimEnd();
  kept[maxLines - 1] = last + ELLIPSIS;
  return kept;
}

function text(content: string, x: number, y: number, attributes: string): string {
  return `<text x="${x}" y="${y}" ${attributes}>${escapeHtml(content)}</text>`;
}

/** The card as an SVG document of SOCIAL_CARD_WIDTH × SOCIAL_CARD_HEIGHT: the site's name, the title, its topic and app, its price. */
export function socialCardSvg(post: SocialCardPost, siteName: string): string {
  const titleLines = wrapTitle(post.title, TITLE_LINE_CHARACTERS, SOCIAL_CARD_TITLE_LINES);
  const titleTop = 250;
  const label = `${topicLabel(post.topic)} · ${platformLabel(post.platform)}`;
  const font = `font-family="${FONT_FAMILY}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}" viewBox="0 0 ${SOCIAL_CARD_WIDTH} ${SOCIAL_CARD_HEIGHT}">`,
    `<rect width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}" fill="#0f172a"/>`,
    `<rect x="0" y="0" width="16" height="${SOCIAL_CARD_HEIGHT}" fill="#6366f1"/>`,
    text(siteName, MARGIN, 130, `${font} font-size="40" font-weight="700" fill="#a5b4fc"`),
    ...titleLines.map((line, index) =>
      text(line, MARGIN, titleTop + index * TITLE_LINE_HEIGHT, `${font} font-size="${TITLE_FONT_SIZE}" font-weight="700" fill="#f8fafc"`),
    ),
    text(label, MARGIN, SOCIAL_CARD_HEIGHT - MARGIN, `${font} font-size="34" fill="#cbd5e1"`),
    text(
      formatPrice(post.priceCents / 100),
      SOCIAL_CARD_WIDTH - MARGIN,
      SOCIAL_CARD_HEIGHT - MARGIN,
      `${font} font-size="44" font-weight="700" fill="#f8fafc" text-anchor="end"`,
    ),
    '</svg>',
  ].join('');
}
