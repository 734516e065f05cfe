import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import {
  collectionListSchema,
  CURATION_MESSAGES,
  curationDecider,
  curationStream,
  topAppListSchema,
  type CollectionEntry,
  type TopAppEntry,
} from '../../domain/discovery/curation.js';
import { currentCuratedList } from '../../projections/read-models/curation/queries.js';

/** The collections and top apps editors (spec calls): each PUT replaces a list of 1 to 8 entries; DELETE removes one. */
export function adminCurationRoutes(deps: { db: Kysely<Schema>; commands: CommandBus; settle(position: bigint | null): Promise<void> }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const lists = [
      { list: 'collections' as const, path: 'collections', schema: collectionListSchema, what: 'collections (name, link, img, type)' },
      { list: 'topapps' as const, path: 'topapps', schema: topAppListSchema, what: 'top apps (name, link, img, description)' },
    ];
    for (const { list, path, schema, what } of lists) {
      app.put(`/admin/api/${path}`, { config: { access: 'admin' }, schema: { tags, summary: `Replace the home page's ${what}: 1 to 8 entries`, body: schema } }, async (request) => {
        const viewer = request.viewer!;
        // New entries get an id here, so the home page and the DELETE call can name them.
        const entries = request.body.map((entry) => ({ ...entry, _id: entry._id || randomUUID() })) as (CollectionEntry | TopAppEntry)[];
        const result = await deps.commands.handle(curationDecider, curationStream(list), { type: 'SetList', data: { list, entries } }, { actor: { userId: viewer.userId, role: viewer.lvl } });
        await deps.settle(result.position);
        return { success: true, message: CURATION_MESSAGES.saved, data: entries };
      });

      app.delete(
        `/admin/api/${path}/:id`,
        { config: { access: 'admin' }, schema: { tags, summary: `Remove one of the home page's ${list} (a list keeps at least one)`, params: z.object({ id: z.string().max(100) }) } },
        async (request) => {
          const viewer = request.viewer!;
          const current = await currentCuratedList(deps.db, list);
          const result = await deps.commands.handle(curationDecider, curationStream(list), { type: 'RemoveEntry', data: { list, entryId: request.params.id, current } }, { actor: { userId: viewer.userId, role: viewer.lvl } });
          await deps.settle(result.position);
          return { success: true };
        },
      );
    }
  };
}
