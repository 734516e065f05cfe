import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { VALIDATION_MESSAGES } from '../../../domain/shared/read-model-validation.js';
import { BULK_IMPORT_LIMITS, BULK_IMPORT_MESSAGES, bulkImportPayloadSchema } from '../../../domain/templates/bulk-import.js';
import { KEYWORD_MESSAGES } from '../../../domain/templates/keywords.js';
import type { TemplateRouteDeps } from './deps.js';
import { adminTags as tags, reviewerOf } from './shared.js';

const rowReportSchema = z.object({
  row: z.number(),
  status: z.enum(['valid', 'invalid', 'imported', 'duplicate']),
  errors: z.array(z.string()),
  title: z.string(),
  templateId: z.string().optional(),
  titleUrl: z.string().optional(),
});
const importAnswer = z.object({
  success: z.literal(true),
  dryRun: z.boolean(),
  reports: z.array(rowReportSchema),
  imported: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
  valid: z.number(),
});
const validationAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  tables: z.number(),
  position: z.string(),
  differences: z.array(
    z.object({
      table: z.string(),
      projection: z.string(),
      liveRows: z.number(),
      rebuiltRows: z.number(),
      onlyLive: z.number(),
      onlyRebuilt: z.number(),
    }),
  ),
});
const keywordsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.array(z.object({ _id: z.string(), title: z.string(), keywords: z.array(z.string()) })),
});

/** The admin portal's bulk import, image fetch, read-model validation and keyword update (generator-admin-site.md section 7). */
export function bulkImportRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/csv/upload',
      {
        // checkBulkRow marks a row with a NUL or broken Unicode invalid: the other rows still import.
        config: { access: 'admin', checksBodyTextPerItem: true },
        schema: {
          tags,
          summary: `Import CSV rows as live posts (at most ${BULK_IMPORT_LIMITS.rowsPerRequest} per call); dryRun checks them and writes nothing. Answers one report per row`,
          body: z.object({
            data: z
              .array(bulkImportPayloadSchema)
              .min(1, BULK_IMPORT_MESSAGES.empty)
              .max(
                BULK_IMPORT_LIMITS.rowsPerRequest,
                `At most ${BULK_IMPORT_LIMITS.rowsPerRequest} rows per call: send a file in batches.`,
              ),
            dryRun: z.boolean().optional(),
          }),
          response: { 200: importAnswer },
        },
      },
      async (request) => {
        const dryRun = request.body.dryRun === true;
        const { reports, position } = await deps.templates.importRows(request.body.data, { dryRun, admin: reviewerOf(request.viewer!) });
        await deps.settle(position);
        const count = (status: string) => reports.filter((report) => report.status === status).length;
        return {
          success: true as const,
          dryRun,
          reports,
          imported: count('imported'),
          duplicates: count('duplicate'),
          invalid: count('invalid'),
          valid: count('valid'),
        };
      },
    );

    app.post(
      '/admin/fetch-and-upload-image',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Fetch a picture from a public address and store it re-encoded; answers its location',
          body: z.object({ imageUrl: z.string().max(2000) }),
          response: { 200: z.object({ location: z.string() }) },
        },
      },
      async (request) => ({ location: await deps.templates.remoteImages.fetchAndStore(request.body.imageUrl) }),
    );

    app.get(
      '/admin/validate',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Rebuild every read model from the log into scratch tables and compare with the live ones',
          response: { 200: validationAnswer },
        },
      },
      async () => {
        const report = await deps.templates.validateReadModels();
        const valid = report.differences.length === 0;
        return { success: valid, message: valid ? VALIDATION_MESSAGES.valid : VALIDATION_MESSAGES.differences, ...report };
      },
    );

    // The spec's GET changes data: here it is a POST, as every state-changing call is.
    app.post(
      '/admin/updateAIKeywords',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Give live posts without keywords keywords derived from their title and description (offline)',
          response: { 200: keywordsAnswer },
        },
      },
      async (request) => {
        const { updated, position } = await deps.templates.lifecycle.fillMissingKeywords(reviewerOf(request.viewer!));
        await deps.settle(position);
        return { success: true as const, message: KEYWORD_MESSAGES.updated, updated };
      },
    );
  };
}
