import { randomUUID } from 'node:crypto';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { searchDecider } from '../../domain/discovery/decider.js';
import { searchStream } from '../../domain/discovery/events.js';
import type { CommandBus } from '../bus/handle-command.js';

/** Records searches, from which the popular searches are computed. */
export function createSearchRecording(deps: { commands: CommandBus; vault: PersonalDataVault }) {
  return {
    /** A member's search under their id; a guest's under a keyed digest of their address (no address in the log). */
    async recordSearch(searchTerm: string, userId: string | null, address: string): Promise<void> {
      const searchId = randomUUID();
      const searcher = userId === null ? await deps.vault.blindIndex(`searcher:${address}`) : null;
      await deps.commands.handle(
        searchDecider,
        searchStream(searchId),
        { type: 'RecordSearch', data: { searchId, searchTerm, userId, searcher } },
        { actor: { userId, role: userId === null ? 'anonymous' : 'base' } },
      );
    },
  };
}

export type SearchRecording = ReturnType<typeof createSearchRecording>;
