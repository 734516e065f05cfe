import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import type { Schema } from '../../../adapters/db/schema.js';
import type { RecordedEvent } from '../../../domain/shared/events.js';
import { templateStream, type TemplateEvent, type TemplateSubmitted } from '../../../domain/templates/events.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { dropGenerationTables, startGeneration } from '../../generations.js';
import { generationTables } from '../../projection.js';
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
  const [edited, hidden, removed] = ['10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000003'];
  const events: [string, TemplateEvent][] = [
    [edited!, { type: 'TemplateSubmitted', data: submission(edited!, 'Edited') }],
    [hidden!, { type: 'TemplateSubmitted', data: submission(hidden!, 'Hidden') }],
    [removed!, { type: 'TemplateSubmitted', data: submission(removed!, 'Removed') }],
    [edited!, { type: 'TemplateApproved', data: { templateId: edited!, reviewerId: adminId, reason: null } }],
    [edited!, { type: 'TemplateSponsored', data: { templateId: edited!, sponsored: true, reason: 'Launch' } }],
    [edited!, { type: 'TemplatePurchased', data: { templateId: edited!, buyerId, priceCents: 0 } }],
    [edited!, { type: 'TemplatePriceChangeRequested', data: { templateId: edited!, requesterId: authorId, currentPrice: 0, newPrice: 9 } }],
    [edited!, { type: 'TemplateEdited', data: { templateId: edited!, editorId: authorId, changes: { title: 'Edited Twice', keywords: ['new'] }, previousStatus: 'live' } }],
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
      metadata: { correlationId: 'c', causationId: 'c', actor: { userId: adminId, role: 'admin' }, occurredAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(), schemaVersion: 1 },
      streamId: templateStream(templateId),
      revision,
      position: BigInt(index + 1),
      recordedAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
    };
  });
}

describe.each(databaseTargets())('templates projection over the lifecycle: $name', (target) => {
  let database: Database;
  let db: Kysely<Schema>;
  const log = lifecycleLog();

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The rows a fresh generation holds after `feed`. */
  async function build(feed: (apply: (events: readonly RecordedEvent[]) => Promise<void>) => Promise<void>) {
    const generation = await startGeneration(db, templatesProjection);
    const tables = generationTables(generation.generation);
    try {
      await feed((events) => db.transaction().execute((trx) => templatesProjection.apply(trx, events, tables)));
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.id(tables.templates)} order by id`.execute(db);
      return rows;
    } finally {
      await dropGenerationTables(db, templatesProjection, [generation.generation]);
      await db.deleteFrom('projection_generations').where('generation', '=', generation.generation).execute();
    }
  }

  it('follows status, content edits, sponsorship, owners and deletion', async () => {
    const rows = await build((apply) => apply(log));
    expect(rows.map((row) => [row.title, row.status, row.status_reason, row.sponsored, row.owners, row.keywords, row.image_urls])).toEqual([
      // The edit of the live post waits beside the approved version.
      ['Edited', 'under review edit', null, true, [authorId, buyerId], ['planner'], []],
      ['Hidden', 'hidden', 'Spam', false, [authorId], ['planner'], ['/api/images/11111111-1111-4111-8111-111111111111.webp']],
      ['Removed', DELETED_STATUS, 'Broken', false, [authorId], ['planner'], ['/api/images/11111111-1111-4111-8111-111111111111.webp']],
    ]);
    expect(rows[0]!).toMatchObject({ description_short: 'Short.', pending_changes: { title: 'Edited Twice', keywords: ['new'] }, content_revision: 3 });
  });

  it('applying every event twice, whole log twice or batches twice leaves the same rows as once', async () => {
    const once = await build((apply) => apply(log));
    const batches = Array.from({ length: Math.ceil(log.length / 4) }, (_, i) => log.slice(i * 4, i * 4 + 4));
    expect(
      await build(async (apply) => {
        await apply(log);
        await apply(log);
      }),
    ).toEqual(once);
    expect(await build((apply) => apply(log.flatMap((event) => [event, event])))).toEqual(once);
    expect(
      await build(async (apply) => {
        for (const batch of batches) {
          await apply(batch);
          await apply(batch);
        }
      }),
    ).toEqual(once);
    // One at a time, each re-applied after the next: a late replay never undoes a newer change.
    expect(
      await build(async (apply) => {
        for (let i = 0; i < log.length; i += 1) {
          await apply([log[i]!]);
          if (i > 0) await apply([log[i - 1]!]);
        }
      }),
    ).toEqual(once);
  });
});
