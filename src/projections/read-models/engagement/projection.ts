import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { defineProjection } from '../../projection.js';
import type { GenerationTables } from '../tables.js';
import { writeRows, type RowValues } from '../../set-based.js';
import { createEngagementIndexes, createEngagementTables, type TemplateActivityView } from './tables.js';

type Counter = 'views' | 'clicks' | 'comments';

/** Page views, link clicks, comments, reports, and who gave kudos at least once. */
export const engagementProjection = defineProjection({
  name: 'engagement',
  version: 1,
  handles: ['TemplateViewed', 'TemplateClicked', 'CommentPosted', 'TemplateReported', 'TemplateLiked'],
  tables: ['template_activity', 'comments', 'reports', 'kudos_givers'],
  createTables: createEngagementTables,
  createIndexes: createEngagementIndexes,
  // Set-based: one statement per table for the whole batch.
  async apply(trx, events, t) {
    const counted: { templateId: string; counter: Counter; position: bigint }[] = [];
    const comments: RowValues[] = [];
    const reports: RowValues[] = [];
    /** Each giver once per batch: most likes come from people who gave kudos before. */
    const kudosGivers = new Set<string>();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      switch (event.type) {
        case 'TemplateViewed':
          counted.push({ templateId: event.data.templateId, counter: 'views', position: event.position });
          break;
        case 'TemplateClicked':
          counted.push({ templateId: event.data.templateId, counter: 'clicks', position: event.position });
          break;
        case 'CommentPosted': {
          const { data } = event;
          comments.push({
            id: data.commentId,
            template_id: data.templateId,
            author_id: data.authorId,
            message: data.message,
            created_at: at,
            position: event.position,
          });
          counted.push({ templateId: data.templateId, counter: 'comments', position: event.position });
          break;
        }
        case 'TemplateReported': {
          const { data } = event;
          reports.push({
            id: data.reportId,
            template_id: data.templateId,
            reporter_id: data.reporterId,
            reason: data.reason,
            name_enc: data.nameEnc,
            email_enc: data.emailEnc,
            message_enc: data.messageEnc,
            created_at: at,
            position: event.position,
          });
          break;
        }
        case 'TemplateLiked':
          kudosGivers.add(event.data.userId);
          break;
      }
    }
    await writeRows(trx, t.comments, comments, { conflict: ['id'] });
    await writeRows(trx, t.reports, reports, { conflict: ['id'] });
    await writeRows(
      trx,
      t.kudos_givers,
      [...kudosGivers].map((userId) => ({ user_id: userId })),
      { conflict: ['user_id'] },
    );
    await countOnce(trx, t, counted);
  },
});

/**
 * Adds one to a counter per event unless the row already reflects that event or a later one:
 * events of a template arrive in log order, so a replayed event finds last_position at or past its own.
 * The batch's counts are folded per template in memory and written in one statement.
 */
async function countOnce(
  trx: Kysely<Schema>,
  t: GenerationTables,
  counted: readonly { templateId: string; counter: Counter; position: bigint }[],
): Promise<void> {
  if (counted.length === 0) return;
  const ids = [...new Set(counted.map((count) => count.templateId))];
  const { rows: stored } = await sql<TemplateActivityView>`
    select template_id, views, clicks, comments, last_position from ${sql.id(t.template_activity)}
    where template_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`.execute(trx);
  const rows = new Map(stored.map((row) => [row.template_id, row]));
  const changed = new Set<string>();
  for (const { templateId, counter, position } of counted) {
    let row = rows.get(templateId);
    if (!row) rows.set(templateId, (row = { template_id: templateId, views: 0, clicks: 0, comments: 0, last_position: -1n }));
    if (row.last_position >= position) continue;
    row[counter] += 1;
    row.last_position = position;
    changed.add(templateId);
  }
  await writeRows(
    trx,
    t.template_activity,
    [...changed].map((id) => ({ ...rows.get(id)! })),
    { conflict: ['template_id'], update: ['views', 'clicks', 'comments', 'last_position'], onlyNewer: true },
  );
}
