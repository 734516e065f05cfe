import { z } from '../shared/zod.js';
import { APPS, TOPICS } from '../catalogue/taxonomy.js';
import { hasSingleLineControls } from '../shared/text.js';
import { characterCount, clipToCharacters } from '../shared/characters.js';

/** What a new post's type and platform are until the author picks others (posts-payments-rewards.md section 3). */
export const POST_DEFAULTS = { type: 'business_intelligence', platform: 'zapier' } as const;

/** Limits of the create form (posts-payments-rewards.md, sections 5 and 9). */
export const TEMPLATE_LIMITS = {
  url: 300,
  title: 50,
  description: 150,
  instructions: 1500,
  tags: 3,
  tagLength: 40,
  maxPrice: 249,
  /** The lowest price above free: one cent (prices are kept in whole cents). */
  minPaidPrice: 0.01,
  images: 10,
  /** Denial, hide and other moderation notes. */
  reason: 1000,
} as const;

/** An admin's reason for a verification change or a price-request decision (a one-line field, shorter than a moderation note). */
export const ADMIN_DECISION_REASON_MAX = 500;

/** The admin lists' search box (posts by title, accounts by username): a title or a name, no longer. */
export const ADMIN_LIST_QUERY_MAX = 100;

/**
 * At most this many templates are sponsored at once: the home page's sponsored row shows 12
 * (HOME_LIST_LIMIT), and a thirteenth would never be seen. Unsponsor one to sponsor another.
 */
export const TEMPLATE_SPONSOR_LIMIT = 12;

/** Texts of the spec's error catalogue (posts-payments-rewards.md section 8, generator-admin-site.md section 5). */
export const TEMPLATE_MESSAGES = {
  titleControlCharacters: 'Title cannot contain line breaks, tabs or invisible control characters',
  doesNotExist: 'This post does not exist',
  doesNotExistDetail: 'This post could either be pending approval, removed, or it may have never existed in the first place.',
  unauthorized: 'Unauthorized: You should be admin/author to do this action.',
  adminOnly: 'You need to be an admin for this request.',
  purchasedDelete: 'Post have been purchased, delete is not allowed.',
  denialBlank: 'Denial message cannot be blank',
  sponsorLimit: 'Maximum sponsor request reached',
  /** Denying an edit drops the edit only: the approved version stays on the website. */
  denyEditWarning: 'Denying this edit keeps the approved version live; the author is told your reason.',
  /** A review decision refused because the post changed after the moderator opened it. */
  changedSinceOpened:
    'This post was edited after you opened it. The list has been reloaded: please look at the latest version before deciding.',
  /** An edit from an editor opened before another save (a second tab, an admin): saving it would undo that save. */
  editedElsewhere:
    'This post was changed (in another tab or by an admin) after you opened the editor. Copy your changes, reload the page, and save them again.',
  invalidPrice: 'Please enter a valid price.',
  priceTooHigh: 'Price should not exceed $249',
  priceBelowMinimum: 'The lowest price is $0.01. Enter 0 to share the template for free.',
  priceNotWholeCents: 'Please enter the price in dollars and whole cents, with at most 2 decimals (e.g. 4.99).',
  directDomain: 'Please use a direct domain to your template.',
  sentForReapproval: 'Your changes were sent for re-approval. Visitors see the approved version until a moderator approves them.',
  /** An edit of a post nobody can see yet (under review, not approved, hidden). */
  sentForReview: 'Your changes were saved. The post goes live once a moderator approves it.',
  created: 'Your post was created and is under review.',
  deleted: 'The post is successfully deleted.',
  priceChangeRequested: 'Price Change Request Submitted',
  noPriceRequest: 'No price change request waits for this post.',
  adminEditWhileEditWaits: "The author's edit waits for a decision: approve or deny it first.",
  adminEditReason: 'Corrected by an admin',
  updateFailed: 'Failed to update resource',
  updated: 'Resource updated successfully',
  priceRequestChanged: 'The author asked for another price since: look at the request again.',
  /** A price change request for the price the post already has: nothing for an admin to decide. */
  priceUnchanged: 'The post already has this price. Please enter a different one.',
  /** Heads the list of create and edit validation problems, in the form's modal and in the API's 400 answer. */
  fieldsInvalid: 'The following fields are missing or invalid',
  payoutRequired: 'Selling needs a connected payout account with charges enabled. Connect one in your account, or set the price to 0.',
  urlValid: 'URL is valid',
  urlInvalid: 'URL is not valid',
  /** Spec section 8: the modal a server error on creation shows is headed so. */
  createErrorTitle: 'Login Error',
  invalidPriceTitle: 'Invalid Price',
} as const;

/** The create form's URL Fetch button through its states (spec 2.1). */
export const FETCH_BUTTON_LABELS = { idle: 'Fetch', fetching: 'Fetching...', done: 'Fetch Completed' } as const;

const topicNames = TOPICS.map((topic) => topic.name) as [string, ...string[]];
const appNames = APPS.map((app) => app.name) as [string, ...string[]];

/** Link shorteners and redirectors: the spec asks for a direct domain to the template instead. */
export const NON_DIRECT_HOSTS: readonly string[] = [
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'lnkd.in',
];

/** True for a URL whose host is (a subdomain of) a known shortener. */
export function isNonDirectUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase();
    return NON_DIRECT_HOSTS.some((shortener) => host === shortener || host.endsWith(`.${shortener}`));
  } catch {
    return false;
  }
}

function parsedHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** A host a template can live at: named labels ending in an alphabetic top-level domain ('nonsense' and 'a..b' are not). */
function isDomainHost(hostname: string): boolean {
  const labels = hostname.toLowerCase().split('.');
  const topLevel = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => label !== '') && /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/u.test(topLevel);
}

export type TemplateUrlValidity = 'direct-domain' | 'valid' | 'invalid';

/**
 * Whether a template URL (scheme included) may be saved. The create and edit forms show its answer
 * ('URL is valid' / 'URL is not valid') and the server refuses every URL it does not call valid.
 */
export function templateUrlValidity(value: string): TemplateUrlValidity {
  if (isNonDirectUrl(value)) return 'direct-domain';
  if (characterCount(value) > TEMPLATE_LIMITS.url) return 'invalid';
  const url = parsedHttpUrl(value);
  return url !== null && isDomainHost(url.hostname) ? 'valid' : 'invalid';
}

const httpUrl = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(TEMPLATE_LIMITS.url, `URL must be at most ${TEMPLATE_LIMITS.url} characters`)
  // An empty URL has its own message above.
  .refine((value) => value === '' || parsedHttpUrl(value) !== null, 'Please enter a valid URL starting with http:// or https://')
  .refine((value) => {
    const url = parsedHttpUrl(value);
    // A URL without an http(s) scheme has its own message above.
    return url === null || isDomainHost(url.hostname);
  }, TEMPLATE_MESSAGES.urlInvalid)
  .refine((value) => !isNonDirectUrl(value), TEMPLATE_MESSAGES.directDomain);

const titleSchema = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(TEMPLATE_LIMITS.title, `Title must be at most ${TEMPLATE_LIMITS.title} characters`)
  .refine((title) => !hasSingleLineControls(title), TEMPLATE_MESSAGES.titleControlCharacters);
const descriptionSchema = z
  .string()
  .trim()
  .min(1, 'Description is required')
  .max(TEMPLATE_LIMITS.description, `Description must be at most ${TEMPLATE_LIMITS.description} characters`);
const instructionsSchema = z
  .string()
  .trim()
  .max(TEMPLATE_LIMITS.instructions, `Instructions must be at most ${TEMPLATE_LIMITS.instructions} characters`);

/** How much of a refused keyword its message quotes: enough to recognise it, never a whole pasted page. */
const QUOTED_KEYWORD_LENGTH = 20;

/** Names the keyword rather than its position: forms drop empty slots, so a position would not match what the author sees. */
export function keywordTooLongMessage(keyword: string): string {
  const length = characterCount(keyword);
  const quoted = length > QUOTED_KEYWORD_LENGTH ? `${clipToCharacters(keyword, QUOTED_KEYWORD_LENGTH)}…` : keyword;
  return `The keyword “${quoted}” is ${length} characters long: each keyword must be at most ${TEMPLATE_LIMITS.tagLength} characters`;
}

/** Trimmed (before the length check), lower-cased, empty ones dropped and deduplicated — and only then counted against the limit. */
const keywordsSchema = z
  .array(z.string())
  .transform((tags) => tags.map((tag) => tag.trim()))
  .superRefine((tags, context) => {
    for (const tag of tags)
      if (characterCount(tag) > TEMPLATE_LIMITS.tagLength) context.addIssue({ code: 'custom', message: keywordTooLongMessage(tag) });
  })
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()).filter((tag) => tag.length > 0))])
  .pipe(z.array(z.string()).max(TEMPLATE_LIMITS.tags, `At most ${TEMPLATE_LIMITS.tags} keywords`));

/** Prices are kept in whole cents; a tolerance absorbs binary fractions (4.99 * 100 is 499.00000000000006). */
function isWholeCents(price: number): boolean {
  return Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;
}

/**
 * Why a price in dollars cannot be kept as it was entered, or null: a price between 0 and one cent, or
 * with fractions of a cent, would otherwise be rounded silently (0.001 became a free post).
 */
export function priceCentsProblem(price: number): string | null {
  if (price > 0 && price < TEMPLATE_LIMITS.minPaidPrice) return TEMPLATE_MESSAGES.priceBelowMinimum;
  if (!isWholeCents(price)) return TEMPLATE_MESSAGES.priceNotWholeCents;
  return null;
}

function refuseFractionsOfCents(price: number, context: z.RefinementCtx): void {
  const problem = priceCentsProblem(price);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem });
}

/** A price typed as text ('7', ' 7.50 ', '.5'), trimmed; NaN for anything else ('1e2', '0x10', '7 7', '-3'), which the price rules refuse. */
export function parsePriceText(text: string): number {
  const trimmed = text.trim();
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/u.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A post's price in dollars: 0 is free (the default), otherwise whole cents up to the maximum. */
const postPriceSchema = (negativeMessage: string) =>
  z
    .number(TEMPLATE_MESSAGES.invalidPrice)
    .min(0, negativeMessage)
    .max(TEMPLATE_LIMITS.maxPrice, TEMPLATE_MESSAGES.priceTooHigh)
    .superRefine(refuseFractionsOfCents);
const priceSchema = postPriceSchema('Price cannot be negative');

/** One template's content as its author submits it; shared by the API, the web form and the seed. */
export const templateContentSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    instructions: instructionsSchema,
    url: httpUrl,
    topic: z.enum(topicNames, 'Please choose a topic'),
    platform: z.enum(appNames, 'Please choose an app'),
    keywords: keywordsSchema,
    price: priceSchema,
    imageUrls: z.array(z.string()).max(TEMPLATE_LIMITS.images, `At most ${TEMPLATE_LIMITS.images} screenshots`),
  })
  .transform((content) => ({ ...content, keywords: typeAndPlatformTagsFirst(content.keywords, content.topic, content.platform) }));

export type TemplateContent = z.infer<typeof templateContentSchema>;

/** What an edit may change (spec 2.2: title, description, details, link, images, keywords); every field optional. */
export const templateEditSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  instructions: instructionsSchema.optional(),
  url: httpUrl.optional(),
  keywords: keywordsSchema.optional(),
  imageUrls: z.array(z.string()).max(TEMPLATE_LIMITS.images, `At most ${TEMPLATE_LIMITS.images} screenshots`).optional(),
});

/** An author's requested new price (spec 5, Price change request): a number above 0, in whole cents, within the maximum. */
export const newPriceSchema = z
  .number(TEMPLATE_MESSAGES.invalidPrice)
  .gt(0, TEMPLATE_MESSAGES.invalidPrice)
  .max(TEMPLATE_LIMITS.maxPrice, TEMPLATE_MESSAGES.priceTooHigh)
  .superRefine(refuseFractionsOfCents);

/** The price an admin sets in resource management: any post price, 0 (free) included; the spec's one message for a bad one. */
export const adminPriceSchema = postPriceSchema(TEMPLATE_MESSAGES.invalidPrice);

/** The type tag (the topic's name) first, the platform tag second, when the author kept them. */
export function typeAndPlatformTagsFirst(keywords: readonly string[], topic: string, platform: string): string[] {
  const leading = [topic, platform].filter((tag) => keywords.includes(tag));
  return [...leading, ...keywords.filter((tag) => !leading.includes(tag))];
}

/** The address slug of a title: lower-case words joined by hyphens, plus 12 hex digits of the id to keep it unique. */
export function titleUrlFor(title: string, templateId: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'template'}-${templateId.replaceAll('-', '').slice(0, 12)}`;
}

/** Created posts (spec 2.7) and the admin review queue show this many per page. */
export const CREATED_POSTS_PAGE_SIZE = 10;
export const REVIEW_QUEUE_PAGE_SIZE = 25;
/** Owners a post's admin view names (the author first, then buyers): a best seller's thousands would each be an address to open. */
export const ADMIN_VIEW_OWNERS_SHOWN = 20;
/** More By The Author and Related Posts list at most this many. */
export const RELATED_POSTS_LIMIT = 6;

/** Texts of /shared-posts (posts-payments-rewards.md section 2.7). */
export const CREATED_POSTS_TEXTS = {
  emptyState: 'You have not uploaded yet. Get to Creating!',
  createFirst: 'Create your first post',
  edit: 'Edit',
} as const;
/** After a page change /shared-posts scrolls back to the top of its list this much later, this far above it (spec 2.7). */
export const CREATED_POSTS_SCROLL_DELAY_MS = 1_000;
export const CREATED_POSTS_SCROLL_OFFSET_PX = 100;

/** The created posts heading: '0 Created Posts', '{n} Created Posts', or '{from}-{to} of {n} Created Posts' once there are pages. */
export function createdPostsHeading(total: number, page: number, pageSize = CREATED_POSTS_PAGE_SIZE): string {
  if (total <= pageSize) return `${total} Created Posts`;
  const from = (page - 1) * pageSize + 1;
  return `${from}-${Math.min(total, page * pageSize)} of ${total} Created Posts`;
}
