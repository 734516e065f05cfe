import type { RecordedEvent, RecordedOneOf } from '../shared/events.js';
import type { TemplateEvent } from './events.js';
import { TEMPLATE_EVENT_TYPES } from './events.js';
import { DELETED_STATUS, isPublic, isRecommended, STATUS, statusAfter, type StoredStatus } from './lifecycle.js';

/*
 * Why a post is shown where it is, or not: the author's and admins' Visibility panel. The facts
 * come from folding the post's events (so the same answer holds for any past moment); the ranks
 * come from the very queries that answer the lists now, or from the catalogue folded to a past
 * moment and ordered by the lists' rules (visibility-ranks.ts).
 */

/** The places a post can be shown, in the panel's order. */
export const VISIBILITY_SURFACES = ['search', 'home:toprated', 'home:new', 'trending', 'topic', 'app', 'profile', 'sitemap'] as const;
export type VisibilitySurface = (typeof VISIBILITY_SURFACES)[number];

/** The panel's name of each surface. */
export const SURFACE_LABELS: Readonly<Record<VisibilitySurface, string>> = {
  search: 'Search',
  'home:toprated': 'Home: Top rated',
  'home:new': 'Home: New',
  trending: 'Home: Trending',
  topic: 'Topic page',
  app: 'App page',
  profile: "Author's profile",
  sitemap: 'Sitemap',
};

/** Ranks are looked for this deep into a list; a post further down reads "beyond". */
export const VISIBILITY_RANK_DEPTH = 1_000;

export const VISIBILITY_MESSAGES = {
  notForSale: 'Paid post: your payout account cannot take charges, so it is not for sale',
  notForSaleThen: 'Paid post: your payout account could not take charges then, so it was not for sale',
} as const;

/** What the log says about a post at one moment. */
export interface PostStanding {
  status: StoredStatus;
  /** When the post came into `status` (ISO). */
  statusSince: string;
  /** Members' flags asked a moderator to look again (also while an edit waits). */
  flaggedForReview: boolean;
  flaggedSince: string | null;
  /** How many members held a flag (never who). */
  flags: number;
  kudos: number;
  sponsored: boolean;
  createdAt: string;
}

const TEMPLATE_TYPES: ReadonlySet<string> = new Set(TEMPLATE_EVENT_TYPES);

/** Folds every event about a post (its own stream and engagement, in log order) up to and including `asOf`; null before it existed. */
export function standingAt(events: readonly RecordedEvent[], asOf: Date): PostStanding | null {
  const fold = new StandingFold();
  for (const event of events) {
    if (new Date(event.metadata.occurredAt) > asOf) break;
    fold.apply(event);
  }
  return fold.standing();
}

/** standingAt one event at a time: the as-of panel folds every post of the catalogue this way in one pass of the log. */
export class StandingFold {
  private current: PostStanding | null = null;
  private readonly likers = new Set<string>();
  private readonly flaggers = new Set<string>();

  apply(event: RecordedEvent): void {
    const userId = (event.data as { userId?: string }).userId ?? '';
    switch (event.type) {
      case 'TemplateLiked':
        this.likers.add(userId);
        return;
      case 'TemplateUnliked':
        this.likers.delete(userId);
        return;
      case 'TemplateFlagged':
        this.flaggers.add(userId);
        return;
      case 'TemplateUnflagged':
        this.flaggers.delete(userId);
        return;
    }
    if (!TEMPLATE_TYPES.has(event.type)) return;
    const at = event.metadata.occurredAt;
    const templateEvent = event as unknown as RecordedOneOf<TemplateEvent>;
    if (templateEvent.type === 'TemplateSubmitted') {
      this.current = {
        status: STATUS.underReview,
        statusSince: at,
        flaggedForReview: false,
        flaggedSince: null,
        flags: 0,
        kudos: 0,
        sponsored: false,
        createdAt: at,
      };
      return;
    }
    if (this.current) this.current = next(this.current, templateEvent, at);
  }

  /** Null until the post was submitted. */
  standing(): PostStanding | null {
    return this.current && { ...this.current, kudos: this.likers.size, flags: this.flaggers.size };
  }
}

/** The engagement events the standing counts (kudos and members' flags), beside the template's own. */
export const STANDING_ENGAGEMENT_TYPES = ['TemplateLiked', 'TemplateUnliked', 'TemplateFlagged', 'TemplateUnflagged'] as const;

/** One event's effect, as the templates projection applies it (flag review cleared by decisions, kept by a public edit). */
function next(standing: PostStanding, event: RecordedOneOf<TemplateEvent>, at: string): PostStanding {
  const status = statusAfter(event);
  const moved = status !== undefined && status !== standing.status ? { status, statusSince: at } : {};
  switch (event.type) {
    case 'TemplateApproved':
    case 'TemplateDenied':
    case 'TemplateFlagCleared':
    case 'TemplateHidden':
      return { ...standing, ...moved, flaggedForReview: false, flaggedSince: null };
    case 'TemplateFlaggedForReview':
      return { ...standing, ...moved, flaggedForReview: true, flaggedSince: standing.flaggedSince ?? at };
    case 'TemplateEdited': {
      const keeps = status === STATUS.underReviewEdit && standing.flaggedForReview;
      return { ...standing, ...moved, flaggedForReview: keeps, flaggedSince: keeps ? standing.flaggedSince : null };
    }
    case 'TemplateSponsored':
      return { ...standing, sponsored: event.data.sponsored };
    case 'TemplateDeleted':
    case 'TemplatePermanentlyDeleted':
      return { ...standing, ...moved, sponsored: false };
    default:
      return { ...standing, ...moved };
  }
}

/** A ranked list's answer for the post: its 1-based place (null: not in the list as deep as we look) and how many the list shows. */
export interface ListPlace {
  rank: number | null;
  /** How many it shows at most; null: every post, a page at a time (app pages, profiles). */
  shows: number | null;
  /** Kudos of the last post the list shows (top rated and Trending), for "the lowest shown has 4". */
  lowestShownKudos?: number | undefined;
  /** Trending: the post leads it as sponsored. */
  sponsoredPlace?: boolean | undefined;
}

/** Where each ranked list puts the post, now or at the moment explained. */
export type ListPlaces = Partial<Record<Exclude<VisibilitySurface, 'search' | 'sitemap'>, ListPlace>>;

/** A post's price at the moment explained, and whether its author's payout account could take charges then. */
export interface SaleStanding {
  priceCents: number;
  notForSale: boolean;
  /** A past moment: the reason is said in the past tense. */
  past: boolean;
}

export interface VisibilityReason {
  code: string;
  message: string;
  since?: string;
}
export interface SurfaceVisibility {
  surface: VisibilitySurface;
  shown: boolean;
  rank?: number;
  reasons: VisibilityReason[];
}
export interface VisibilityAnswer {
  asOf: string;
  listed: boolean;
  surfaces: SurfaceVisibility[];
  score?: { total: number; parts: { name: string; value: number }[] };
  /** A paid post: its price then and whether it could be bought. */
  sale?: { priceCents: number; forSale: boolean };
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_YEAR_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "3 Dec", with the year when it is not that of `asOf`. */
export function visibilityDay(iso: string, asOf: Date): string {
  const date = new Date(iso);
  return (date.getUTCFullYear() === asOf.getUTCFullYear() ? DAY_FORMAT : DAY_YEAR_FORMAT).format(date);
}

const SURFACE_NAMES: Readonly<Record<VisibilitySurface, string>> = {
  search: 'search',
  'home:toprated': 'Top rated',
  'home:new': 'New',
  trending: 'Trending',
  topic: 'its topic page',
  app: 'its app page',
  profile: "the author's profile",
  sitemap: 'the sitemap',
};

const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);
const kudos = (count: number) => (count === 1 ? '1 kudo' : `${count} kudos`);

/** Why nobody but the author and moderators can see the post, or null when it is public. */
function notPublicReason(standing: PostStanding, day: (iso: string) => string): VisibilityReason | null {
  const since = standing.statusSince;
  switch (standing.status) {
    case STATUS.underReview:
      return { code: 'awaiting_review', message: `Waiting for review since ${day(since)}`, since };
    case STATUS.notApproved:
      return { code: 'not_approved', message: `Not approved since ${day(since)}: a moderator denied it`, since };
    case STATUS.hidden:
      return {
        code: 'hidden',
        message:
          standing.flags > 0
            ? `Hidden since ${day(since)}: ${members(standing.flags)} flagged it`
            : `Hidden since ${day(since)} by a moderator`,
        since,
      };
    case DELETED_STATUS:
      return { code: 'deleted', message: `Deleted on ${day(since)}`, since };
    default:
      return null;
  }
}

/** Every surface, shown or not, and why; `places` are the lists' answers at `asOf`. */
export function explainVisibility(
  standing: PostStanding,
  places: ListPlaces,
  asOf: Date,
  sale: SaleStanding = { priceCents: 0, notForSale: false, past: false },
): VisibilityAnswer {
  const day = (iso: string) => visibilityDay(iso, asOf);
  const hiddenBy = notPublicReason(standing, day);
  const recommended = isRecommended(standing.status) && !standing.flaggedForReview;
  const publicSince: VisibilityReason =
    standing.status === STATUS.underReviewEdit
      ? {
          code: 'edit_waiting',
          message: `Public; your edit waits for review since ${day(standing.statusSince)} and the approved version is shown meanwhile`,
          since: standing.statusSince,
        }
      : { code: 'public', message: `Public since ${day(standing.statusSince)}`, since: standing.statusSince };

  const surface = (name: VisibilitySurface): SurfaceVisibility => {
    if (hiddenBy) return { surface: name, shown: false, reasons: [hiddenBy] };
    if (name === 'search')
      return {
        surface: name,
        shown: true,
        reasons: [publicSince, { code: 'searchable', message: 'Search finds it by its words, topic and app' }],
      };
    if (name === 'sitemap')
      return { surface: name, shown: true, reasons: [publicSince, { code: 'in_sitemap', message: 'Listed for search engines' }] };
    const recommends = name === 'home:toprated' || name === 'home:new' || name === 'trending';
    if (recommends && !recommended) {
      const since = standing.flaggedSince ?? standing.statusSince;
      // A report sends a post to review without any flag: say so rather than "0 members flagged it".
      const cause = standing.flags > 0 ? `${members(standing.flags)} flagged it` : 'it was reported';
      const message = `Not recommended since ${day(since)}: ${cause} and a moderator is looking again`;
      return { surface: name, shown: false, reasons: [{ code: 'flag_review', message, since }] };
    }
    const place = places[name];
    if (!place) return { surface: name, shown: false, reasons: [] };
    return placed(name, place, standing);
  };
  const notForSale = { code: 'not_for_sale', message: sale.past ? VISIBILITY_MESSAGES.notForSaleThen : VISIBILITY_MESSAGES.notForSale };
  const withSale = (answer: SurfaceVisibility): SurfaceVisibility =>
    answer.shown && sale.notForSale ? { ...answer, reasons: [...answer.reasons, notForSale] } : answer;

  const listed = isPublic(standing.status);
  return {
    asOf: asOf.toISOString(),
    listed,
    surfaces: VISIBILITY_SURFACES.map((name) => withSale(surface(name))),
    ...(listed ? { score: { total: standing.kudos, parts: [{ name: 'kudos', value: standing.kudos }] } } : {}),
    ...(sale.priceCents > 0 ? { sale: { priceCents: sale.priceCents, forSale: listed && !sale.notForSale } } : {}),
  };
}

/** A ranked list's verdict: shown while its place is within what the list shows. */
function placed(name: VisibilitySurface, place: ListPlace, standing: PostStanding): SurfaceVisibility {
  const { rank, shows } = place;
  const shown = rank !== null && (shows === null || rank <= shows);
  const where = capitalised(SURFACE_NAMES[name]);
  const position = rank === null ? `beyond the first ${VISIBILITY_RANK_DEPTH}` : `number ${rank}`;
  const rule =
    name === 'trending'
      ? `sponsored posts, then the most kudos, ${shows} in all`
      : name === 'home:toprated'
        ? `the ${shows} with the most kudos`
        : shows === null
          ? 'every public post, newest first, a page at a time'
          : `the newest ${shows}`;
  const byKudos = name === 'home:toprated' || (name === 'trending' && !place.sponsoredPlace);
  const lowest = byKudos && !shown && place.lowestShownKudos !== undefined ? ` (the lowest shown has ${place.lowestShownKudos})` : '';
  const withKudos = byKudos ? ` with ${kudos(standing.kudos)}` : '';
  const message =
    name === 'trending' && place.sponsoredPlace
      ? `Sponsored: it leads Trending, ${position} of ${shows}`
      : shown
        ? `${where} shows ${rule}: this post is ${position}${withKudos}`
        : `Not on ${SURFACE_NAMES[name]}: it shows ${rule}; this post is ${position}${withKudos}${lowest}`;
  return {
    surface: name,
    shown,
    ...(rank === null ? {} : { rank }),
    reasons: [{ code: shown ? 'ranked' : 'below_cut', message }],
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
