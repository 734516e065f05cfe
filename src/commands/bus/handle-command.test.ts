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
import { countingStreamReads } from '../../../tests/fixtures/counting-store.js';
import { databaseTargets } from '../../../tests/fixtures/databases.js';
import { createStreamSnapshots, type StreamSnapshots } from '../../adapters/db/stream-snapshots.js';
import { REWARD_DESCRIPTIONS, REWARD_POINTS } from '../../domain/rewards/constants.js';
import { rewardsDecider } from '../../domain/rewards/decider.js';
import { rewardsStream, type RewardEarned } from '../../domain/rewards/events.js';
import { anEvent } from '../../../tests/fixtures/events.js';
import { createCommandBus, eventIdFor, MAX_CONFLICT_RETRIES, SNAPSHOT_AFTER_EVENTS, type CommandBus } from './handle-command.js';

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

    const result = await commands.handle(
      templateDecider,
      stream,
      { type: 'SubmitTemplate', data: submission(templateId) },
      {
        actor: author,
        correlationId: 'corr-1',
        causationId: 'cause-1',
        now,
      },
    );
    expect(result.repeated).toBe(false);
    expect(result.events).toEqual([{ type: 'TemplateSubmitted', data: submission(templateId) }]);

    const approved = await commands.handle(
      templateDecider,
      stream,
      { type: 'ApproveTemplate', data: { templateId, reviewerId: 'admin-1' } },
      {
        actor: admin,
        correlationId: 'corr-1',
      },
    );

    const stored = await store.readStream(stream);
    expect(stored.map((event) => [event.type, event.revision])).toEqual([
      ['TemplateSubmitted', 0n],
      ['TemplateApproved', 1n],
      ['TemplateVersionPublished', 2n],
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
    // The approval appended two events (the approval and version 1): the answer names the last.
    expect(approved.position).toBe(stored[2]!.position);
    expect(approved.position! > result.position!).toBe(true);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(approved.position!);
  });

  it('uses the causation id as correlation id when none is given, and random event ids without a key', async () => {
    const templateId = randomUUID();
    await commands.handle(
      templateDecider,
      templateStream(templateId),
      { type: 'SubmitTemplate', data: submission(templateId) },
      { actor: author },
    );
    const [event] = await store.readStream(templateStream(templateId));
    expect(event!.metadata.correlationId).toBe(event!.metadata.causationId);
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(event!.metadata.occurredAt)).toBeLessThan(60_000);
  });

  it("stamps each event with its type's current schema version", async () => {
    const versioned = createCommandBus(store, { TemplateSubmitted: { 1: (data) => data, 2: (data) => data } });
    const templateId = randomUUID();
    await versioned.handle(
      templateDecider,
      templateStream(templateId),
      { type: 'SubmitTemplate', data: submission(templateId) },
      { actor: author },
    );
    await versioned.handle(
      templateDecider,
      templateStream(templateId),
      { type: 'ApproveTemplate', data: { templateId, reviewerId: 'a' } },
      { actor: admin },
    );
    const stored = await store.readStream(templateStream(templateId));
    expect(stored.map((event) => event.metadata.schemaVersion)).toEqual([3, 1, 1]);
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
      Array.from({ length: 5 }, () =>
        commands.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author, idempotencyKey: 'double-click' }),
      ),
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
      users.map((userId) =>
        commands.handle(likeDecider, likeStream(templateId, userId), toggle(templateId, userId), { actor: { userId, role: 'base' } }),
      ),
    );
    expect(results.every((result) => result.events[0]?.type === 'TemplateLiked' && !result.repeated)).toBe(true);
    expect(new Set(results.map((result) => result.position)).size).toBe(30);

    const streams = await Promise.all(users.map((userId) => store.readStream(likeStream(templateId, userId))));
    const likes = streams
      .flat()
      .filter((event) => event.type === 'TemplateLiked' && (event.data as { templateId: string }).templateId === templateId);
    expect(likes).toHaveLength(30);
    expect(new Set(likes.map((event) => (event.data as { userId: string }).userId))).toEqual(new Set(users));
    expect(streams.every((events) => events.length === 1)).toBe(true);
  });

  it('propagates a DomainError from decide and appends nothing', async () => {
    const templateId = randomUUID();
    const stream = templateStream(templateId);
    const head = await store.headPosition();

    const error = await commands
      .handle(
        templateDecider,
        stream,
        { type: 'ApproveTemplate', data: { templateId, reviewerId: 'admin-1' } },
        { actor: admin, idempotencyKey: 'k' },
      )
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
    await expect(bus.handle(likeDecider, stream, toggle(templateId, 'user-1'), { actor: author })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    // Every attempt lost to the other writer: its toggles are all that is stored.
    expect(await store.readStream(stream)).toHaveLength(MAX_CONFLICT_RETRIES + 1);
  });
});

describe.each(databaseTargets())("a stream's state from the command bus: $name", (target) => {
  let database: Database;
  let store: EventStore;
  let snapshots: StreamSnapshots;
  /** How many events each stream read of the store answered. */
  const eventsRead: number[] = [];

  beforeAll(async () => {
    database = await target.open();
    store = countingStreamReads(createPostgresEventStore(database), (events) => eventsRead.push(events));
    snapshots = createStreamSnapshots(database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  async function appendRewards(userId: string, keys: string[]): Promise<void> {
    const events = keys.map((key): RewardEarned => ({
      type: 'RewardEarned',
      data: {
        userId,
        rewardType: 'click',
        key,
        points: REWARD_POINTS.click,
        description: REWARD_DESCRIPTIONS.click,
        sourceEventId: randomUUID(),
      },
    }));
    await store.appendToStream(
      rewardsStream(userId),
      events.map((event) => ({ ...anEvent(), ...event })),
      { expectedRevision: 'any' },
    );
  }

  /** The stream folded from its first event, as a reader without the bus would. */
  async function wholeFold(userId: string) {
    const history = await store.readStream(rewardsStream(userId));
    return history.reduce((state, event) => rewardsDecider.evolve(state, event as unknown as RewardEarned), rewardsDecider.initialState());
  }

  it('answers the fold of the stream, resuming from its memory or the snapshot it kept', async () => {
    const member = randomUUID();
    const keys = Array.from({ length: SNAPSHOT_AFTER_EVENTS + 50 }, (_, index) => `open:${index}`);
    await appendRewards(member, keys);
    const bus = createCommandBus(store, upcasters, snapshots);

    const first = await bus.stateOf(rewardsDecider, rewardsStream(member));
    expect(first.total).toBe(keys.length * REWARD_POINTS.click);
    expect(first.rewarded.toJSON()).toEqual((await wholeFold(member)).rewarded.toJSON());
    // A fold this long is kept as the stream's snapshot, as a command's fold would be.
    expect((await snapshots.load(rewardsStream(member), rewardsDecider.snapshot!.name))?.revision).toBe(BigInt(keys.length - 1));

    await appendRewards(member, ['open:new-1', 'open:new-2']);
    eventsRead.length = 0;
    const resumed = await bus.stateOf(rewardsDecider, rewardsStream(member));
    // From the state in memory: the event it folded last, then the two after it.
    expect(eventsRead).toEqual([3]);
    const whole = await wholeFold(member);
    expect(resumed.total).toBe(whole.total);
    expect(resumed.rewarded.toJSON()).toEqual(whole.rewarded.toJSON());

    // A bus of another process starts from the snapshot: the snapshot's event and the two after it.
    eventsRead.length = 0;
    const elsewhere = await createCommandBus(store, upcasters, snapshots).stateOf(rewardsDecider, rewardsStream(member));
    expect(eventsRead).toEqual([3]);
    expect(elsewhere.total).toBe(whole.total);
  });

  it('answers the initial state for an empty stream', async () => {
    expect(await createCommandBus(store, upcasters, snapshots).stateOf(rewardsDecider, rewardsStream(randomUUID()))).toEqual(
      rewardsDecider.initialState(),
    );
  });
});
