import type { DomainEvent } from '../shared/events.js';

/** Someone searched: the input of popular searches. The term is normalised (lower case, single spaces). */
export type SearchPerformed = DomainEvent<'SearchPerformed', { searchId: string; searchTerm: string; userId: string | null }>;

export type SearchEvent = SearchPerformed;

/** One stream per search: searches never contend with each other. */
export const searchStream = (searchId: string) => `search-${searchId}`;
