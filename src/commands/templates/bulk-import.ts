import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { v5 as uuidv5 } from 'uuid';
import type { Schema } from '../../adapters/db/schema.js';
import { openingEvent, type EventStore, type NewStreamAppend } from '../../adapters/eventstore/port.js';
import type { RemoteImageFetcher } from '../../adapters/storage/remote-images.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { withUnstorableMarked } from '../../domain/shared/text.js';
import {
  BULK_IMPORT_MESSAGES,
  bulkRowKey,
  bulkRowAuthor,
  checkBulkRow,
  type BulkImportPayload,
  type BulkRowReport,
} from '../../domain/templates/bulk-import.js';
import { templateDecider, type TemplateCommand } from '../../domain/templates/decider.js';
import { templateStream } from '../../domain/templates/events.js';
import { TEMPLATE_MESSAGES, titleUrlFor, type TemplateContent } from '../../domain/templates/rules.js';
import { upcasters } from '../../domain/upcasters.js';
import { takesCharges } from '../../projections/read-models/commerce/queries.js';
import { activeUserByUsername } from '../../projections/read-models/users/queries.js';
import { eventsToAppend, type CommandBus } from '../bus/handle-command.js';

/** Template ids of imported rows are uuid v5 of the row's key in this namespace: the same row is the same template. */
const BULK_IMPORT_NAMESPACE = '8f4a3c2e-5b61-4d7a-9e0f-1c2b3a4d5e6f';
/** The approval's reason on the post's history. */
export const BULK_IMPORT_APPROVAL_REASON = 'Imported by an admin from a CSV file';
/**
 * Pictures fetched at once. Their re-encoding waits in the image store's own one-at-a-time queue;
 * fetching ahead overlaps the next downloads with it, and bounds the fetched bodies held in memory.
 */
const PICTURE_FETCHES_AT_ONCE = 4;

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
 *
 * The rows' streams are written together, in one transaction, where the store can
 * (`appendToNewStreams`): each append wakes every projection and reactor to read the log, and on
 * the embedded database that work, once per row, was most of an import's time.
 */
export async function importBulkRows(
  deps: BulkImportDeps,
  payloads: readonly BulkImportPayload[],
  options: { dryRun: boolean; admin: Actor & { userId: string } },
): Promise<{ reports: BulkRowReport[]; position: bigint | null }> {
  const checked = await checkRows(deps, payloads, options.admin.userId);
  if (options.dryRun) return { reports: checked.map((row) => ('report' in row ? row.report : reportOf(row, 'valid'))), position: null };
  const pictured = await withPictures(deps.images, checked);
  const position = await writeRows(deps, pictured, options.admin);
  return { reports: pictured.map((row) => ('report' in row ? row.report : reportOf(row, 'imported'))), position };
}

/** A row that passed every check, ready to be written. */
interface ReadyRow {
  base: { row: number; title: string };
  key: string;
  templateId: string;
  titleUrl: string;
  authorId: string;
  content: TemplateContent;
  imageUrl: string | null;
}

/** A ready row with its picture stored (the addresses the post shows). */
type PicturedRow = ReadyRow & { imageUrls: string[] };

/** Each row in order: ready, or settled with its report. */
type RowOutcome<Ready> = Ready | { report: BulkRowReport };

function reportOf(row: ReadyRow, status: 'valid' | 'imported'): BulkRowReport {
  return { ...row.base, status, errors: [], templateId: row.templateId, titleUrl: row.titleUrl };
}

function duplicateOf(row: ReadyRow): { report: BulkRowReport } {
  return {
    report: {
      ...row.base,
      status: 'duplicate',
      errors: [BULK_IMPORT_MESSAGES.alreadyImported],
      templateId: row.templateId,
      titleUrl: row.titleUrl,
    },
  };
}

function invalidOf(row: { base: ReadyRow['base'] }, errors: string[]): { report: BulkRowReport } {
  return { report: { ...row.base, status: 'invalid', errors } };
}

/** The create form's rules, the author, payouts for a price, and whether the row was imported before (or earlier in this call). */
async function checkRows(deps: BulkImportDeps, payloads: readonly BulkImportPayload[], adminId: string): Promise<RowOutcome<ReadyRow>[]> {
  const outcomes: RowOutcome<ReadyRow>[] = [];
  const seen = new Set<string>();
  for (const payload of payloads) {
    // A refused title is still named in its report: with the characters it was refused for marked, not echoed.
    const base = { row: payload.row, title: withUnstorableMarked(payload.title.trim()) };
    const checked = checkBulkRow(payload);
    const errors = checked.ok ? [] : [...checked.errors];
    let authorId = adminId;
    // Looked up whatever else the row gets wrong: the preview shows every error of a row at once.
    const authorName = bulkRowAuthor(payload);
    if (authorName !== null) {
      const author = await activeUserByUsername(deps.db, authorName);
      if (author) authorId = author.id;
      else errors.push(`author: ${BULK_IMPORT_MESSAGES.unknownAuthor} ('${authorName}')`);
    }
    if (!checked.ok || errors.length > 0) {
      outcomes.push(invalidOf({ base }, errors));
      continue;
    }
    if (checked.content.price > 0 && !(await takesCharges(deps.db, authorId))) {
      outcomes.push(invalidOf({ base }, [`price: ${TEMPLATE_MESSAGES.payoutRequired}`]));
      continue;
    }
    const key = bulkRowKey(payload);
    const templateId = uuidv5(key, BULK_IMPORT_NAMESPACE);
    const row: ReadyRow = {
      base,
      key,
      templateId,
      titleUrl: titleUrlFor(checked.content.title, templateId),
      authorId,
      content: checked.content,
      imageUrl: checked.imageUrl,
    };
    if (seen.has(key) || (await openingEvent(deps.store, templateStream(templateId))) !== null) {
      outcomes.push(duplicateOf(row));
      continue;
    }
    seen.add(key);
    outcomes.push(row);
  }
  return outcomes;
}

/** Each ready row's picture fetched and stored; a row whose picture fails is reported invalid. */
async function withPictures(images: RemoteImageFetcher, rows: readonly RowOutcome<ReadyRow>[]): Promise<RowOutcome<PicturedRow>[]> {
  const fetchAtOnce = pLimit(PICTURE_FETCHES_AT_ONCE);
  return Promise.all(
    rows.map((row) => {
      if ('report' in row) return row;
      const { imageUrl } = row;
      if (imageUrl === null) return { ...row, imageUrls: [] };
      return fetchAtOnce(async () => {
        try {
          return { ...row, imageUrls: [await images.fetchAndStore(imageUrl)] };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return invalidOf(row, [`image location: ${error.message}`]);
        }
      });
    }),
  );
}

/** The submission and the approval of a row, as their two commands would decide and append them. */
function importCommands(row: PicturedRow, adminId: string): { command: TemplateCommand; idempotencyKey: string }[] {
  const { templateId, authorId, titleUrl, content, imageUrls, key } = row;
  return [
    {
      command: { type: 'SubmitTemplate', data: { ...content, imageUrls, templateId, authorId, titleUrl, importedBy: adminId } },
      idempotencyKey: `bulk-import:${key}`,
    },
    {
      command: { type: 'ApproveTemplate', data: { templateId, reviewerId: adminId, reason: BULK_IMPORT_APPROVAL_REASON } },
      idempotencyKey: `bulk-import-approval:${key}`,
    },
  ];
}

/**
 * Writes the ready rows, settling in place those it cannot write with their report (a refusal of
 * the decider names the row, not the whole call); answers the last position written. All the rows'
 * new streams go in one transaction where the store can: a stream that another import of the same
 * row wrote since the check holds these very events and is passed over, and its row reported already
 * imported (the other import reports it imported). When that write fails as a
 * whole (another writer's events in one of the streams, or the statement failed), it stored nothing,
 * and each row is written alone by its two commands, which give each its own outcome.
 */
async function writeRows(deps: BulkImportDeps, rows: RowOutcome<PicturedRow>[], admin: Actor & { userId: string }): Promise<bigint | null> {
  const actor: Actor = { userId: admin.userId, role: admin.role };
  const appends: { index: number; append: NewStreamAppend }[] = [];
  rows.forEach((row, index) => {
    if ('report' in row) return;
    const stream = templateStream(row.templateId);
    let state = templateDecider.initialState();
    try {
      const events = importCommands(row, admin.userId).flatMap(({ command, idempotencyKey }) => {
        const decided = templateDecider.decide(command, state);
        state = decided.reduce(templateDecider.evolve, state);
        return eventsToAppend(stream, decided, { actor, idempotencyKey }, upcasters);
      });
      appends.push({ index, append: { streamId: stream, events } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      rows[index] = invalidOf(row, [error.message]);
    }
  });
  if (appends.length === 0) return null;
  if (deps.store.appendToNewStreams) {
    try {
      const { position, alreadyStored } = await deps.store.appendToNewStreams(appends.map(({ append }) => append));
      for (const { index, append } of appends)
        if (alreadyStored.has(append.streamId)) rows[index] = duplicateOf(rows[index] as PicturedRow);
      return position;
    } catch {
      // Nothing of it was stored: each row is written alone below (and a lasting failure is thrown there).
    }
  }
  let position: bigint | null = null;
  for (const { index } of appends) {
    const row = rows[index] as PicturedRow;
    const stream = templateStream(row.templateId);
    let repeated = false;
    try {
      for (const { command, idempotencyKey } of importCommands(row, admin.userId)) {
        const result = await deps.commands.handle(templateDecider, stream, command, { actor, idempotencyKey });
        repeated ||= result.repeated;
        position = result.position ?? position;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      rows[index] = invalidOf(row, [error.message]);
      continue;
    }
    if (repeated) rows[index] = duplicateOf(row);
  }
  return position;
}
