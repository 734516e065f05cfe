import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/database.js';
import { createStreamSnapshots, type StreamSnapshots } from '../../adapters/db/stream-snapshots.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../../adapters/eventstore/postgres.js';
import { accountDeciderFor, type AccountState } from '../../domain/accounts/decider.js';
import type { AccountEvent } from '../../domain/accounts/events.js';
import { REWARD_DESCRIPTIONS, REWARD_POINTS } from '../../domain/rewards/constants.js';
import { rewardsDecider, type AwardRewardsCommand } from '../../domain/rewards/decider.js';
import { rewardsStream, type RewardEarned } from '../../domain/rewards/events.js';
import type { Actor, DeciderSnapshot, DomainEvent } from '../../domain/shared/events.js';
import { templateDecider } from '../../domain/templates/decider.js';
import type { TemplateEvent } from '../../domain/templates/events.js';
import { upcasters } from '../../domain/upcasters.js';
import { countingStreamReads } from '../../../tests/fixtures/counting-store.js';
import { databaseTargets } from '../../../tests/fixtures/databases.js';
import { anEvent } from '../../../tests/fixtures/events.js';
import { createCommandBus, SNAPSHOT_AFTER_EVENTS, type CommandBus } from './handle-command.js';

const reactor: Actor = { userId: null, role: 'system' };
/** A stream long enough for a snapshot, its points past the first milestone (100) and short of the second (500). */
const SEEDED_REWARDS = 450;

const award = (userId: string, keys: readonly string[]): AwardRewardsCommand => ({
  type: 'AwardRewards',
  data: { userId, sourceEventId: randomUUID(), awards: keys.map((key) => ({ rewardType: 'click' as const, key })) },
});
const earned = (userId: string, key: string): RewardEarned => ({
  type: 'RewardEarned',
  data: {
    userId,
    rewardType: 'click',
    key,
    points: REWARD_POINTS.click,
    description: REWARD_DESCRIPTIONS.click,
    sourceEventId: randomUUID(),
  },
});
/** What a decision awarded, without whose stream it was. */
const awarded = (events: readonly DomainEvent[]) => (events as RewardEarned[]).map(({ data }) => [data.rewardType, data.key, data.points]);

describe.each(databaseTargets())('command bus with stream snapshots: $name', (target) => {
  let database: Database;
  let store: EventStore;
  let snapshots: StreamSnapshots;
  let withSnapshots: CommandBus;
  let wholeStreams: CommandBus;
  /** How many events each stream read of the store answered. */
  let eventsRead: number[] = [];

  beforeAll(async () => {
    database = await target.open();
    store = countingStreamReads(createPostgresEventStore(database), (events) => eventsRead.push(events));
    snapshots = createStreamSnapshots(database.db);
    withSnapshots = createCommandBus(store, upcasters, snapshots);
    wholeStreams = createCommandBus(store, upcasters);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  /** A member's rewards stream of `count` rewards, keyed open:0, open:1, … (appended as the reactor would have). */
  async function seedRewards(userId: string, count: number, from = 0): Promise<void> {
    const events = Array.from({ length: count }, (_, index) => ({ ...anEvent(), ...earned(userId, `open:${from + index}`) }));
    for (let start = 0; start < events.length; start += 500) {
      await store.appendToStream(rewardsStream(userId), events.slice(start, start + 500), { expectedRevision: 'any' });
    }
  }

  it('decides on a long stream as a whole fold does, then reads only the events after its snapshot', async () => {
    expect(SEEDED_REWARDS).toBeGreaterThanOrEqual(SNAPSHOT_AFTER_EVENTS);
    const [member, twin] = [randomUUID(), randomUUID()];
    await seedRewards(member, SEEDED_REWARDS);
    await seedRewards(twin, SEEDED_REWARDS);
    const commands = [['open:3', 'open:new-1'], ['open:new-1', 'open:new-2', 'open:7'], ['open:new-3']];
    const decisions: { snapshotted: DomainEvent[]; whole: DomainEvent[]; read: number[] }[] = [];
    for (const keys of commands) {
      eventsRead = [];
      const snapshotted = (await withSnapshots.handle(rewardsDecider, rewardsStream(member), award(member, keys), { actor: reactor }))
        .events;
      const read = [...eventsRead];
      const whole = (await wholeStreams.handle(rewardsDecider, rewardsStream(twin), award(twin, keys), { actor: reactor })).events;
      decisions.push({ snapshotted, whole, read });
    }
    for (const { snapshotted, whole } of decisions) expect(awarded(snapshotted)).toEqual(awarded(whole));
    // The seeded stream has no milestone yet: the first decision adds the one passed, and new keys only.
    expect(awarded(decisions[0]!.snapshotted)).toEqual([
      ['click', 'open:new-1', 1],
      ['points_100', 'points_100', 10],
    ]);
    expect(awarded(decisions[1]!.snapshotted)).toEqual([['click', 'open:new-2', 1]]);

    // The first command read the whole stream and kept its snapshot; the next read only the events after what the one before folded.
    expect(decisions[0]!.read).toEqual([SEEDED_REWARDS]);
    expect((await snapshots.load(rewardsStream(member), rewardsDecider.snapshot!.name))?.revision).toBe(BigInt(SEEDED_REWARDS - 1));
    expect(decisions[1]!.read).toEqual([1 + decisions[0]!.snapshotted.length]);
    expect(decisions[2]!.read).toEqual([1 + decisions[1]!.snapshotted.length]);

    // Another process (a bus of its own) starts from the snapshot.
    eventsRead = [];
    const elsewhere = await createCommandBus(store, upcasters, snapshots).handle(
      rewardsDecider,
      rewardsStream(member),
      award(member, ['open:9', 'open:new-4']),
      { actor: reactor },
    );
    expect(awarded(elsewhere.events)).toEqual([['click', 'open:new-4', 1]]);
    expect(eventsRead).toEqual([1 + decisions.reduce((events, { snapshotted }) => events + snapshotted.length, 0)]);
  });

  it('answers a repeat of a command from before the snapshot with the events that command appended', async () => {
    const member = randomUUID();
    const stream = rewardsStream(member);
    await seedRewards(member, 5);
    const first = await withSnapshots.handle(rewardsDecider, stream, award(member, ['open:first']), {
      actor: reactor,
      idempotencyKey: 'first-open',
    });
    await seedRewards(member, SNAPSHOT_AFTER_EVENTS, 100);
    await withSnapshots.handle(rewardsDecider, stream, award(member, ['open:later']), { actor: reactor });
    const kept = await snapshots.load(stream, rewardsDecider.snapshot!.name);
    expect(kept?.revision).toBe(BigInt(5 + 1 + SNAPSHOT_AFTER_EVENTS - 1));
    const length = (await store.readStream(stream)).length;

    const repeat = await withSnapshots.handle(rewardsDecider, stream, award(member, ['open:first']), {
      actor: reactor,
      idempotencyKey: 'first-open',
    });
    expect(repeat.repeated).toBe(true);
    expect(repeat.position).toBe(first.position);
    expect(awarded(repeat.events)).toEqual(awarded(first.events));
    expect(await store.readStream(stream)).toHaveLength(length);
  });

  it('folds the whole stream when the stream does not hold its snapshot’s event at its revision', async () => {
    const member = randomUUID();
    const stream = rewardsStream(member);
    await seedRewards(member, 10);
    await snapshots.save(stream, rewardsDecider.snapshot!.name, { revision: 5n, eventId: randomUUID(), state: { rewarded: [], total: 0 } });
    const result = await withSnapshots.handle(rewardsDecider, stream, award(member, ['open:3']), { actor: reactor });
    expect(result.events).toEqual([]);
  });

  it('keeps no snapshot when the store cannot find an event by id, as on EventStoreDB', async () => {
    const member = randomUUID();
    await seedRewards(member, SNAPSHOT_AFTER_EVENTS + 10);
    const withoutLookup: EventStore = { ...store };
    delete withoutLookup.findEventRevision;
    const result = await createCommandBus(withoutLookup, upcasters, snapshots).handle(
      rewardsDecider,
      rewardsStream(member),
      award(member, ['open:new']),
      { actor: reactor },
    );
    expect(awarded(result.events)[0]).toEqual(['click', 'open:new', 1]);
    expect(await snapshots.load(rewardsStream(member), rewardsDecider.snapshot!.name)).toBeNull();
  });

  it('keeps the snapshot of the latest revision when two are saved out of order', async () => {
    const stream = rewardsStream(randomUUID());
    const later = { revision: 9n, eventId: randomUUID(), state: { rewarded: ['b'], total: 2 } };
    await snapshots.save(stream, 'rewards.test', later);
    await snapshots.save(stream, 'rewards.test', { revision: 4n, eventId: randomUUID(), state: { rewarded: ['a'], total: 1 } });
    expect(await snapshots.load(stream, 'rewards.test')).toEqual(later);
  });
});

/** The state through its snapshot's JSON and back, as a command reads it. */
function throughJson<S>(snapshot: DeciderSnapshot<S>, state: S): S {
  return snapshot.fromJson(JSON.parse(JSON.stringify(snapshot.toJson(state))));
}

describe('decider snapshots', () => {
  it("keep an account's sessions in order, its links and resets, and decide as the folded state does", () => {
    const userId = randomUUID();
    const decider = accountDeciderFor(userId);
    const session = (sessionId: string, isTestUser = false): AccountEvent => ({
      type: 'SessionStarted',
      data: { userId, sessionId, tokenHash: `hash-${sessionId}`, expiresAt: '2030-01-01T00:00:00.000Z', method: 'password', isTestUser },
    });
    const events: AccountEvent[] = [
      {
        type: 'UserRegistered',
        data: {
          userId,
          username: { sealed: 'pd1:ada', lookup: 'ada-lookup' },
          emailEnc: 'enc',
          emailLookup: 'lookup',
          displayNameEnc: null,
          lvl: 'base',
          passwordHash: 'hash',
          googleKey: null,
          verification: 'pending',
        },
      },
      session('s3'),
      session('s1', true),
      session('s2'),
      { type: 'SessionEnded', data: { userId, sessionId: 's1', reason: 'logout' } },
      { type: 'VerificationLinkIssued', data: { userId, linkId: 'l1', tokenHash: 'link-hash', expiresAt: '2030-01-01T00:00:00.000Z' } },
      { type: 'PasswordResetRequested', data: { userId, resetId: 'r1', tokenHash: 'reset-hash', expiresAt: '2030-01-01T00:00:00.000Z' } },
    ];
    const state: AccountState = events.reduce(decider.evolve, decider.initialState());
    const read = throughJson(decider.snapshot!, state);
    expect([...read.sessions]).toEqual([...state.sessions]);
    expect([...read.sessions.keys()]).toEqual(['s3', 's2']);
    expect(read.links.get('link-hash')).toEqual(state.links.get('link-hash'));
    expect(read.resets.get('reset-hash')).toEqual(state.resets.get('reset-hash'));
    expect(decider.snapshot!.toJson(read)).toEqual(decider.snapshot!.toJson(state));
    expect(decider.decide({ type: 'DeleteAccount' }, read)).toEqual(decider.decide({ type: 'DeleteAccount' }, state));
  });

  it("keep a post's owners in order", () => {
    const templateId = randomUUID();
    const events = [
      {
        type: 'TemplateSubmitted',
        data: {
          templateId,
          authorId: 'author',
          titleUrl: 'planner',
          title: 'Planner',
          description: 'Plan.',
          instructions: 'Copy.',
          url: 'https://example.com',
          topic: 'productivity',
          platform: 'notion',
          keywords: [],
          price: 500,
          imageUrls: [],
        },
      },
      { type: 'TemplatePurchased', data: { templateId, buyerId: 'buyer-2', priceCents: 500 } },
      { type: 'TemplatePurchased', data: { templateId, buyerId: 'buyer-1', priceCents: 500 } },
    ] as TemplateEvent[];
    const state = events.reduce(templateDecider.evolve, templateDecider.initialState());
    const read = throughJson(templateDecider.snapshot!, state);
    expect([...read.owners]).toEqual(['author', 'buyer-2', 'buyer-1']);
    expect(templateDecider.snapshot!.toJson(read)).toEqual(templateDecider.snapshot!.toJson(state));
  });
});
