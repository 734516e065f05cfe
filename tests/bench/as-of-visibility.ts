import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { explainAsOf } from '../../src/commands/templates/visibility-service.js';
import { demoTemplateContent, random } from '../../src/composition/demo-catalogue.js';
import { likeStream } from '../../src/domain/engagement/events.js';
import type { Actor, EventToAppend } from '../../src/domain/shared/events.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { formatCount } from './report.js';
import { COMMANDS_AFTER_THE_FIRST, type StreamCommandMeasurement } from './streams.js';

/** Catalogue sizes before BENCH_SCALE; each post is submitted, approved and given KUDOS_PER_POST kudos. */
const CATALOGUE_SIZES = [1_000, 10_000] as const;
const KUDOS_PER_POST = 3;
const SEED_CHUNK = 500;
const ACTOR: Actor = { userId: null, role: 'system' };

/**
 * The as-of Visibility panel folds the whole catalogue's lifecycle and kudos events up to the
 * moment (its ranks then are among every post then): its cost grows with the log up to then. This
 * times one panel asked for the present moment (the whole log walked, the catalogue's events folded)
 * on catalogues of a few sizes, in the log the other stream cases left.
 */
export async function benchAsOfVisibility(database: Database, scale: number): Promise<StreamCommandMeasurement[]> {
  const store = withUpcasting(createPostgresEventStore(database), upcasters);
  const measurements: StreamCommandMeasurement[] = [];
  let seeded = 0;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: ACTOR,
      occurredAt: new Date((clock += 1_000)).toISOString(),
      schemaVersion: 1,
    },
  });
  let someone: { id: string; authorId: string; topic: string; platform: string } | null = null;
  for (const size of CATALOGUE_SIZES.map((base) => Math.max(1, Math.round(base * scale)))) {
    for (let from = seeded; from < size; from += SEED_CHUNK) {
      const chunk = [];
      for (let index = from; index < Math.min(size, from + SEED_CHUNK); index += 1) {
        const templateId = randomUUID();
        const content = demoTemplateContent(index, random(index + 1));
        const authorId = randomUUID();
        someone ??= { id: templateId, authorId, topic: content.topic, platform: content.platform };
        chunk.push({
          streamId: templateStream(templateId),
          events: [
            event('TemplateSubmitted', { ...content, templateId, authorId, titleUrl: `bench-${templateId}` }),
            event('TemplateApproved', { templateId, reviewerId: randomUUID() }),
          ],
        });
        for (let kudo = 0; kudo < index % (KUDOS_PER_POST * 2 + 1); kudo += 1) {
          const userId = randomUUID();
          chunk.push({ streamId: likeStream(templateId, userId), events: [event('TemplateLiked', { templateId, userId })] });
        }
      }
      await store.appendToNewStreams!(chunk);
    }
    seeded = size;
    const post = { ...someone!, priceCents: 0 };
    const times: number[] = [];
    for (let run = 0; run <= COMMANDS_AFTER_THE_FIRST; run += 1) {
      const started = performance.now();
      await explainAsOf(store, post, new Date(clock + 1));
      times.push(performance.now() - started);
    }
    const [firstMs, ...next] = times;
    measurements.push({
      case: `an as-of Visibility panel: ${formatCount(size)} posts, a log of N events`,
      streamEvents: Number(await store.countAfter(-1n)),
      firstMs: firstMs!,
      medianMs: next.sort((a, b) => a - b)[Math.floor(next.length / 2)]!,
    });
  }
  return measurements;
}
