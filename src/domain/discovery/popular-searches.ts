import { Set as ImmutableSet } from 'immutable';
import { DomainError, type Decider } from '../shared/events.js';
import type { PopularSearchRemoved } from './events.js';
import { normaliseSearchText } from './search-text.js';

export interface PopularSearchRemovals {
  removed: ImmutableSet<string>;
}

export type RemovePopularSearch = { type: 'RemovePopularSearch'; data: { term: string; removedBy: string } };

/** Admins take terms out of the popular searches; a term removed stays out, whoever searches it again. */
export const popularSearchRemovalsDecider: Decider<PopularSearchRemovals, RemovePopularSearch, PopularSearchRemoved> = {
  initialState: () => ({ removed: ImmutableSet<string>() }),
  evolve: (state, event) => ({ removed: state.removed.add(event.data.term) }),
  decide: (command, state) => {
    const term = normaliseSearchText(command.data.term);
    if (term === '') throw new DomainError('invalid', 'term must not be empty');
    if (state.removed.has(term)) return [];
    return [{ type: 'PopularSearchRemoved', data: { term, removedBy: command.data.removedBy } }];
  },
};
