import type { DomainEvent } from '../shared/events.js';

/** Someone searched: the input of popular searches. The term is normalised (lower case, single spaces). */
/**
 * `searcher` tells anonymous searchers apart for popular terms (which count people, not requests): a
 * keyed digest of the network address, never the address. Searches recorded before it have none.
 */
export type SearchPerformed = DomainEvent<
  'SearchPerformed',
  { searchId: string; searchTerm: string; userId: string | null; searcher?: string | null }
>;

export type SearchEvent = SearchPerformed;

/** One stream per search: searches never contend with each other. */
export const searchStream = (searchId: string) => `search-${searchId}`;
