import type { Kysely } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import type { Schema } from '../adapters/db/schema.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import type { RemoteImageFetcher } from '../adapters/storage/remote-images.js';
import { DomainError, type Actor } from '../domain/shared/events.js';
import { withUnstorableMarked } from '../domain/shared/text.js';
import { BULK_IMPORT_MESSAGES, bulkRowKey, checkBulkRow, type BulkImportPayload, type BulkRowReport } from '../domain/templates/bulk-import.js';
import { templateDecider } from '../domain/templates/decider.js';
import { templateStream } from '../domain/templates/events.js';
import { TEMPLATE_MESSAGES, titleUrlFor } from '../domain/templates/rules.js';
import { takesCharges } from '../projections/read-models/commerce/queries.js';
import { activeUserByUsername } from '../projections/read-models/users/queries.js';
import type { CommandBus } from './handle-command.js';

/** Template ids of imported rows are uuid v5 of the row's key in this namespace: the same row is the same template. */
const BULK_IMPORT_NAMESPACE = '8f4a3c2e-5b61-4d7a-9e0f-1c2b3a4d5e6f';
/** The approval's reason on the post's history. */
export const BULK_IMPORT_APPROVAL_REASON = 'Imported by an admin from a CSV file';

export interface BulkImportDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  store: EventStore;
  images: RemoteImageFetcher;
}

/**
 * The admin portal's bulk import. Each row is checked with the create form's rules, its author
 * looked up, then (unless a dry run) its image fetched and the post submitted and approved by the
 * importing admin: imported posts go live at once, the admin having reviewed them in the preview.
 * The row's key gives the template id and both commands' idempotency keys, so importing the same
 * row again appends nothing and reports it as already imported.
 */
export async function importBulkRows(
  deps: BulkImportDeps,
  payloads: readonly BulkImportPayload[],
  options: { dryRun: boolean; admin: Actor & { userId: string } },
): Promise<{ reports: BulkRowReport[]; position: bigint | null }> {
  const reports: BulkRowReport[] = [];
  const seen = new Set<string>();
  let position: bigint | null = null;
  for (const payload of payloads) {
    // A refused title is still named in its report: with the characters it was refused for marked, not echoed.
    const base = { row: payload.row, title: withUnstorableMarked(payload.title.trim()) };
    const checked = checkBulkRow(payload);
    const errors = checked.ok ? [] : [...checked.errors];
    let authorId = options.admin.userId;
    if (checked.ok && checked.author !== null) {
      const author = await activeUserByUsername(deps.db, checked.author);
      if (author) authorId = author.id;
      else errors.push(`author: ${BULK_IMPORT_MESSAGES.unknownAuthor} ('${checked.author}')`);
    }
    if (!checked.ok || errors.length > 0) {
      reports.push({ ...base, status: 'invalid', errors });
      continue;
    }
    if (checked.content.price > 0 && !(await takesCharges(deps.db, authorId))) {
      reports.push({ ...base, status: 'invalid', errors: [`price: ${TEMPLATE_MESSAGES.payoutRequired}`] });
      continue;
    }
    const key = bulkRowKey(payload);
    const templateId = uuidv5(key, BULK_IMPORT_NAMESPACE);
    const titleUrl = titleUrlFor(checked.content.title, templateId);
    if (seen.has(key) || (await deps.store.readStream(templateStream(templateId))).length > 0) {
      reports.push({ ...base, status: 'duplicate', errors: [BULK_IMPORT_MESSAGES.alreadyImported], templateId, titleUrl });
      continue;
    }
    seen.add(key);
    if (options.dryRun) {
      reports.push({ ...base, status: 'valid', errors: [], templateId, titleUrl });
      continue;
    }
    let imageUrls: string[] = [];
    if (checked.imageUrl !== null) {
      try {
        imageUrls = [await deps.images.fetchAndStore(checked.imageUrl)];
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        reports.push({ ...base, status: 'invalid', errors: [`image location: ${error.message}`] });
        continue;
      }
    }
    const actor: Actor = { userId: options.admin.userId, role: options.admin.role };
    const stream = templateStream(templateId);
    const submitted = await deps.commands.handle(
      templateDecider,
      stream,
      { type: 'SubmitTemplate', data: { ...checked.content, imageUrls, templateId, authorId, titleUrl, importedBy: options.admin.userId } },
      { actor, idempotencyKey: `bulk-import:${key}` },
    );
    const approved = await deps.commands.handle(
      templateDecider,
      stream,
      { type: 'ApproveTemplate', data: { templateId, reviewerId: options.admin.userId, reason: BULK_IMPORT_APPROVAL_REASON } },
      { actor, idempotencyKey: `bulk-import-approval:${key}` },
    );
    position = approved.position ?? submitted.position ?? position;
    reports.push({ ...base, status: submitted.repeated ? 'duplicate' : 'imported', errors: submitted.repeated ? [BULK_IMPORT_MESSAGES.alreadyImported] : [], templateId, titleUrl });
  }
  return { reports, position };
}
