import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventsAboutTemplate } from '../../adapters/eventstore/events-about-template.js';
import type { SearchIndex } from '../../adapters/search/port.js';
import { HOME_LIST_LIMIT, SEARCH_MAX_LIMIT } from '../../domain/discovery/constants.js';
import { START_OF_LOG, type EventStore } from '../../adapters/eventstore/port.js';
import { payoutAccountStream } from '../../domain/commerce/events.js';
import { canTakeCharges, payoutAccountDecider, payoutStatusOf } from '../../domain/commerce/payout-account.js';
import { templateDecider } from '../../domain/templates/decider.js';
import { TEMPLATE_EVENT_TYPES, templateStream } from '../../domain/templates/events.js';
import {
  explainVisibility,
  standingAt,
  STANDING_ENGAGEMENT_TYPES,
  VISIBILITY_RANK_DEPTH,
  type VisibilityAnswer,
} from '../../domain/templates/visibility.js';
import { CatalogueFold, pastLists, placesIn, type RankedLists } from '../../domain/templates/visibility-ranks.js';
import { takesCharges } from '../../projections/read-models/commerce/queries.js';
import { newestPerGroup } from '../../projections/read-models/search/queries.js';
import { authorResourceIds, recommendedFeedIds } from '../../projections/read-models/templates/queries.js';

/** The Visibility panel of one post: now (ranks from the lists' own queries) or at a past moment (the catalogue folded from the log). */
export interface VisibilityService {
  /** Null when the post did not exist yet at `asOf`. */
  explain(post: PostRef, asOf: Date | null): Promise<VisibilityAnswer | null>;
}

/** The post as the lists know it now (which topic, app and author they group it under). */
export interface PostRef {
  id: string;
  topic: string;
  platform: string;
  authorId: string;
  priceCents: number;
}

export function createVisibilityService(deps: {
  db: Kysely<Schema>;
  search: SearchIndex;
  store: EventStore;
  eventsAboutTemplate: EventsAboutTemplate;
  now?: () => Date;
}): VisibilityService {
  const now = deps.now ?? (() => new Date());
  return {
    async explain(post, asOf) {
      if (asOf !== null) return explainAsOf(deps.store, post, asOf);
      const moment = now();
      const standing = standingAt(await deps.eventsAboutTemplate(post.id), moment);
      if (!standing) return null;
      const [lists, notForSale] = await Promise.all([
        listsNow(deps, post),
        post.priceCents > 0 ? takesCharges(deps.db, post.authorId).then((takes) => !takes) : false,
      ]);
      return explainVisibility(standing, placesIn(lists, post.id), moment, { notForSale, priceCents: post.priceCents, past: false });
    },
  };
}

/** The lists now, asked of the same queries the list routes answer with, as deep as ranks go. */
async function listsNow(deps: { db: Kysely<Schema>; search: SearchIndex }, post: PostRef): Promise<RankedLists> {
  const { db } = deps;
  const feed = (order: 'top_rated' | 'newest', sponsoredOnly: boolean, limit: number) =>
    recommendedFeedIds(db, { order, sponsoredOnly, limit });
  const [topRated, newest, sponsored, topic, profile, app] = await Promise.all([
    feed('top_rated', false, VISIBILITY_RANK_DEPTH),
    feed('newest', false, VISIBILITY_RANK_DEPTH),
    feed('newest', true, HOME_LIST_LIMIT),
    newestPerGroup(db, 'topic', [post.topic], VISIBILITY_RANK_DEPTH).then((groups) => groups.get(post.topic) ?? []),
    authorResourceIds(db, post.authorId, true, VISIBILITY_RANK_DEPTH),
    appPageIds(deps.search, post.platform),
  ]);
  return { topRated, newest: newest.map((row) => row.id), sponsored, topic, app, profile };
}

/** The app page's list (search filtered by the app, newest first), page by page as the page reads it, as deep as ranks go. */
async function appPageIds(search: SearchIndex, platform: string): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < VISIBILITY_RANK_DEPTH) {
    const hits = await search.search({ text: '', filters: { platform }, order: 'date_desc', offset: ids.length, limit: SEARCH_MAX_LIMIT });
    ids.push(...hits.ids);
    if (hits.ids.length < SEARCH_MAX_LIMIT || ids.length >= hits.total) break;
  }
  return ids;
}

/** Log events read per page by the as-of panel's pass. */
const PAST_PAGE_SIZE = 5_000;
const PAST_TYPES: readonly string[] = [...TEMPLATE_EVENT_TYPES, ...STANDING_ENGAGEMENT_TYPES];

/**
 * The panel at a past moment, from the log alone: one pass over the log up to the moment, decoding
 * only the catalogue's lifecycle, kudos and flag events (every post's standing then), then the
 * post's own stream and its author's payout account folded to the moment for its price and sale.
 */
export async function explainAsOf(store: EventStore, post: PostRef, asOf: Date): Promise<VisibilityAnswer | null> {
  const catalogue = new CatalogueFold();
  for (let after = START_OF_LOG; ;) {
    const page = await store.readPage({ after, maxCount: PAST_PAGE_SIZE, types: PAST_TYPES });
    const later = page.events.findIndex((event) => new Date(event.metadata.occurredAt) > asOf);
    for (const event of later === -1 ? page.events : page.events.slice(0, later)) catalogue.apply(event);
    if (later !== -1 || page.through === after) break;
    after = page.through;
  }
  const posts = catalogue.catalogue();
  const past = posts.find((entry) => entry.id === post.id);
  if (!past) return null;
  const [template, payout] = await Promise.all([
    foldUpTo(store, templateStream(post.id), asOf, templateDecider),
    foldUpTo(store, payoutAccountStream(post.authorId), asOf, payoutAccountDecider),
  ]);
  const priceCents = Math.round(template.price * 100);
  const takes = canTakeCharges(payoutStatusOf(payout.accountId === null ? null : payout));
  const sale = { priceCents, notForSale: priceCents > 0 && !takes, past: true };
  return explainVisibility(past.standing, placesIn(pastLists(posts, past), post.id), asOf, sale);
}

/** A stream's state as of a moment: its events up to then, folded by its decider's evolve. */
async function foldUpTo<State, Event>(
  store: EventStore,
  streamId: string,
  asOf: Date,
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
): Promise<State> {
  let state = decider.initialState();
  for (const event of await store.readStream(streamId)) {
    if (new Date(event.metadata.occurredAt) > asOf) break;
    state = decider.evolve(state, event as unknown as Event);
  }
  return state;
}
