/**
 * What assistants read: llms.txt (llmstxt.org: an H1, a blockquote summary, then H2 sections of
 * link lists) and a public post as Markdown. Pure text from values the API reads and links it builds.
 */
import { formatPrice, visibleKeywords } from '../catalogue/presentation.js';

export const SITE_NAME = 'Tessera';
export const SITE_SUMMARY =
  'Tessera is a community marketplace of ready-to-use templates (spreadsheets, documents, slide decks, workspaces and more), ' +
  'filed by topic and by the app they run in. Members publish free and paid templates; every post is reviewed before it goes live. ' +
  'Prices are in US dollars.';
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/** Most popular templates llms.txt lists (the home page's most liked, in its order). */
export const LLMS_TXT_POPULAR_LIMIT = 20;

export interface MarkdownLink {
  label: string;
  url: string;
  /** Said after the link. */
  note?: string;
}

export interface LlmsTxtContent {
  topics: readonly MarkdownLink[];
  apps: readonly MarkdownLink[];
  popular: readonly MarkdownLink[];
  /** What an assistant or program may call: the API's documentation, the MCP server. */
  api: readonly MarkdownLink[];
  /** Pages worth reading but skippable (llmstxt.org's "Optional" section). */
  optional: readonly MarkdownLink[];
}

/** Text kept on one line and out of the link syntax: link texts and list notes are written by members. */
export function inlineText(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/([\\[\]*<>])/gu, '\\$1');
}

function linkList(links: readonly MarkdownLink[]): string[] {
  return links.map((link) => `- [${inlineText(link.label)}](${link.url})${link.note ? `: ${inlineText(link.note)}` : ''}`);
}

/** llms.txt: what Tessera is and where an assistant finds topics, apps, popular templates and the APIs. */
export function llmsTxt(content: LlmsTxtContent): string {
  const section = (heading: string, links: readonly MarkdownLink[]) =>
    links.length === 0 ? [] : [`## ${heading}`, '', ...linkList(links), ''];
  return [
    `# ${SITE_NAME}`,
    '',
    `> ${SITE_SUMMARY}`,
    '',
    'Every public template page has a Markdown version: add `.md` to its address, or ask for its page with `Accept: text/markdown`. ' +
      'Assistants can search the catalogue through the MCP server listed under API (read-only, no account needed).',
    '',
    ...section('Topics', content.topics),
    ...section('Apps', content.apps),
    ...section('Most popular templates', content.popular),
    ...section('API', content.api),
    ...section('Optional', content.optional),
  ].join('\n');
}

/** "Free", or "$ 4.50 (US dollars)": how assistants are told a price. */
export function priceText(price: number): string {
  return price > 0 ? `${formatPrice(price)} (US dollars)` : formatPrice(price);
}

/** A public post as its page shows it to a visitor, with the addresses it links to. */
export interface PostForAssistants {
  title: string;
  /** The short description. */
  summary: string;
  /** The long description (the author's details and instructions). */
  details: string;
  /** In dollars; 0 or less is free. */
  price: number;
  topic: MarkdownLink;
  app: MarkdownLink;
  author: MarkdownLink;
  keywords: readonly string[];
  likes: number;
  saves: number;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** The post's page: the canonical address of both the page and this Markdown. */
  canonicalUrl: string;
  /** The template itself: a free post's link; null for a paid one (bought on its page). */
  link: string | null;
  imageUrls: readonly string[];
}

/** A public post as Markdown: the facts first (price, topic, app, author, canonical address), then its details. */
export function postMarkdown(post: PostForAssistants): string {
  const tags = visibleKeywords(post.keywords);
  const day = (iso: string) => iso.slice(0, 10);
  return [
    `# ${inlineText(post.title)}`,
    '',
    ...(post.summary.trim() === '' ? [] : [`> ${inlineText(post.summary)}`, '']),
    `- Price: ${priceText(post.price)}`,
    `- Topic: [${inlineText(post.topic.label)}](${post.topic.url})`,
    `- App: [${inlineText(post.app.label)}](${post.app.url})`,
    `- Author: [${inlineText(post.author.label)}](${post.author.url})`,
    ...(tags.length === 0 ? [] : [`- Tags: ${tags.map(inlineText).join(', ')}`]),
    `- Likes: ${post.likes}, saves: ${post.saves}`,
    `- Published: ${day(post.createdAt)}, updated: ${day(post.updatedAt)}`,
    `- Canonical URL: ${post.canonicalUrl}`,
    post.link === null ? `- Get it: buy it on its page, ${post.canonicalUrl}` : `- Get it: ${post.link}`,
    '',
    ...(post.details.trim() === '' ? [] : ['## Details', '', post.details.trim(), '']),
    ...(post.imageUrls.length === 0
      ? []
      : [
          '## Screenshots',
          '',
          ...post.imageUrls.map((url, index) => `![Screenshot ${index + 1} of ${inlineText(post.title)}](${url})`),
          '',
        ]),
  ].join('\n');
}
