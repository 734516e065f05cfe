import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { templateStream, type TemplateEvent, type TemplateSubmitted } from '../../../domain/templates/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { searchProjection } from './projection.js';

const reviewerId = 'r1';
const submission = (templateId: string, title: string): TemplateSubmitted['data'] => ({
  templateId,
  authorId: 'a1',
  titleUrl: `${templateId}-url`,
  title,
  description: 'A ledger.',
  instructions: 'Use it.',
  url: 'https://example.com/t',
  topic: 'productivity',
  platform: 'notion',
  keywords: ['ledger'],
  price: 0,
  imageUrls: [],
});
const on = (templateId: string, event: TemplateEvent) => ({ streamId: templateStream(templateId), ...event });

describe.each(databaseTargets())('search projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, searchProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps an edited live post findable by its approved text; approval publishes the edit, a denied edit keeps it live; applied twice, the same rows', async () => {
    const log = recordedLog([
      on('approved-edit', { type: 'TemplateSubmitted', data: submission('approved-edit', 'Quokka Ledger') }),
      on('denied-edit', { type: 'TemplateSubmitted', data: submission('denied-edit', 'Wombat Ledger') }),
      on('waiting', { type: 'TemplateSubmitted', data: submission('waiting', 'Numbat Ledger') }),
      on('never-live', { type: 'TemplateSubmitted', data: submission('never-live', 'Dingo Ledger') }),
      ...['approved-edit', 'denied-edit', 'waiting'].map((id) =>
        on(id, { type: 'TemplateApproved', data: { templateId: id, reviewerId, reason: null } }),
      ),
      ...['approved-edit', 'denied-edit', 'waiting'].map((id) =>
        on(id, {
          type: 'TemplateEdited',
          data: { templateId: id, editorId: 'a1', changes: { title: `${id} new title` }, previousStatus: 'live' },
        }),
      ),
      on('never-live', {
        type: 'TemplateEdited',
        data: { templateId: 'never-live', editorId: 'a1', changes: { title: 'Dingo Ledger Two' }, previousStatus: 'under review' },
      }),
      on('approved-edit', {
        type: 'TemplateApproved',
        data: { templateId: 'approved-edit', reviewerId, reason: null, published: { title: 'approved-edit new title' } },
      }),
      on('denied-edit', { type: 'TemplateDenied', data: { templateId: 'denied-edit', reviewerId, reason: 'No', editOnly: true } }),
    ]);
    const { search_documents: documents } = await spec.given(log);
    const byId = Object.fromEntries(documents!.map((row) => [row.id, [row.title, row.status, row.searchable]]));
    expect(byId).toEqual({
      'approved-edit': ['approved-edit new title', 'live', true],
      'denied-edit': ['Wombat Ledger', 'live', true],
      waiting: ['Numbat Ledger', 'under review edit', true],
      // Nobody saw it yet: its edit replaced the content at once.
      'never-live': ['Dingo Ledger Two', 'under review', false],
    });
  });
});
