import { sql, type Kysely, type Selectable } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { RecordedEvent, RecordedOneOf } from '../../../domain/shared/events.js';
import {
  TEMPLATE_EVENT_TYPES,
  type EditableContent,
  type TemplateEvent,
  type TemplateSubmitted,
} from '../../../domain/templates/events.js';
import { STATUS, statusAfter } from '../../../domain/templates/lifecycle.js';
import { defineProjection, type ApplyPhase, type ProjectableEvent } from '../../projection.js';
import type { GenerationTables } from '../tables.js';
import { inOrder, prepareDeleteRows, prepareWriteRows, writeRows, type BatchWrite, type WriteRowsOptions } from '../../set-based.js';
import { createTemplatesIndexes, createTemplatesTables, type TemplatesView } from './tables.js';

/** Per-user toggles kept as sets; the counts on the templates row are derived from them. */
const TOGGLES = {
  TemplateLiked: { table: 'template_likes', on: true, count: 'likes' },
  TemplateUnliked: { table: 'template_likes', on: false, count: 'likes' },
  TemplateSaved: { table: 'template_saves', on: true, count: 'saves' },
  TemplateUnsaved: { table: 'template_saves', on: false, count: 'saves' },
  TemplateFlagged: { table: 'template_flags', on: true, count: 'red_flags' },
  TemplateUnflagged: { table: 'template_flags', on: false, count: 'red_flags' },
} as const;
type ToggleEventType = keyof typeof TOGGLES;
type ToggleTable = (typeof TOGGLES)[ToggleEventType]['table'];
type CountColumn = (typeof TOGGLES)[ToggleEventType]['count'];

/** The catalogue read model: one row per template, following its whole lifecycle, with its like, save and red-flag counts. */
export const templatesProjection = defineProjection({
  name: 'templates',
  version: 6,
  handles: [...TEMPLATE_EVENT_TYPES, ...(Object.keys(TOGGLES) as ToggleEventType[])],
  tables: ['templates', 'template_likes', 'template_saves', 'template_flags'],
  createTables: createTemplatesTables,
  createIndexes: createTemplatesIndexes,
  // Set-based: the batch's templates are folded in memory event by event and written back in one
  // statement (those stored before it read once first); the toggles of each set are folded per pair
  // and written in one statement each.
  prepare(events, t, phase) {
    const lifecycle: RecordedOneOf<TemplateEvent>[] = [];
    const toggles: RecordedOneOf<ToggleEvent>[] = [];
    for (const event of events) {
      if (isToggle(event)) toggles.push(event);
      else lifecycle.push(event);
    }
    const writeLifecycle = prepareLifecycle(t, lifecycle, phase);
    const { writeToggles, toggled } = prepareToggles(t, toggles);
    // Counts are derived from the sets, so replaying a batch cannot count twice. A rebuild counts once, at the end.
    const recount = toggled.size > 0 && phase === 'live' ? recountStatement(t, toggled) : null;
    return async (trx) => {
      await writeLifecycle(trx);
      await writeToggles(trx);
      await recount?.execute(trx);
    };
  },
  finishBuild: [recountAll],
});

/** Every template's counts from its sets in one pass (grouped, joined); rows whose counts are right stay untouched. */
async function recountAll(trx: Kysely<Schema>, t: GenerationTables): Promise<void> {
  const columns = Object.keys(COUNTED_IN) as CountColumn[];
  const counted = columns.map((column) => {
    const set = sql.id(t[COUNTED_IN[column]]);
    return sql`left join (select template_id, count(*)::int as n from ${set} group by template_id) ${sql.id(column)} on ${sql.id(column)}.template_id = r.id`;
  });
  await sql`
    update ${sql.id(t.templates)} d
    set ${sql.join(columns.map((column) => sql`${sql.id(column)} = c.${sql.id(column)}`))}
    from (
      select r.id, ${sql.join(columns.map((column) => sql`coalesce(${sql.id(column)}.n, 0) as ${sql.id(column)}`))}
      from ${sql.id(t.templates)} r ${sql.join(counted, sql` `)}
    ) c
    where d.id = c.id and (${sql.join(columns.map((column) => sql`d.${sql.id(column)}`))}) is distinct from (${sql.join(columns.map((column) => sql`c.${sql.id(column)}`))})`.execute(
    trx,
  );
}

/** Sets the toggled templates' counts from their sets. */
function recountStatement(t: GenerationTables, toggled: ReadonlySet<string>) {
  const counts = Object.entries(COUNTED_IN).map(
    ([column, table]) => sql`${sql.id(column)} = (select count(*)::int from ${sql.id(t[table])} s where s.template_id = d.id)`,
  );
  return sql`update ${sql.id(t.templates)} d set ${sql.join(counts)} where d.id in (select jsonb_array_elements_text(${JSON.stringify([...toggled])}::jsonb))`;
}

type ToggleEvent = Extract<ProjectableEvent, { type: ToggleEventType }>;
const isToggle = (event: RecordedOneOf<TemplateEvent | ToggleEvent>): event is RecordedOneOf<ToggleEvent> =>
  Object.hasOwn(TOGGLES, event.type);

const COUNTED_IN: Record<CountColumn, ToggleTable> = { likes: 'template_likes', saves: 'template_saves', red_flags: 'template_flags' };

/** A templates row as it is read and written back here (jsonb columns as values, counts left to the recount). */
type TemplateRow = Omit<Selectable<TemplatesView>, 'likes' | 'saves' | 'red_flags'>;

/**
 * Folds the batch's lifecycle events into their templates' rows: each event changes its row
 * unless the row already reflects it or a later event (last_position), as if applied one by one.
 * A template submitted in this batch is folded now, from its submission: a stored row of it can
 * only reflect a part of this batch (the log is applied in order), and the write keeps the newer.
 * The others are folded when the write runs, from their rows stored by the batches before.
 */
function prepareLifecycle(t: GenerationTables, events: readonly RecordedOneOf<TemplateEvent>[], phase: ApplyPhase): BatchWrite {
  const submitted = new Map<string, TemplateRow>();
  const ofStored: RecordedOneOf<TemplateEvent>[] = [];
  for (const event of events) {
    if (event.type === 'TemplatePriceChangeRequested') continue;
    const { templateId } = event.data;
    if (event.type === 'TemplateSubmitted' && !submitted.has(templateId)) submitted.set(templateId, submittedRow(event));
    else if (submitted.has(templateId)) applyInOrder(submitted.get(templateId)!, event);
    else ofStored.push(event);
  }
  // A template is submitted once (its stream's first event): a generation being built, which applies each event once, holds no row of it yet.
  const writeSubmitted = prepareWriteRows(t.templates, [...submitted.values()], { ...TEMPLATE_WRITE, onlyNewRows: phase === 'rebuilding' });
  return async (trx) => {
    await writeSubmitted(trx);
    if (ofStored.length === 0) return;
    const stored = await sql<TemplateRow>`
      select ${sql.join(TEMPLATE_COLUMNS.map((column) => sql.id(column)))} from ${sql.id(t.templates)}
      where id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(ofStored.map((event) => event.data.templateId))])}::jsonb))`.execute(
      trx,
    );
    const rows = new Map(stored.rows.map((row) => [row.id, row]));
    const changed = new Set<TemplateRow>();
    for (const event of ofStored) {
      const row = rows.get(event.data.templateId);
      if (row && applyInOrder(row, event)) changed.add(row);
    }
    await writeRows(trx, t.templates, [...changed], TEMPLATE_WRITE);
  };
}

/** Applies the event to the row unless the row already reflects it or a later one; true when it changed the row. */
function applyInOrder(row: TemplateRow, event: RecordedOneOf<TemplateEvent>): boolean {
  return row.last_position < event.position && applyToRow(row, event);
}

const TEMPLATE_COLUMNS = [
  'id',
  'title_url',
  'title',
  'description_short',
  'description_long',
  'url',
  'platform',
  'topic',
  'keywords',
  'image_urls',
  'price_cents',
  'status',
  'status_reason',
  'pending_changes',
  'content_revision',
  'flagged_for_review',
  'sponsored',
  'author_id',
  'owners',
  'created_at',
  'updated_at',
  'last_position',
] as const satisfies readonly (keyof TemplateRow)[];

/** A row is written back unless the stored one is newer. */
const TEMPLATE_WRITE: WriteRowsOptions = {
  conflict: ['id'],
  update: TEMPLATE_COLUMNS.filter((column) => column !== 'id'),
  onlyNewer: true,
};

function submittedRow({ data, metadata, position }: RecordedEvent<TemplateSubmitted>): TemplateRow {
  const at = new Date(metadata.occurredAt);
  return {
    id: data.templateId,
    title_url: data.titleUrl,
    title: data.title,
    description_short: data.description,
    description_long: data.instructions,
    url: data.url,
    platform: data.platform,
    topic: data.topic,
    keywords: data.keywords,
    image_urls: data.imageUrls,
    price_cents: Math.round(data.price * 100),
    status: STATUS.underReview,
    status_reason: null,
    pending_changes: null,
    content_revision: 1,
    flagged_for_review: false,
    sponsored: false,
    author_id: data.authorId,
    owners: [data.authorId],
    created_at: at,
    updated_at: at,
    last_position: position,
  };
}

/** Changes the row as the event says; false when the event changes nothing here. */
function applyToRow(row: TemplateRow, event: RecordedOneOf<TemplateEvent>): boolean {
  const status = statusAfter(event);
  const touch = () => {
    row.updated_at = new Date(event.metadata.occurredAt);
    row.last_position = event.position;
  };
  switch (event.type) {
    case 'TemplateSubmitted':
    case 'TemplatePriceChangeRequested':
    case 'TemplatePriceChangeDeclined':
    case 'TemplateVersionPublished':
      return false;
    case 'TemplatePriceChanged':
      row.price_cents = Math.round(event.data.to * 100);
      break;
    case 'TemplateApproved':
      Object.assign(
        row,
        { status, status_reason: event.data.reason ?? null, pending_changes: null, flagged_for_review: false },
        contentColumns(event.data.published ?? {}),
      );
      break;
    case 'TemplateDenied':
      Object.assign(row, { status, status_reason: event.data.reason, pending_changes: null, flagged_for_review: false });
      break;
    case 'TemplateFlagCleared':
    case 'TemplateHidden':
      Object.assign(row, { status, status_reason: event.data.reason, flagged_for_review: false });
      break;
    case 'TemplateFlaggedForReview':
      // A flag held while an edit waits leaves the status as it is (lifecycle.statusAfter).
      Object.assign(row, { status: status ?? row.status, status_reason: event.data.reason, flagged_for_review: true });
      break;
    case 'TemplateEdited':
      // The flag review outlasts an edit that keeps the post public, as in the decider.
      Object.assign(row, {
        status,
        status_reason: null,
        content_revision: row.content_revision + 1,
        flagged_for_review: status === STATUS.underReviewEdit && row.flagged_for_review,
      });
      // An edit of a public post waits beside the approved version; one of a post nobody sees yet replaces it.
      if (status === STATUS.underReviewEdit) row.pending_changes = { ...row.pending_changes, ...event.data.changes };
      else Object.assign(row, { pending_changes: null }, contentColumns(event.data.changes));
      break;
    case 'TemplateImagesCleared':
      row.image_urls = [];
      // A waiting edit's screenshots go too.
      if (row.pending_changes && Object.hasOwn(row.pending_changes, 'imageUrls'))
        row.pending_changes = { ...row.pending_changes, imageUrls: [] };
      row.content_revision += 1;
      break;
    case 'TemplateSponsored':
      row.sponsored = event.data.sponsored;
      break;
    case 'TemplateDeleted':
    case 'TemplatePermanentlyDeleted':
      // A tombstone rather than a delete: the position guard keeps replays from reviving it.
      Object.assign(row, { status, sponsored: false });
      break;
    case 'TemplatePurchased':
      if (!row.owners.includes(event.data.buyerId)) row.owners = [...row.owners, event.data.buyerId];
      // A purchase is not an edit: updated_at stays.
      row.last_position = event.position;
      return true;
    case 'TemplatePurchaseRefunded':
      row.owners = row.owners.filter((owner) => owner !== event.data.buyerId);
      row.last_position = event.position;
      return true;
  }
  touch();
  return true;
}

/**
 * Folds the batch's toggles per (set, template, user): a pair taken out in this batch is deleted
 * (and put back when its last toggle puts it in); a pair only put in is inserted unless present.
 * The save time kept is that of the save after the last unsave, as one by one. Answers the templates toggled.
 */
function prepareToggles(
  t: GenerationTables,
  events: readonly RecordedOneOf<ToggleEvent>[],
): { writeToggles: BatchWrite; toggled: Set<string> } {
  const toggled = new Set<string>();
  const pairs = new Map<
    string,
    { table: ToggleTable; templateId: string; userId: string; on: boolean; takenOut: boolean; since: Date | null }
  >();
  for (const event of events) {
    const toggle = TOGGLES[event.type];
    const { templateId, userId } = event.data;
    toggled.add(templateId);
    const key = `${toggle.table}/${templateId}/${userId}`;
    const pair = pairs.get(key) ?? { table: toggle.table, templateId, userId, on: false, takenOut: false, since: null };
    if (toggle.on) {
      // A put-in of a pair already in keeps the first time (insert … on conflict do nothing).
      if (!pair.on) pair.since = new Date(event.metadata.occurredAt);
    } else {
      pair.takenOut = true;
      pair.since = null;
    }
    pair.on = toggle.on;
    pairs.set(key, pair);
  }
  const writes = Object.values(COUNTED_IN).flatMap((table) => {
    const ofTable = [...pairs.values()].filter((pair) => pair.table === table);
    const inserted = ofTable.filter((pair) => pair.on);
    return [
      prepareDeleteRows(
        t[table],
        ['template_id', 'user_id'],
        ofTable.filter((pair) => pair.takenOut).map((pair) => [pair.templateId, pair.userId]),
      ),
      prepareWriteRows(
        t[table],
        inserted.map((pair) =>
          table === 'template_saves'
            ? { template_id: pair.templateId, user_id: pair.userId, saved_at: pair.since }
            : { template_id: pair.templateId, user_id: pair.userId },
        ),
        { conflict: ['template_id', 'user_id'] },
      ),
    ];
  });
  return { writeToggles: inOrder(writes), toggled };
}

/** The columns an edit changes; fields the edit left out stay as they are. */
function contentColumns(changes: Partial<EditableContent>): Partial<TemplateRow> {
  const columns: Partial<TemplateRow> = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.description !== undefined) columns.description_short = changes.description;
  if (changes.instructions !== undefined) columns.description_long = changes.instructions;
  if (changes.url !== undefined) columns.url = changes.url;
  if (changes.keywords !== undefined) columns.keywords = changes.keywords;
  if (changes.imageUrls !== undefined) columns.image_urls = changes.imageUrls;
  return columns;
}
