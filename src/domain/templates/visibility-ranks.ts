import type { RecordedEvent } from '../shared/events.js';
import { HOME_LIST_LIMIT, TOPICS_REQUEST_LIMIT } from '../discovery/constants.js';
import { compareInList, type ListOrder, type OrderedPost } from '../discovery/list-order.js';
import { trendingOrder } from '../discovery/trending.js';
import { isRecommended, isSearchable } from './lifecycle.js';
import { StandingFold, VISIBILITY_RANK_DEPTH, type ListPlace, type ListPlaces, type PostStanding } from './visibility.js';

/*
 * The Visibility panel's ranks: where each list puts a post. Now, the lists' own queries answer
 * (src/commands/templates/visibility-service.ts); at a past moment, the catalogue folded from the
 * log up to then is chosen and ordered here with the lists' rules (recommended / searchable from
 * the lifecycle, the order keys of src/domain/discovery/list-order.ts, Trending's composition).
 * Either way the same placesIn turns the lists into ranks.
 */

/** A post as the lists group it: these never change after submission. */
export interface ListedPost {
  id: string;
  authorId: string;
  topic: string;
  platform: string;
}

/** Each list the panel ranks in, top to bottom, as deep as ranks are looked for. */
export interface RankedLists {
  topRated: readonly { id: string; likes: number }[];
  newest: readonly string[];
  /** The sponsored row above Trending, as many as the home page shows. */
  sponsored: readonly { id: string; likes: number }[];
  topic: readonly string[];
  app: readonly string[];
  profile: readonly string[];
}

/** Where the lists put the post: the one translation of lists into ranks, now and in the past. */
export function placesIn(lists: RankedLists, postId: string): ListPlaces {
  const asCards = (rows: readonly { id: string; likes: number }[]) => rows.map((row) => ({ _id: row.id, likes: row.likes }));
  const topRatedShown = lists.topRated.slice(0, HOME_LIST_LIMIT);
  const trendingShown = trendingOrder(asCards(lists.sponsored), asCards(topRatedShown));
  const trendingRank = rankOf(
    trendingOrder(asCards(lists.sponsored), asCards(lists.topRated)).map((card) => card._id),
    postId,
  );
  const lowest = (cards: readonly { likes: number }[]) => cards.at(-1)?.likes;
  return {
    'home:toprated': {
      ...place(
        lists.topRated.map((row) => row.id),
        postId,
        HOME_LIST_LIMIT,
      ),
      lowestShownKudos: lowest(topRatedShown),
    },
    'home:new': place(lists.newest, postId, HOME_LIST_LIMIT),
    trending: {
      rank: trendingRank,
      shows: trendingShown.length,
      lowestShownKudos: lowest(trendingShown.slice(lists.sponsored.length)),
      sponsoredPlace: trendingRank !== null && trendingRank <= lists.sponsored.length,
    },
    topic: place(lists.topic, postId, TOPICS_REQUEST_LIMIT),
    app: place(lists.app, postId, null),
    profile: place(lists.profile, postId, null),
  };
}

function rankOf(ids: readonly string[], id: string): number | null {
  const index = ids.indexOf(id);
  return index === -1 ? null : index + 1;
}

function place(ids: readonly string[], id: string, shows: number | null): ListPlace {
  return { rank: rankOf(ids, id), shows };
}

/** A post of the catalogue at a past moment. */
export interface PastPost extends ListedPost {
  standing: PostStanding;
}

/** The lists at a past moment, chosen and ordered by the lists' rules from the folded catalogue. */
export function pastLists(catalogue: readonly PastPost[], post: ListedPost): RankedLists {
  const recommended = catalogue.filter((entry) => isRecommended(entry.standing.status) && !entry.standing.flaggedForReview);
  const searchable = catalogue.filter((entry) => isSearchable(entry.standing.status));
  const sorted = (entries: readonly PastPost[], order: ListOrder, depth: number) =>
    entries.map(orderedPost).sort(compareInList(order)).slice(0, depth);
  const ids = (posts: readonly OrderedPost[]) => posts.map((entry) => entry.id);
  const cards = (posts: readonly OrderedPost[]) => posts.map((entry) => ({ id: entry.id, likes: entry.likes }));
  return {
    topRated: cards(sorted(recommended, 'top_rated', VISIBILITY_RANK_DEPTH)),
    newest: ids(sorted(recommended, 'newest', VISIBILITY_RANK_DEPTH)),
    sponsored: cards(
      sorted(
        recommended.filter((entry) => entry.standing.sponsored),
        'newest',
        HOME_LIST_LIMIT,
      ),
    ),
    topic: ids(
      sorted(
        searchable.filter((entry) => entry.topic === post.topic),
        'newest',
        VISIBILITY_RANK_DEPTH,
      ),
    ),
    app: ids(
      sorted(
        searchable.filter((entry) => entry.platform === post.platform),
        'newest',
        VISIBILITY_RANK_DEPTH,
      ),
    ),
    profile: ids(
      sorted(
        searchable.filter((entry) => entry.authorId === post.authorId),
        'newest',
        VISIBILITY_RANK_DEPTH,
      ),
    ),
  };
}

const orderedPost = (entry: PastPost): OrderedPost => ({
  id: entry.id,
  likes: entry.standing.kudos,
  createdAtMs: Date.parse(entry.standing.createdAt),
});

/**
 * Every post's standing at one moment, folded from the log's template and kudos/flag events in
 * log order (the caller stops at the first event after the moment, as standingAt does).
 */
export class CatalogueFold {
  private readonly posts = new Map<string, { post: ListedPost | null; fold: StandingFold }>();

  apply(event: RecordedEvent): void {
    const data = event.data as { templateId?: string; authorId?: string; topic?: string; platform?: string };
    if (typeof data.templateId !== 'string') return;
    let entry = this.posts.get(data.templateId);
    if (!entry) {
      entry = { post: null, fold: new StandingFold() };
      this.posts.set(data.templateId, entry);
    }
    if (event.type === 'TemplateSubmitted')
      entry.post = { id: data.templateId, authorId: data.authorId ?? '', topic: data.topic ?? '', platform: data.platform ?? '' };
    entry.fold.apply(event);
  }

  /** The posts submitted by then, with their standing. */
  catalogue(): PastPost[] {
    const posts: PastPost[] = [];
    for (const { post, fold } of this.posts.values()) {
      const standing = fold.standing();
      if (post && standing) posts.push({ ...post, standing });
    }
    return posts;
  }
}
