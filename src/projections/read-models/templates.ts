import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { RecordedEvent } from '../../domain/shared/events.js';
import type { LikeEvent } from '../../domain/engagement/events.js';
import type { TemplateEvent } from '../../domain/templates/events.js';
import type { GenerationTables, Projection } from '../projection.js';

/** The catalogue read model: one row per template, with its like count. */
export const templatesProjection: Projection = {
  name: 'templates',
  version: 1,
  handles: ['TemplateSubmitted', 'TemplateApproved', 'TemplateSponsored', 'TemplateLiked', 'TemplateUnliked'],
  tables: ['templates', 'template_likes'],
  async createTables(trx, t) {
    await trx.schema
      .createTable(t.templates)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title_url', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description_short', 'text', (c) => c.notNull())
      .addColumn('description_long', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('keywords', 'jsonb', (c) => c.notNull())
      .addColumn('image_urls', 'jsonb', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sponsored', 'boolean', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('saves', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.templates}_status_created`).on(t.templates).columns(['status', 'created_at']).execute();
    await trx.schema
      .createTable(t.template_likes)
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${t.template_likes}_pk`, ['template_id', 'user_id'])
      .execute();
  },
  async apply(trx, events, t) {
    const likedTemplates = new Set<string>();
    for (const event of events as readonly RecordedEvent<TemplateEvent | LikeEvent>[]) {
      switch (event.type) {
        case 'TemplateSubmitted': {
          const { data } = event as RecordedEvent<Extract<TemplateEvent, { type: 'TemplateSubmitted' }>>;
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
              status: 'under review',
              sponsored: false,
              author_id: data.authorId,
              created_at: at,
              updated_at: at,
              last_position: event.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'TemplateApproved':
          await updateOnce(trx, t, event, { status: 'live' });
          break;
        case 'TemplateSponsored':
          await updateOnce(trx, t, event, { sponsored: (event.data as { sponsored: boolean }).sponsored });
          break;
        case 'TemplateLiked':
        case 'TemplateUnliked': {
          const { templateId, userId } = event.data as { templateId: string; userId: string };
          if (event.type === 'TemplateLiked') {
            await trx.insertInto(t.template_likes).values({ template_id: templateId, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
          } else {
            await trx.deleteFrom(t.template_likes).where('template_id', '=', templateId).where('user_id', '=', userId).execute();
          }
          likedTemplates.add(templateId);
          break;
        }
      }
    }
    // Counts are derived from the like set, so replaying a batch cannot count twice.
    for (const templateId of likedTemplates) {
      await trx
        .updateTable(t.templates)
        .set({
          likes: (eb) => eb.selectFrom(t.template_likes).select(sql<number>`count(*)::int`.as('n')).where('template_id', '=', templateId),
        })
        .where('id', '=', templateId)
        .execute();
    }
  },
};

/** Applies a change unless this row already reflects this event or a later one. */
async function updateOnce(
  trx: Kysely<Schema>,
  t: GenerationTables,
  event: RecordedEvent,
  changes: { status?: string; sponsored?: boolean },
): Promise<void> {
  const { templateId } = event.data as { templateId: string };
  await trx
    .updateTable(t.templates)
    .set({ ...changes, updated_at: new Date(event.metadata.occurredAt), last_position: event.position })
    .where('id', '=', templateId)
    .where('last_position', '<', event.position)
    .execute();
}
