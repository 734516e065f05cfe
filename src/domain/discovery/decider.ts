import { DomainError, type Decider } from '../shared/events.js';
import { characterCount } from '../shared/characters.js';
import { SEARCH_MAX_QUERY_LENGTH } from './constants.js';
import type { SearchPerformed } from './events.js';
import { normaliseSearchText } from './search-text.js';

export interface SearchState {
  recorded: boolean;
}

export type SearchCommand = {
  type: 'RecordSearch';
  data: { searchId: string; searchTerm: string; userId: string | null; searcher: string | null; foundPosts: boolean };
};

/** Search analytics: every search is one event, recorded once. */
export const searchDecider: Decider<SearchState, SearchCommand, SearchPerformed> = {
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide: (command, state) => {
    if (state.recorded) return [];
    const searchTerm = normaliseSearchText(command.data.searchTerm);
    if (searchTerm === '') throw new DomainError('invalid', 'searchTerm must not be empty');
    if (characterCount(searchTerm) > SEARCH_MAX_QUERY_LENGTH) {
      throw new DomainError('invalid', `searchTerm must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`);
    }
    return [{ type: 'SearchPerformed', data: { ...command.data, searchTerm } }];
  },
};
