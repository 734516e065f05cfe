import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import type { RecordedEvent } from '../../../domain/shared/events.js';
import { templateStream, type TemplateEvent, type TemplateSubmitted } from '../../../domain/templates/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec } from '../../../../tests/fixtures/projection-spec.js';
import { DELETED_STATUS } from '../../../domain/templates/lifecycle.js';
import { templatesProjection } from './projection.js';

const authorId = 'a1b2c3d4-0000-4000-8000-000000000001';
const adminId = 'a1b2c3d4-0000-4000-8000-000000000002';
const buyerId = 'a1b2c3d4-0000-4000-8000-000000000003';

const submission = (templateId: string, title: string): TemplateSubmitted['data'] => ({
  templateId,
  authorId,
  titleUrl: `${title.toLowerCase()}-${templateId.slice(0, 12)}`,
  title,
  description: 'Short.',
  instructions: 'Long.',
  url: 'https://example.com/t',
  topic: 'productivity',
  platform: 'notion',
  keywords: ['planner'],
  price: 0,
  imageUrls: ['/api/images/11111111-1111-4111-8111-111111111111.webp'],
});

/** Three templates through every lifecycle event, as the log would hold them. */
function lifecycleLog(): RecordedEvent[] {
  const [edited, hidden, removed] = [
    '10000000-0000-4000-8000-000000000001',
    '10000000-0000-4000-8000-000000000002',
    '10000000-0000-4000-8000-000000000003',
  ];
  const events: [string, TemplateEvent][] = [
    [edited!, { type: 'TemplateSubmitted', data: submission(edited!, 'Edited') }],
    [hidden!, { type: 'TemplateSubmitted', data: submission(hidden!, 'Hidden') }],
    [removed!, { type: 'TemplateSubmitted', data: submission(removed!, 'Removed') }],
    [edited!, { type: 'TemplateApproved', data: { templateId: edited!, reviewerId: adminId, reason: null } }],
    [edited!, { type: 'TemplateSponsored', data: { templateId: edited!, sponsored: true, reason: 'Launch' } }],
    [edited!, { type: 'TemplatePurchased', data: { templateId: edited!, buyerId, priceCents: 0 } }],
    [edited!, { type: 'TemplatePriceChangeRequested', data: { templateId: edited!, requesterId: authorId, currentPrice: 0, newPrice: 9 } }],
    [
      edited!,
      {
        type: 'TemplateEdited',
        data: { templateId: edited!, editorId: authorId, changes: { title: 'Edited Twice', keywords: ['new'] }, previousStatus: 'live' },
      },
    ],
    [edited!, { type: 'TemplateImagesCleared', data: { templateId: edited!, editorId: authorId } }],
    [hidden!, { type: 'TemplateApproved', data: { templateId: hidden!, reviewerId: adminId } }],
    [hidden!, { type: 'TemplateFlaggedForReview', data: { templateId: hidden!, reason: '3 flags' } }],
    [hidden!, { type: 'TemplateFlagCleared', data: { templateId: hidden!, reviewerId: adminId, reason: null } }],
    [hidden!, { type: 'TemplateFlaggedForReview', data: { templateId: hidden!, reason: '5 flags' } }],
    [hidden!, { type: 'TemplateHidden', data: { templateId: hidden!, reviewerId: adminId, reason: 'Spam' } }],
    [removed!, { type: 'TemplateDenied', data: { templateId: removed!, reviewerId: adminId, reason: 'Broken' } }],
    [removed!, { type: 'TemplateSponsored', data: { templateId: removed!, sponsored: true } }],
    [removed!, { type: 'TemplatePermanentlyDeleted', data: { templateId: removed!, reviewerId: adminId, reason: 'Scam' } }],
  ];
  const revisions = new Map<string, bigint>();
  return events.map(([templateId, event], index) => {
    const revision = revisions.get(templateId) ?? 0n;
    revisions.set(templateId, revision + 1n);
    return {
      id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        actor: { userId: adminId, role: 'admin' },
        occurredAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        schemaVersion: 1,
      },
      streamId: templateStream(templateId),
      revision,
      position: BigInt(index + 1),
    };
  });
}

describe.each(databaseTargets())('templates projection over the lifecycle: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;

  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, templatesProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('follows status, waiting edits, sponsorship, owners and deletion; applied twice, the same rows', async () => {
    const { templates } = await spec.given(lifecycleLog());
    const byTitle = [...templates!].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(
      byTitle.map((row) => [row.title, row.status, row.status_reason, row.sponsored, row.owners, row.keywords, row.image_urls]),
    ).toEqual([
      // The edit of the live post waits beside the approved version.
      ['Edited', 'under review edit', null, true, [authorId, buyerId], ['planner'], []],
      ['Hidden', 'hidden', 'Spam', false, [authorId], ['planner'], ['/api/images/11111111-1111-4111-8111-111111111111.webp']],
      ['Removed', DELETED_STATUS, 'Broken', false, [authorId], ['planner'], ['/api/images/11111111-1111-4111-8111-111111111111.webp']],
    ]);
    expect(byTitle[0]!).toMatchObject({
      description_short: 'Short.',
      pending_changes: { title: 'Edited Twice', keywords: ['new'] },
      content_revision: 3,
    });
  });

  it('an approval publishes the waiting edit; a denied edit leaves the approved version live', async () => {
    const log = lifecycleLog();
    const edited = log[0]!.data as { templateId: string };
    const approval = {
      ...log[3]!,
      id: '30000000-0000-4000-8000-000000000001',
      position: 100n,
      data: { templateId: edited.templateId, reviewerId: adminId, reason: null, published: { title: 'Edited Twice', keywords: ['new'] } },
    };
    const { templates } = await spec.given([...log, approval]);
    expect(templates!.find((row) => row.id === edited.templateId)).toMatchObject({
      title: 'Edited Twice',
      keywords: ['new'],
      status: 'live',
      pending_changes: null,
    });
    const denial = {
      ...approval,
      type: 'TemplateDenied',
      data: { templateId: edited.templateId, reviewerId: adminId, reason: 'Misleading', editOnly: true },
    };
    const denied = await spec.given([...log, denial]);
    expect(denied.templates!.find((row) => row.id === edited.templateId)).toMatchObject({
      title: 'Edited',
      status: 'live',
      status_reason: 'Misleading',
      pending_changes: null,
    });
  });
});
