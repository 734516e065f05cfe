import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { defineProjection, type GenerationTables } from '../../projection.js';
import { createEngagementTables } from './tables.js';

type Counter = 'views' | 'clicks' | 'comments';

/** Page views, link clicks, comments, reports, and who gave kudos at least once. */
export const engagementProjection = defineProjection({
  name: 'engagement',
  version: 1,
  handles: ['TemplateViewed', 'TemplateClicked', 'CommentPosted', 'TemplateReported', 'TemplateLiked'],
  tables: ['template_activity', 'comments', 'reports', 'kudos_givers'],
  createTables: createEngagementTables,
  async apply(trx, events, t) {
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'TemplateViewed':
          await countOnce(trx, t, event.data.templateId, 'views', event.position);
          break;
        case 'TemplateClicked':
          await countOnce(trx, t, event.data.templateId, 'clicks', event.position);
          break;
        case 'CommentPosted': {
          const { data } = event;
          await trx
            .insertInto(t.comments)
            .values({ id: data.commentId, template_id: data.templateId, author_id: data.authorId, message: data.message, created_at: at, position: event.position })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          await countOnce(trx, t, data.templateId, 'comments', event.position);
          break;
        }
        case 'TemplateReported': {
          const { data } = event;
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
          await trx.insertInto(t.kudos_givers).values({ user_id: event.data.userId }).onConflict((oc) => oc.doNothing()).execute();
          break;
      }
    }
  },
});

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
