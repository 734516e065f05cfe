import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import { demoTemplateContent, random } from '../../src/composition/demo-catalogue.js';
import { createStreamSnapshots } from '../../src/adapters/db/stream-snapshots.js';
import { createCommandBus } from '../../src/commands/bus/handle-command.js';
import { createRewardsReactor } from '../../src/projections/reactors/rewards-reactor.js';
import { eventsAboutTemplate } from '../../src/adapters/eventstore/events-about-template.js';
import { VersionService } from '../../src/commands/templates/versions.js';
import { accountDeciderFor } from '../../src/domain/accounts/decider.js';
import { userStream, type SessionStarted, type UserRegistered } from '../../src/domain/accounts/events.js';
import { REWARD_DESCRIPTIONS, REWARD_POINTS } from '../../src/domain/rewards/constants.js';
import { rewardsDecider } from '../../src/domain/rewards/decider.js';
import { rewardsStream, type RewardEarned } from '../../src/domain/rewards/events.js';
import { clickStream, type TemplateClicked } from '../../src/domain/engagement/events.js';
import type { Actor, DomainEvent, EventToAppend, RecordedEvent } from '../../src/domain/shared/events.js';
import { templateDecider } from '../../src/domain/templates/decider.js';
import { templateStream, type TemplatePurchased, type TemplateSubmitted } from '../../src/domain/templates/events.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { benchAsOfVisibility } from './as-of-visibility.js';

/** Streams that grow for as long as a member is active, at these lengths before BENCH_SCALE. */
const STREAM_LENGTHS = [1_000, 5_000, 20_000] as const;
/** Commands timed on each stream after the first; their median is reported, and the first apart. */
export const COMMANDS_AFTER_THE_FIRST = 5;
const SEED_BATCH_SIZE = 500;
const ACTOR: Actor = { userId: null, role: 'system' };

export interface StreamCommandMeasurement {
  case: string;
  streamEvents: number;
  /** The first command's time: with no snapshot yet, it reads and folds the whole stream (and keeps a snapshot where its decider has one). */
  firstMs: number;
  /** The median of the next commands' times: reading the stream (after its snapshot), folding, deciding and appending. */
  medianMs: number;
}

/**
 * A command reads its stream and folds every event of it. Some streams only grow: a member's
 * rewards (one per post they open), their sign-ins (one per login, most never ended by a logout).
 * This measures one command on such a stream at a few lengths: its time should grow with the
 * length at most in proportion (a fold that copied its state per event grew with the square).
 * A post's stream grows with its sales: the rewards reactor's reward for opening it looks up only
 * its author, whose time should not grow at all.
 */
export async function benchLongStreams(database: Database, scale: number): Promise<StreamCommandMeasurement[]> {
  const store = withUpcasting(createPostgresEventStore(database), upcasters);
  const commands = createCommandBus(store, upcasters, createStreamSnapshots(database.db));
  const seed = async (streamId: string, events: Iterable<DomainEvent>) => {
    let revision = -1n;
    let batch: EventToAppend[] = [];
    const flush = async () => {
      await store.appendToStream(streamId, batch, { expectedRevision: revision < 0n ? 'no_stream' : revision });
      revision += BigInt(batch.length);
      batch = [];
    };
    for (const event of events) {
      batch.push({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: ACTOR,
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      });
      if (batch.length === SEED_BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
  };
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const timeCommands = async (command: (index: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let index = 0; index <= COMMANDS_AFTER_THE_FIRST; index += 1) {
      const started = performance.now();
      await command(index);
      times.push(performance.now() - started);
    }
    const [firstMs, ...next] = times;
    return { firstMs: firstMs!, medianMs: median(next) };
  };

  const lengths = STREAM_LENGTHS.map((base) => Math.max(1, Math.round(base * scale)));
  const measurements: StreamCommandMeasurement[] = [];
  for (const length of lengths) {
    const member = randomUUID();
    await seed(rewardsStream(member), rewards(member, length));
    measurements.push({
      case: 'a reward (rewards reactor): member with N rewards',
      streamEvents: length,
      ...(await timeCommands((index) =>
        commands.handle(
          rewardsDecider,
          rewardsStream(member),
          {
            type: 'AwardRewards',
            data: { userId: member, sourceEventId: randomUUID(), awards: [{ rewardType: 'click', key: `click:new-${index}` }] },
          },
          { actor: ACTOR },
        ),
      )),
    });
  }
  for (const length of lengths) {
    const member = randomUUID();
    await seed(userStream(member), signIns(member, length));
    measurements.push({
      case: 'a sign-in: member with N sessions',
      streamEvents: length + 1,
      ...(await timeCommands(() =>
        commands.handle(
          accountDeciderFor(member),
          userStream(member),
          {
            type: 'StartSession',
            data: {
              sessionId: randomUUID(),
              tokenHash: randomUUID(),
              expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
              method: 'password',
              checkedPasswordHash: null,
            },
          },
          { actor: { userId: member, role: 'base' } },
        ),
      )),
    });
  }
  // One post per length serves both cases: the clicks' rewards read only its opening, and the sales come after them.
  const reactor = createRewardsReactor({ commands, store });
  const sales: StreamCommandMeasurement[] = [];
  const asOfReads: StreamCommandMeasurement[] = [];
  const versions = new VersionService({
    commands,
    db: database.db,
    eventsAboutTemplate: eventsAboutTemplate(store, database.db, upcasters),
  });
  for (const length of lengths) {
    const templateId = randomUUID();
    await seed(templateStream(templateId), postWithSales(templateId, length));
    const clicks: RecordedEvent[] = [];
    for (let index = 0; index <= COMMANDS_AFTER_THE_FIRST; index += 1) {
      const click: TemplateClicked = { type: 'TemplateClicked', data: { templateId, userId: randomUUID() } };
      await seed(clickStream(templateId, click.data.userId), [click]);
      clicks.push(...(await store.readStream(clickStream(templateId, click.data.userId))));
    }
    measurements.push({
      case: "a click's reward (rewards reactor): post with N sales",
      streamEvents: length + 1,
      ...(await timeCommands((index) => reactor.react(clicks[index]!))),
    });
    sales.push({
      case: 'a sale recorded: post with N sales',
      streamEvents: length + 1,
      ...(await timeCommands(() =>
        commands.handle(
          templateDecider,
          templateStream(templateId),
          { type: 'RecordPurchase', data: { templateId, buyerId: randomUUID(), priceCents: 500 } },
          { actor: ACTOR },
        ),
      )),
    });
    // The author's "as it was": the events naming the post, folded up to the moment (here: now, so all of them).
    asOfReads.push({
      case: 'an as-of read (author, admin): post with N events',
      streamEvents: length + COMMANDS_AFTER_THE_FIRST + 1,
      ...(await timeCommands(() => versions.asOf(templateId, new Date()))),
    });
  }
  measurements.push(...sales, ...asOfReads, ...(await benchAsOfVisibility(database, scale)));
  return measurements;
}

function* postWithSales(templateId: string, sales: number): Generator<TemplateSubmitted | TemplatePurchased> {
  const content = demoTemplateContent(0, random(1));
  yield { type: 'TemplateSubmitted', data: { ...content, templateId, authorId: randomUUID(), titleUrl: `bench-${templateId}` } };
  for (let index = 0; index < sales; index += 1)
    yield { type: 'TemplatePurchased', data: { templateId, buyerId: randomUUID(), priceCents: 500 } };
}

function* rewards(userId: string, count: number): Generator<RewardEarned> {
  for (let index = 0; index < count; index += 1) {
    yield {
      type: 'RewardEarned',
      data: {
        userId,
        rewardType: 'click',
        key: `click:${index}`,
        points: REWARD_POINTS.click,
        description: REWARD_DESCRIPTIONS.click,
        sourceEventId: randomUUID(),
      },
    };
  }
}

function* signIns(userId: string, sessions: number): Generator<UserRegistered | SessionStarted> {
  yield {
    type: 'UserRegistered',
    data: {
      userId,
      username: { sealed: 'x', lookup: `username-lookup-${userId}` },
      emailEnc: 'x',
      emailLookup: `lookup-${userId}`,
      displayNameEnc: 'x',
      lvl: 'base',
      passwordHash: null,
      googleKey: null,
      verification: 'verified',
    },
  };
  for (let index = 0; index < sessions; index += 1) {
    yield {
      type: 'SessionStarted',
      data: {
        userId,
        sessionId: randomUUID(),
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        method: 'password',
        isTestUser: false,
      },
    };
  }
}
