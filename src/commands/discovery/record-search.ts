import { randomUUID } from 'node:crypto';
import type { SearchIndex } from '../../adapters/search/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { Actor } from '../../domain/shared/events.js';
import { searchDecider } from '../../domain/discovery/decider.js';
import { searchStream, POPULAR_SEARCH_REMOVALS_STREAM } from '../../domain/discovery/events.js';
import { popularSearchRemovalsDecider } from '../../domain/discovery/popular-searches.js';
import type { CommandBus } from '../bus/handle-command.js';

/** Records searches, from which the popular searches are computed, and takes terms out of them. */
export function createSearchRecording(deps: { commands: CommandBus; vault: PersonalDataVault; search: SearchIndex }) {
  return {
    /**
     * A member's search under their id; a guest's under a keyed digest of their address (no address in the log).
     * Whether it finds live posts is asked of the search index here, never of the caller: a post must hold every
     * word (as the autocomplete asks), since a search falls back to posts with any word, and spam with one
     * common word would pass.
     */
    async recordSearch(searchTerm: string, userId: string | null, address: string): Promise<void> {
      const searchId = randomUUID();
      const searcher = userId === null ? await deps.vault.blindIndex(`searcher:${address}`) : null;
      const foundPosts = (await deps.search.suggestTitles(searchTerm, 1)).length > 0;
      await deps.commands.handle(
        searchDecider,
        searchStream(searchId),
        { type: 'RecordSearch', data: { searchId, searchTerm, userId, searcher, foundPosts } },
        { actor: { userId, role: userId === null ? 'anonymous' : 'base' } },
      );
    },

    /** An admin takes a term out of the popular searches for good. */
    async removePopularSearch(term: string, admin: Actor & { userId: string }): Promise<bigint | null> {
      const result = await deps.commands.handle(
        popularSearchRemovalsDecider,
        POPULAR_SEARCH_REMOVALS_STREAM,
        { type: 'RemovePopularSearch', data: { term, removedBy: admin.userId } },
        { actor: admin },
      );
      return result.position;
    },
  };
}

export type SearchRecording = ReturnType<typeof createSearchRecording>;
