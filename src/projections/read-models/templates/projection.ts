import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { RecordedOneOf } from '../../../domain/shared/events.js';
import { TEMPLATE_EVENT_TYPES, type EditableContent, type TemplateEvent } from '../../../domain/templates/events.js';
import { STATUS, statusAfter } from '../../../domain/templates/lifecycle.js';
import { defineProjection, type GenerationTables } from '../../projection.js';
import { createTemplatesTables } from './tables.js';

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
  version: 5,
  handles: [...TEMPLATE_EVENT_TYPES, ...(Object.keys(TOGGLES) as ToggleEventType[])],
  tables: ['templates', 'template_likes', 'template_saves', 'template_flags'],
  createTables: createTemplatesTables,
  async apply(trx, events, t) {
    const recount = new Map<string, Set<CountColumn>>();
    for (const event of events) {
      switch (event.type) {
        case 'TemplateSubmitted': {
          const { data } = event;
          const at = new Date(event.metadata.occurredAt);
          await trx
            .insertInto(t.templates)
            .values({
              id: data.templateId,
              title_url: data.titleUrl,
              title: data.title,
              description_short: data.description,
              description_long: data.instructions,
              url: data.url,
              platform: data.platform,
              topic: data.topic,
              keywords: JSON.stringify(data.keywords),
              image_urls: JSON.stringify(data.imageUrls),
              price_cents: Math.round(data.price * 100),
              status: STATUS.underReview,
              status_reason: null,
              pending_changes: null,
              content_revision: 1,
              sponsored: false,
              author_id: data.authorId,
              owners: JSON.stringify([data.authorId]),
              created_at: at,
              updated_at: at,
              last_position: event.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'TemplateApproved': {
          const { reason, published } = event.data;
          await updateOnce(trx, t, event, { status: statusAfter(event), status_reason: reason ?? null, pending_changes: null, ...contentColumns(published ?? {}) });
          break;
        }
        case 'TemplateDenied':
          await updateOnce(trx, t, event, { status: statusAfter(event), status_reason: event.data.reason, pending_changes: null });
          break;
        case 'TemplateFlagCleared':
        case 'TemplateHidden':
        case 'TemplateFlaggedForReview': {
          await updateOnce(trx, t, event, { status: statusAfter(event), status_reason: event.data.reason });
          break;
        }
        case 'TemplateEdited': {
          const status = statusAfter(event);
          const revision = { status, status_reason: null, content_revision: sql<number>`content_revision + 1` };
          // An edit of a public post waits beside the approved version; one of a post nobody sees yet replaces it.
          await updateOnce(
            trx,
            t,
            event,
            status === STATUS.underReviewEdit
              ? { ...revision, pending_changes: sql<string>`coalesce(pending_changes, '{}'::jsonb) || ${JSON.stringify(event.data.changes)}::jsonb` }
              : { ...revision, pending_changes: null, ...contentColumns(event.data.changes) },
          );
          break;
        }
        case 'TemplateImagesCleared':
          await updateOnce(trx, t, event, {
            image_urls: '[]',
            // A waiting edit's screenshots go too.
            pending_changes: sql<string>`case when pending_changes ? 'imageUrls' then jsonb_set(pending_changes, '{imageUrls}', '[]'::jsonb) else pending_changes end`,
            content_revision: sql<number>`content_revision + 1`,
          });
          break;
        case 'TemplateSponsored':
          await updateOnce(trx, t, event, { sponsored: event.data.sponsored });
          break;
        case 'TemplateDeleted':
        case 'TemplatePermanentlyDeleted':
          // A tombstone rather than a delete: the position guard keeps replays from reviving it.
          await updateOnce(trx, t, event, { status: statusAfter(event), sponsored: false });
          break;
        case 'TemplatePurchased': {
          const { buyerId } = event.data;
          const buyer = JSON.stringify([buyerId]);
          await trx
            .updateTable(t.templates)
            .set({ owners: sql<string>`case when owners @> ${buyer}::jsonb then owners else owners || ${buyer}::jsonb end`, last_position: event.position })
            .where('id', '=', event.data.templateId)
            .where('last_position', '<', event.position)
            .execute();
          break;
        }
        case 'TemplatePriceChanged':
          await updateOnce(trx, t, event, { price_cents: Math.round(event.data.to * 100) });
          break;
        case 'TemplatePriceChangeRequested':
        case 'TemplatePriceChangeDeclined':
          break;
        default: {
          const toggle = TOGGLES[event.type];
          const { templateId, userId } = event.data;
          await setToggle(trx, t, toggle.table, templateId, userId, toggle.on, new Date(event.metadata.occurredAt));
          recount.set(templateId, (recount.get(templateId) ?? new Set()).add(toggle.count));
        }
      }
    }
    // Counts are derived from the sets, so replaying a batch cannot count twice.
    for (const [templateId, columns] of recount) {
      const counts: Partial<Record<CountColumn, ReturnType<typeof countOf>>> = {};
      for (const column of columns) counts[column] = countOf(t[COUNTED_IN[column]], templateId);
      await trx.updateTable(t.templates).set(counts).where('id', '=', templateId).execute();
    }
  },
});

const COUNTED_IN: Record<CountColumn, ToggleTable> = { likes: 'template_likes', saves: 'template_saves', red_flags: 'template_flags' };

function countOf(table: ToggleTable, templateId: string) {
  return sql<number>`(select count(*)::int from ${sql.table(table)} where template_id = ${templateId})`;
}

/** Puts the user in the template's set or takes them out; the save time is kept for the saved-posts list. */
async function setToggle(trx: Kysely<Schema>, t: GenerationTables, table: ToggleTable, templateId: string, userId: string, on: boolean, at: Date): Promise<void> {
  if (!on) {
    await trx.deleteFrom(t[table]).where('template_id', '=', templateId).where('user_id', '=', userId).execute();
  } else if (table === 'template_saves') {
    await trx.insertInto(t.template_saves).values({ template_id: templateId, user_id: userId, saved_at: at }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await trx.insertInto(t[table]).values({ template_id: templateId, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
  }
}

/** The columns an edit changes; fields the edit left out stay as they are. */
function contentColumns(changes: Partial<EditableContent>): Changes {
  const columns: Changes = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.description !== undefined) columns.description_short = changes.description;
  if (changes.instructions !== undefined) columns.description_long = changes.instructions;
  if (changes.url !== undefined) columns.url = changes.url;
  if (changes.keywords !== undefined) columns.keywords = JSON.stringify(changes.keywords);
  if (changes.imageUrls !== undefined) columns.image_urls = JSON.stringify(changes.imageUrls);
  return columns;
}

/** Applies a change unless this row already reflects this event or a later one. */
type Changes = UpdateObject<Schema, 'templates'>;

async function updateOnce(trx: Kysely<Schema>, t: GenerationTables, event: RecordedOneOf<TemplateEvent>, changes: Changes): Promise<void> {
  const { templateId } = event.data;
  await trx
    .updateTable(t.templates)
    .set({ ...changes, updated_at: new Date(event.metadata.occurredAt), last_position: event.position })
    .where('id', '=', templateId)
    .where('last_position', '<', event.position)
    .execute();
}
