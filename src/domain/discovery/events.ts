import type { DomainEvent } from '../shared/events.js';

/** Someone searched: the input of popular searches. The term is normalised (lower case, single spaces). */
/**
 * `searcher` tells anonymous searchers apart for popular terms (which count people, not requests): a
 * keyed digest of the network address, never the address. Searches recorded before it have none.
 */
export type SearchPerformed = DomainEvent<
  'SearchPerformed',
  {
    searchId: string;
    searchTerm: string;
    userId: string | null;
    searcher?: string | null;
    /** Whether the term found live posts when it was searched; searches recorded before it say nothing (read as false). */
    foundPosts?: boolean;
  }
>;

/** An admin took a term out of the popular searches, for good (`removedBy`: the admin's user id). */
export type PopularSearchRemoved = DomainEvent<'PopularSearchRemoved', { term: string; removedBy: string }>;

export type SearchEvent = SearchPerformed | PopularSearchRemoved;

/** Every removal from the popular searches, on one stream: a handful, written by admins. */
export const POPULAR_SEARCH_REMOVALS_STREAM = 'popular-search-removals';

/** One stream per search: searches never contend with each other. */
export const searchStream = (searchId: string) => `search-${searchId}`;
