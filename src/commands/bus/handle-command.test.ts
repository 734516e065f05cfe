import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/database.js';
import { WrongExpectedRevisionError, type EventStore } from '../../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../adapters/eventstore/postgres.js';
import { likeDecider } from '../../domain/engagement/decider.js';
import { likeStream } from '../../domain/engagement/events.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { templateDecider } from '../../domain/templates/decider.js';
import { templateStream, type TemplateSubmitted } from '../../domain/templates/events.js';
import { upcasters } from '../../domain/upcasters.js';
import { databaseTargets } from '../../../tests/fixtures/databases.js';
import { createCommandBus, eventIdFor, MAX_CONFLICT_RETRIES, type CommandBus } from './handle-command.js';

const author: Actor = { userId: 'author-1', role: 'base' };
const admin: Actor = { userId: 'admin-1', role: 'admin', impersonatedBy: 'owner-1' };

function submission(templateId: string): TemplateSubmitted['data'] {
  return {
    templateId,
    authorId: 'author-1',
    titleUrl: `weekly-planner-${templateId.slice(0, 8)}`,
    title: 'Weekly Planner',
    description: 'Plan the week.',
    instructions: 'Duplicate it.',
    url: 'https://example.com/weekly-planner',
    topic: 'productivity',
    platform: 'notion',
    keywords: ['planner'],
    price: 0,
    imageUrls: [],
  };
}

const toggle = (templateId: string, userId: string) => ({ type: 'ToggleLike' as const, data: { templateId, userId } });

describe.each(databaseTargets())('command bus on the postgres event store: $name', (target) => {
  let database: Database;
  let store: EventStore;
  let commands: CommandBus;

  beforeAll(async () => {
    database = await target.open();
    store = createPostgresEventStore(database);
    commands = createCommandBus(store, upcasters);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('appends the decided events with their metadata and answers the position reached', async () => {
    const templateId = randomUUID();
    const stream = templateStream(templateId);
    const now = new Date('2024-05-01T10:00:00.000Z');

    const result = await commands.handle(templateDecider, stream, { type: 'SubmitTemplate', data: submission(templateId) }, {
      actor: author,
      correlationId: 'corr-1',
      causationId: 'cause-1',
      now,
    });
    expect(result.repeated).toBe(false);
    expect(result.events).toEqual([{ type: 'TemplateSubmitted', data: submission(templateId) }]);

    const approved = await commands.handle(templateDecider, stream, { type: 'ApproveTemplate', data: { templateId, reviewerId: 'admin-1' } }, {
      actor: admin,
      correlationId: 'corr-1',
    });

    const stored = await store.readStream(stream);
    expect(stored.map((event) => [event.type, event.revision])).toEqual([
      ['TemplateSubmitted', 0n],
      ['TemplateApproved', 1n],
    ]);
    expect(stored[0]!.data).toEqual(submission(templateId));
    expect(stored[0]!.metadata).toEqual({
      correlationId: 'corr-1',
      causationId: 'cause-1',
      actor: author,
      occurredAt: now.toISOString(),
      schemaVersion: 1,
    });
    expect(stored[1]!.metadata).toMatchObject({ correlationId: 'corr-1', actor: admin, schemaVersion: 1 });
    expect(stored[1]!.metadata.causationId).toEqual(expect.any(String));
    expect(result.position).toBe(stored[0]!.position);
    expect(approved.position).toBe(stored[1]!.position);
    expect(approved.position! > result.position!).toBe(true);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(approved.position!);
  });

  it('uses the causation id as correlation id when none is given, and random event ids without a key', async () => {
    const templateId = randomUUID();
    await commands.handle(templateDecider, templateStream(templateId), { type: 'SubmitTemplate', data: submission(templateId) }, { actor: author });
    const [event] = await store.readStream(templateStream(templateId));
    expect(event!.metadata.correlationId).toBe(event!.metadata.causationId);
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(event!.metadata.occurredAt)).toBeLessThan(60_000);
  });

  it("stamps each event with its type's current schema version", async () => {
    const versioned = createCommandBus(store, { TemplateSubmitted: { 1: (data) => data, 2: (data) => data } });
    const templateId = randomUUID();
    await versioned.handle(templateDecider, templateStream(templateId), { type: 'SubmitTemplate', data: submission(templateId) }, { actor: author });
    await versioned.handle(templateDecider, templateStream(templateId), { type: 'ApproveTemplate', data: { templateId, reviewerId: 'a' } }, { actor: admin });
    const stored = await store.readStream(templateStream(templateId));
    expect(stored.map((event) => event.metadata.schemaVersion)).toEqual([3, 1]);
  });

  it('appends once for the same idempotency key, and answers the repeat with the same position', async () => {
    const templateId = randomUUID();
    const stream = likeStream(templateId, 'user-1');
    const first = await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'click-1' });
    const second = await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'click-1' });

    expect(first.repeated).toBe(false);
    expect(second.repeated).toBe(true);
    expect(second.position).toBe(first.position);
    expect(second.events).toEqual(first.events);
    expect(second.events).toEqual([{ type: 'TemplateLiked', data: { templateId, userId: 'user-1' } }]);

    const stored = await store.readStream(stream);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(eventIdFor(stream, 'click-1', 0));
    expect(stored[0]!.position).toBe(first.position);

    // A new key is a new command: the toggle unlikes; the old key still answers its own result.
    const third = await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'click-2' });
    expect(third).toMatchObject({ repeated: false, events: [{ type: 'TemplateUnliked' }] });
    const again = await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'click-1' });
    expect(again).toEqual({ ...first, repeated: true });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('appends once when the same idempotency key arrives twice at the same time', async () => {
    const templateId = randomUUID();
    const stream = likeStream(templateId, 'user-1');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'double-click' })),
    );
    const stored = await store.readStream(stream);
    expect(stored.map((event) => event.type)).toEqual(['TemplateLiked']);
    for (const result of results) expect(result.position).toBe(stored[0]!.position);
  });

  it('keeps one stream consistent under 50 parallel toggles by the same user', async () => {
    const templateId = randomUUID();
    const stream = likeStream(templateId, 'user-1');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author })),
    );

    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const failure of failed) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
    const succeeded = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));

    const stored = await store.readStream(stream);
    expect(stored.length).toBe(succeeded.length);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((event) => event.revision)).toEqual(stored.map((_, index) => BigInt(index)));
    // Every toggle decided on the state it appended to: likes and unlikes strictly alternate.
    expect(stored.map((event) => event.type)).toEqual(stored.map((_, index) => (index % 2 === 0 ? 'TemplateLiked' : 'TemplateUnliked')));
    // Each successful command answers the position of its own stored event.
    expect(new Set(succeeded.map((result) => result.position))).toEqual(new Set(stored.map((event) => event.position)));
    for (const result of succeeded) {
      const own = stored.find((event) => event.position === result.position)!;
      expect(result.events).toEqual([{ type: own.type, data: own.data }]);
    }

    // The state a new command sees agrees with the number of stored events.
    const liked = stored.length % 2 === 1;
    const next = await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author });
    expect(next.events[0]!.type).toBe(liked ? 'TemplateUnliked' : 'TemplateLiked');
  });

  it('lets 30 users like one template in parallel without contention', async () => {
    const templateId = randomUUID();
    const users = Array.from({ length: 30 }, (_, index) => `user-${index}`);
    const results = await Promise.all(
      users.map((userId) => commands.handle(likeDecider, likeStream(templateId, userId), toggle(templateId, userId), { actor: { userId, role: 'base' } })),
    );
    expect(results.every((result) => result.events[0]?.type === 'TemplateLiked' && !result.repeated)).toBe(true);
    expect(new Set(results.map((result) => result.position)).size).toBe(30);

    const streams = await Promise.all(users.map((userId) => store.readStream(likeStream(templateId, userId))));
    const likes = streams.flat().filter((event) => event.type === 'TemplateLiked' && (event.data as { templateId: string }).templateId === templateId);
    expect(likes).toHaveLength(30);
    expect(new Set(likes.map((event) => (event.data as { userId: string }).userId))).toEqual(new Set(users));
    expect(streams.every((events) => events.length === 1)).toBe(true);
  });

  it('propagates a DomainError from decide and appends nothing', async () => {
    const templateId = randomUUID();
    const stream = templateStream(templateId);
    const head = await store.headPosition();

    const error = await commands
      .handle(templateDecider, stream, { type: 'ApproveTemplate', data: { templateId, reviewerId: 'admin-1' } }, { actor: admin, idempotencyKey: 'k' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'not_found', message: 'This post does not exist' });
    expect(await store.readStream(stream)).toEqual([]);
    expect(await store.headPosition()).toBe(head);

    await commands.handle(templateDecider, stream, { type: 'SubmitTemplate', data: submission(templateId) }, { actor: author });
    await expect(
      commands.handle(templateDecider, stream, { type: 'SubmitTemplate', data: submission(templateId) }, { actor: author }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('appends nothing and answers no position when the decider decides nothing', async () => {
    const templateId = randomUUID();
    const stream = templateStream(templateId);
    await commands.handle(templateDecider, stream, { type: 'SubmitTemplate', data: submission(templateId) }, { actor: author });
    const sponsor = { type: 'SetSponsored' as const, data: { templateId, sponsored: true } };
    const first = await commands.handle(templateDecider, stream, sponsor, { actor: admin, idempotencyKey: 'sponsor-1' });
    const second = await commands.handle(templateDecider, stream, sponsor, { actor: admin, idempotencyKey: 'sponsor-2' });
    expect(first.events).toHaveLength(1);
    expect(second).toEqual({ events: [], position: null, repeated: false });
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['TemplateSubmitted', 'TemplateSponsored']);
  });

  /** The real store, with another writer slipping a toggle in before the first `times` appends. */
  function racedStore(stream: string, templateId: string, times: number): EventStore {
    let raced = 0;
    return {
      ...store,
      async appendToStream(streamId, events, options) {
        if (streamId === stream && raced < times) {
          raced += 1;
          await commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author });
        }
        return store.appendToStream(streamId, events, options);
      },
    };
  }

  it('rereads and decides again when another writer appended in between', async () => {
    const templateId = randomUUID();
    const stream = likeStream(templateId, 'user-1');
    const bus = createCommandBus(racedStore(stream, templateId, 1), upcasters);
    const result = await bus.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'k' });
    // It first decided "like" on an empty stream; the other writer liked first, so the retry unlikes.
    expect(result.events.map((event) => event.type)).toEqual(['TemplateUnliked']);
    const stored = await store.readStream(stream);
    expect(stored.map((event) => event.type)).toEqual(['TemplateLiked', 'TemplateUnliked']);
    expect(stored[1]!.id).toBe(eventIdFor(stream, 'k', 0));
    expect(result.position).toBe(stored[1]!.position);
  });

  it(`gives up with the conflict after ${MAX_CONFLICT_RETRIES} retries`, async () => {
    const templateId = randomUUID();
    const stream = likeStream(templateId, 'user-1');
    const bus = createCommandBus(racedStore(stream, templateId, Number.POSITIVE_INFINITY), upcasters);
    await expect(bus.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    // Every attempt lost to the other writer: its toggles are all that is stored.
    expect(await store.readStream(stream)).toHaveLength(MAX_CONFLICT_RETRIES + 1);
  });
});
