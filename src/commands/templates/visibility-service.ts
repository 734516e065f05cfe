import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventsAboutTemplate } from '../../adapters/eventstore/events-about-template.js';
import type { SearchIndex } from '../../adapters/search/port.js';
import { HOME_LIST_LIMIT, SEARCH_MAX_LIMIT, TOPICS_REQUEST_LIMIT } from '../../domain/discovery/constants.js';
import { trendingOrder } from '../../domain/discovery/trending.js';
import {
  explainVisibility,
  standingAt,
  VISIBILITY_RANK_DEPTH,
  type ListPlace,
  type ListPlaces,
  type VisibilityAnswer,
} from '../../domain/templates/visibility.js';
import { takesCharges } from '../../projections/read-models/commerce/queries.js';
import { newestPerGroup } from '../../projections/read-models/search/queries.js';
import { authorResourceIds, recommendedFeedIds } from '../../projections/read-models/templates/queries.js';

/** The Visibility panel of one post: now (ranks from the lists' own queries) or at a past moment (from the log alone). */
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
  eventsAboutTemplate: EventsAboutTemplate;
  now?: () => Date;
}): VisibilityService {
  const now = deps.now ?? (() => new Date());
  return {
    async explain(post, asOf) {
      const moment = asOf ?? now();
      const standing = standingAt(await deps.eventsAboutTemplate(post.id), moment);
      if (!standing) return null;
      if (asOf !== null) return explainVisibility(standing, null, moment);
      const [places, notForSale] = await Promise.all([
        listPlaces(deps, post),
        post.priceCents > 0 ? takesCharges(deps.db, post.authorId).then((takes) => !takes) : false,
      ]);
      return explainVisibility(standing, places, moment, { notForSale });
    },
  };
}

/** Where each list puts the post now, asked of the same queries the list routes answer with. */
async function listPlaces(deps: { db: Kysely<Schema>; search: SearchIndex }, post: PostRef): Promise<ListPlaces> {
  const { db } = deps;
  const feed = (order: 'top_rated' | 'newest', sponsoredOnly: boolean, limit: number) =>
    recommendedFeedIds(db, { order, sponsoredOnly, limit });
  const [topRated, newest, sponsored, topicIds, profileIds, appIds] = await Promise.all([
    feed('top_rated', false, VISIBILITY_RANK_DEPTH),
    feed('newest', false, VISIBILITY_RANK_DEPTH),
    feed('newest', true, HOME_LIST_LIMIT),
    newestPerGroup(db, 'topic', [post.topic], VISIBILITY_RANK_DEPTH).then((groups) => groups.get(post.topic) ?? []),
    authorResourceIds(db, post.authorId, true, VISIBILITY_RANK_DEPTH),
    appPageIds(deps.search, post.platform),
  ]);
  const asCards = (rows: readonly { id: string; likes: number }[]) => rows.map((row) => ({ _id: row.id, likes: row.likes }));
  const topRatedShown = topRated.slice(0, HOME_LIST_LIMIT);
  const trendingShown = trendingOrder(asCards(sponsored), asCards(topRatedShown));
  const trendingAll = trendingOrder(asCards(sponsored), asCards(topRated));
  const trendingRank = rankOf(
    trendingAll.map((card) => card._id),
    post.id,
  );
  const lowest = (cards: readonly { likes: number }[]) => cards.at(-1)?.likes;
  return {
    'home:toprated': {
      ...place(
        topRated.map((row) => row.id),
        post.id,
        HOME_LIST_LIMIT,
      ),
      lowestShownKudos: lowest(topRatedShown),
    },
    'home:new': place(
      newest.map((row) => row.id),
      post.id,
      HOME_LIST_LIMIT,
    ),
    trending: {
      rank: trendingRank,
      shows: trendingShown.length,
      lowestShownKudos: lowest(trendingShown.slice(sponsored.length)),
      sponsoredPlace: trendingRank !== null && trendingRank <= sponsored.length,
    },
    topic: place(topicIds, post.id, TOPICS_REQUEST_LIMIT),
    app: place(appIds, post.id, null),
    profile: place(profileIds, post.id, null),
  };
}

function rankOf(ids: readonly string[], id: string): number | null {
  const index = ids.indexOf(id);
  return index === -1 ? null : index + 1;
}

function place(ids: readonly string[], id: string, shows: number | null): ListPlace {
  return { rank: rankOf(ids, id), shows };
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
