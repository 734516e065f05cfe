import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';
import { collectionListSchema, CURATION_MESSAGES, topAppListSchema } from '../../domain/discovery/curation.js';
import type { AppServices } from '../../composition/services.js';

const entryBase = { _id: z.string(), name: z.string(), link: z.string(), img: z.string().nullable() };
/** The list as saved, new entries with their ids. */
const savedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(z.union([z.object({ ...entryBase, type: z.string() }), z.object({ ...entryBase, description: z.string() })])),
});

/** The collections and top apps editors (spec calls): each PUT replaces a list of 1 to 8 entries; DELETE removes one. */
export function adminCurationRoutes(deps: {
  curation: AppServices['templates']['curation'];
  settle(position: bigint | null): Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const lists = [
      { list: 'collections' as const, path: 'collections', schema: collectionListSchema, what: 'collections (name, link, img, type)' },
      { list: 'topapps' as const, path: 'topapps', schema: topAppListSchema, what: 'top apps (name, link, img, description)' },
    ];
    for (const { list, path, schema, what } of lists) {
      app.put(
        `/admin/api/${path}`,
        {
          config: { access: 'admin' },
          schema: { tags, summary: `Replace the home page's ${what}: 1 to 8 entries`, body: schema, response: { 200: savedAnswer } },
        },
        async (request) => {
          const viewer = request.viewer!;
          const { entries, position } = await deps.curation.setList(list, request.body, { userId: viewer.userId, role: viewer.lvl });
          await deps.settle(position);
          return { success: true as const, message: CURATION_MESSAGES.saved, data: entries };
        },
      );

      app.delete(
        `/admin/api/${path}/:id`,
        {
          config: { access: 'admin' },
          schema: {
            tags,
            summary: `Remove one of the home page's ${list} (a list keeps at least one)`,
            params: z.object({ id: z.string().max(100) }),
            response: { 200: z.object({ success: z.literal(true) }) },
          },
        },
        async (request) => {
          const viewer = request.viewer!;
          await deps.settle(
            (await deps.curation.removeEntry(list, request.params.id, { userId: viewer.userId, role: viewer.lvl })).position,
          );
          return { success: true as const };
        },
      );
    }
  };
}
