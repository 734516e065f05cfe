import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { CommentPosted, TemplateClicked, TemplateLiked, TemplateReported, TemplateViewed } from '../../../domain/engagement/events.js';
import type { RecordedEvent } from '../../../domain/shared/events.js';
import type { GenerationTables, Projection } from '../../projection.js';

type Counter = 'views' | 'clicks' | 'comments';

/** Page views, link clicks, comments, reports, and who gave kudos at least once. */
export const engagementProjection: Projection = {
  name: 'engagement',
  version: 1,
  handles: ['TemplateViewed', 'TemplateClicked', 'CommentPosted', 'TemplateReported', 'TemplateLiked'],
  tables: ['template_activity', 'comments', 'reports', 'kudos_givers'],
  async createTables(trx, t) {
    await trx.schema
      .createTable(t.template_activity)
      .addColumn('template_id', 'text', (c) => c.primaryKey())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addColumn('comments', 'integer', (c) => c.notNull())
      .addColumn('last_position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema
      .createTable(t.comments)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.comments}_template`).on(t.comments).columns(['template_id', 'position']).execute();
    await trx.schema.createIndex(`${t.comments}_author`).on(t.comments).column('author_id').execute();
    await trx.schema
      .createTable(t.reports)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('reporter_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('name_enc', 'text', (c) => c.notNull())
      .addColumn('email_enc', 'text', (c) => c.notNull())
      .addColumn('message_enc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.reports}_position`).on(t.reports).column('position').execute();
    await trx.schema.createTable(t.kudos_givers).addColumn('user_id', 'text', (c) => c.primaryKey()).execute();
  },
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'TemplateViewed':
          await countOnce(trx, t, (event as RecordedEvent<TemplateViewed>).data.templateId, 'views', event.position);
          break;
        case 'TemplateClicked':
          await countOnce(trx, t, (event as RecordedEvent<TemplateClicked>).data.templateId, 'clicks', event.position);
          break;
        case 'CommentPosted': {
          const { data } = event as RecordedEvent<CommentPosted>;
          await trx
            .insertInto(t.comments)
            .values({ id: data.commentId, template_id: data.templateId, author_id: data.authorId, message: data.message, created_at: at, position: event.position })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          await countOnce(trx, t, data.templateId, 'comments', event.position);
          break;
        }
        case 'TemplateReported': {
          const { data } = event as RecordedEvent<TemplateReported>;
          await trx
            .insertInto(t.reports)
            .values({
              id: data.reportId,
              template_id: data.templateId,
              reporter_id: data.reporterId,
              reason: data.reason,
              name_enc: data.nameEnc,
              email_enc: data.emailEnc,
              message_enc: data.messageEnc,
              created_at: at,
              position: event.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'TemplateLiked':
          await trx.insertInto(t.kudos_givers).values({ user_id: (event as RecordedEvent<TemplateLiked>).data.userId }).onConflict((oc) => oc.doNothing()).execute();
          break;
      }
    }
  },
};

/**
 * Adds one to a counter unless the row already reflects this event or a later one: events of a
 * template arrive in log order, so a replayed event finds last_position at or past its own.
 */
async function countOnce(trx: Kysely<Schema>, t: GenerationTables, templateId: string, counter: Counter, position: bigint): Promise<void> {
  const row = { template_id: templateId, views: 0, clicks: 0, comments: 0, last_position: position };
  row[counter] = 1;
  await trx
    .insertInto(t.template_activity)
    .values(row)
    .onConflict((oc) =>
      oc
        .column('template_id')
        .doUpdateSet({ [counter]: sql`${sql.ref(`${t.template_activity}.${counter}`)} + 1`, last_position: position })
        .where(`${t.template_activity}.last_position` as 'template_activity.last_position', '<', position),
    )
    .execute();
}
