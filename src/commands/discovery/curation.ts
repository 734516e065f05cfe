import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import {
  curationDecider,
  curationStream,
  type CollectionEntry,
  type CuratedList,
  type HomeListSet,
  type TopAppEntry,
} from '../../domain/discovery/curation.js';
import type { Actor } from '../../domain/shared/events.js';
import { currentCuratedList } from '../../projections/read-models/curation/queries.js';
import type { CommandBus, CommandResult } from '../bus/handle-command.js';

export interface CurationServiceDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
}

type CuratedEntry = CollectionEntry | TopAppEntry;

/** The home page's curated lists (collections, top apps) as commands on each list's stream. */
export class CurationService {
  constructor(private readonly deps: CurationServiceDeps) {}

  /** Replaces a list; new entries get an id here, so the home page and a removal can name them. Answers the entries as saved. */
  async setList(
    list: CuratedList,
    entries: readonly (Omit<CuratedEntry, '_id'> & { _id?: string | undefined })[],
    actor: Actor,
  ): Promise<{ entries: CuratedEntry[]; position: bigint | null }> {
    const saved = entries.map((entry) => ({ ...entry, _id: entry._id || randomUUID() })) as CuratedEntry[];
    const result = await this.deps.commands.handle(
      curationDecider,
      curationStream(list),
      { type: 'SetList', data: { list, entries: saved } },
      { actor },
    );
    return { entries: saved, position: result.position };
  }

  /** Removes one entry (a list keeps at least one); the shipped defaults count as the list until one is saved. */
  async removeEntry(list: CuratedList, entryId: string, actor: Actor): Promise<CommandResult<HomeListSet>> {
    const current = await currentCuratedList(this.deps.db, list);
    return this.deps.commands.handle(
      curationDecider,
      curationStream(list),
      { type: 'RemoveEntry', data: { list, entryId, current } },
      { actor },
    );
  }
}
