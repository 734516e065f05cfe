import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { analyticsProjection } from './projection.js';

describe.each(databaseTargets())('analytics projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, analyticsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps one fact per event the statistics read; applied twice, the same rows', async () => {
    const { analytics_facts: facts } = await spec.given(
      recordedLog([
        { streamId: 'user-u1', type: 'UserRegistered', data: { userId: 'u1', username: 'ann' } },
        { streamId: 'user-u1', type: 'SessionStarted', data: { userId: 'u1', sessionId: 's1' } },
        {
          streamId: 'template-t1',
          type: 'TemplateSubmitted',
          data: { templateId: 't1', authorId: 'u1', title: 'Budget', formSteps: ['url', 'title', 'tags'] },
        },
        { streamId: 'search-s1', type: 'SearchPerformed', data: { searchId: 's1', searchTerm: 'crm', userId: null } },
        { streamId: 'template-form-u1', type: 'TemplateFormProgressed', data: { userId: 'u1', formProgress: { url: true, images: true } } },
      ]),
      2,
    );
    expect(facts!.map((row) => [row.kind, row.user_id, row.key, row.value, row.steps, (row.at as Date).toISOString()])).toEqual([
      ['user_registered', 'u1', null, null, null, '2026-01-01T00:00:00.000Z'],
      ['post_created', 'u1', 't1', 'Budget', 'url,title,tags', '2026-01-01T00:02:00.000Z'],
      ['search', null, 'crm', null, null, '2026-01-01T00:03:00.000Z'],
      ['form_progress', 'u1', null, null, 'url,screenshot', '2026-01-01T00:04:00.000Z'],
    ]);
  });
});
