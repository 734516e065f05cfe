import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { RemoteImageFetcher } from '../../adapters/storage/remote-images.js';
import { DomainError } from '../../domain/shared/events.js';
import { importBulkRows } from '../../commands/templates/bulk-import.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import type { TemplateService } from '../../commands/templates/template-service.js';
import { BULK_IMPORT_LIMITS, BULK_IMPORT_MESSAGES, bulkImportPayloadSchema } from '../../domain/templates/bulk-import.js';
import { VALIDATION_MESSAGES } from '../../domain/shared/read-model-validation.js';
import { deriveKeywords, KEYWORD_MESSAGES } from '../../domain/templates/keywords.js';
import { liveTemplatesWithoutKeywords } from '../../projections/read-models/templates/queries.js';
import type { Projection } from '../../projections/projection.js';
import { validateReadModels } from '../../projections/validation.js';
import { actorOf } from '../actors.js';

export interface AdminImportDeps {
  db: Kysely<Schema>;
  store: EventStore;
  commands: CommandBus;
  templates: TemplateService;
  images: RemoteImageFetcher;
  projections: readonly Projection[];
  settle(position: bigint | null): Promise<void>;
}

/** The admin portal's bulk import, image fetch, read-model validation and keyword update (generator-admin-site.md section 7). */
export function adminImportRoutes(deps: AdminImportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];

    app.post(
      '/admin/csv/upload',
      {
        // checkBulkRow marks a row with a NUL or broken Unicode invalid: the other rows still import.
        config: { access: 'admin', checksBodyTextPerItem: true },
        schema: {
          tags,
          summary: `Import CSV rows as live posts (at most ${BULK_IMPORT_LIMITS.rowsPerRequest} per call); dryRun checks them and writes nothing. Answers one report per row`,
          body: z.object({ data: z.array(bulkImportPayloadSchema).min(1, BULK_IMPORT_MESSAGES.empty).max(BULK_IMPORT_LIMITS.rowsPerRequest, `At most ${BULK_IMPORT_LIMITS.rowsPerRequest} rows per call: send a file in batches.`), dryRun: z.boolean().optional() }),
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const dryRun = request.body.dryRun === true;
        const { reports, position } = await importBulkRows(deps, request.body.data, { dryRun, admin: { ...actorOf(viewer), userId: viewer.userId } });
        await deps.settle(position);
        const count = (status: string) => reports.filter((report) => report.status === status).length;
        return { success: true, dryRun, reports, imported: count('imported'), duplicates: count('duplicate'), invalid: count('invalid'), valid: count('valid') };
      },
    );

    app.post(
      '/admin/fetch-and-upload-image',
      { config: { access: 'admin' }, schema: { tags, summary: 'Fetch a picture from a public address and store it re-encoded; answers its location', body: z.object({ imageUrl: z.string().max(2000) }) } },
      async (request) => ({ location: await deps.images.fetchAndStore(request.body.imageUrl) }),
    );

    app.get('/admin/validate', { config: { access: 'admin' }, schema: { tags, summary: 'Rebuild every read model from the log into scratch tables and compare with the live ones' } }, async () => {
      const report = await validateReadModels(deps.db, deps.store, deps.projections);
      const valid = report.differences.length === 0;
      return { success: valid, message: valid ? VALIDATION_MESSAGES.valid : VALIDATION_MESSAGES.differences, ...report };
    });

    // The spec's GET changes data: here it is a POST, as every state-changing call is.
    app.post('/admin/updateAIKeywords', { config: { access: 'admin' }, schema: { tags, summary: 'Give live posts without keywords keywords derived from their title and description (offline)' } }, async (request) => {
      const viewer = request.viewer!;
      const updated: { _id: string; title: string; keywords: string[] }[] = [];
      let position: bigint | null = null;
      for (const post of await liveTemplatesWithoutKeywords(deps.db)) {
        const keywords = deriveKeywords(post.title, post.description_short);
        if (keywords.length === 0) continue;
        try {
          const result = await deps.templates.adminEdit(post.id, { keywords }, { ...actorOf(viewer), userId: viewer.userId });
          position = result.position ?? position;
        } catch (error) {
          // Edited or removed since the list was read: it is no longer one to fill.
          if (error instanceof DomainError) continue;
          throw error;
        }
        updated.push({ _id: post.id, title: post.title, keywords });
      }
      await deps.settle(position);
      return { success: true, message: KEYWORD_MESSAGES.updated, updated };
    });
  };
}
