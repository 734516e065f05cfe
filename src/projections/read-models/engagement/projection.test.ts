import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { likeStream, type CommentPosted, type TemplateReported } from '../../../domain/engagement/events.js';
import { templateStream } from '../../../domain/templates/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { engagementProjection } from './projection.js';

const comment: CommentPosted['data'] = { commentId: 'c1', templateId: 't1', authorId: 'u2', message: '<b>Nice</b> one' };
const report: TemplateReported['data'] = {
  reportId: 'r1',
  templateId: 't2',
  reporterId: 'u2',
  reason: null,
  nameEnc: 'name',
  emailEnc: 'email',
  messageEnc: 'text',
};

describe.each(databaseTargets())('engagement projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, engagementProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('counts views, clicks and comments per template, keeps comments and reports, and who gave kudos; applied twice, the same rows', async () => {
    const log = recordedLog([
      { streamId: 'view-t1-u1', type: 'TemplateViewed', data: { templateId: 't1', userId: 'u1' } },
      { streamId: 'view-t1-anonymous', type: 'TemplateViewed', data: { templateId: 't1', userId: null } },
      { streamId: 'click-t1-u1', type: 'TemplateClicked', data: { templateId: 't1', userId: 'u1' } },
      { streamId: templateStream('t1'), type: 'CommentPosted', data: comment },
      { streamId: templateStream('t2'), type: 'TemplateReported', data: report },
      { streamId: likeStream('t1', 'u1'), type: 'TemplateLiked', data: { templateId: 't1', userId: 'u1' } },
      { streamId: likeStream('t2', 'u1'), type: 'TemplateLiked', data: { templateId: 't2', userId: 'u1' } },
      { streamId: 'view-t2-u3', type: 'TemplateViewed', data: { templateId: 't2', userId: 'u3' } },
    ]);
    const rows = await spec.given(log, 3);
    expect(rows.template_activity!.map((row) => [row.template_id, row.views, row.clicks, row.comments, Number(row.last_position)])).toEqual(
      [
        ['t1', 2, 1, 1, 4],
        ['t2', 1, 0, 0, 8],
      ],
    );
    expect(rows.comments!.map((row) => [row.id, row.template_id, row.author_id, row.message])).toEqual([
      ['c1', 't1', 'u2', '<b>Nice</b> one'],
    ]);
    expect(rows.reports!.map((row) => [row.id, row.template_id, row.reporter_id, row.reason, row.name_enc])).toEqual([
      ['r1', 't2', 'u2', null, 'name'],
    ]);
    expect(rows.kudos_givers).toEqual([{ user_id: 'u1' }]);
  });
});
