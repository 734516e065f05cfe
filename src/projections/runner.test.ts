import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/database.js';
import type { Schema } from '../adapters/db/schema.js';
import { START_OF_LOG, type EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { createPostgresVault, type PersonalDataVault } from '../adapters/vault/vault.js';
import { demoTemplateId, demoUserId, seedCatalogue } from '../composition/demo-catalogue.js';
import { createCommandBus, type CommandBus } from '../commands/bus/handle-command.js';
import { likeDecider } from '../domain/engagement/decider.js';
import { likeStream } from '../domain/engagement/events.js';
import type { RecordedEvent } from '../domain/shared/events.js';
import { templateDecider } from '../domain/templates/decider.js';
import { templateStream, type TemplateSubmitted } from '../domain/templates/events.js';
import { titleUrlFor } from '../domain/templates/rules.js';
import { upcasters } from '../domain/upcasters.js';
import { databaseTargets } from '../../tests/fixtures/databases.js';
import { recordEngagement } from '../../tests/fixtures/engagement-activity.js';
import { anEvent } from '../../tests/fixtures/events.js';
import { dropGenerationTables, liveGeneration, startGeneration } from './generations.js';
import { generationTables, physicalTableName, type Projection } from './projection.js';
import type { GenerationTables, ReadModelTable } from './read-models/tables.js';
import { engagementProjection } from './read-models/engagement/projection.js';
import { rewardsProjection } from './read-models/rewards/projection.js';
import { searchProjection } from './read-models/search/projection.js';
import { templatesProjection } from './read-models/templates/projection.js';
import { usersProjection } from './read-models/users/projection.js';
import { projections } from './registry.js';
import { UNHANDLED_CHECKPOINT_COMMIT_MS } from './deferred-checkpoint.js';
import { ProjectionRunner, type RebuildProgress } from './runner.js';
import { StatementCounter } from '../../tests/fixtures/statement-counter.js';

const SIZE = { users: 5, templates: 30, seed: 3 };
const WAIT_MS = 5_000;
/** Appends of an event no projection handles, one at a time, each awaited like read-your-writes. */
const UNHANDLED_APPENDS = 30;
/** Long enough that a rebuild which gave up at the first failure would end before this finish does. */
const SLOW_FINISH_MS = 500;
/** Long enough that the runner reads and prepares the next page while a batch is being written. */
const SLOW_WRITE_MS = 50;

const ORDER: Record<ReadModelTable, string[]> = {
  users: ['id'],
  sessions: ['token_hash'],
  templates: ['id'],
  template_likes: ['template_id', 'user_id'],
  template_saves: ['template_id', 'user_id'],
  template_flags: ['template_id', 'user_id'],
  template_activity: ['template_id'],
  comments: ['id'],
  reports: ['id'],
  kudos_givers: ['user_id'],
  rewards: ['id'],
  search_documents: ['id'],
  search_popularity: ['template_id'],
  search_engagement: ['position'],
  search_words: ['word'],
  search_word_templates: ['template_id'],
  searches: ['search_id'],
  search_terms: ['term'],
  contact_messages: ['id'],
  payout_accounts: ['user_id'],
  checkouts: ['checkout_id'],
  purchases: ['purchase_id'],
  generation_jobs: ['job_id'],
  generated_files: ['file_id'],
  support_feedback: ['id'],
  support_chat_exchanges: ['exchange_id'],
  analytics_facts: ['position'],
  price_change_requests: ['template_id'],
  curated_lists: ['list'],
  mass_email_campaigns: ['campaign_id'],
  access_tokens: ['token_id'],
  webhook_endpoints: ['endpoint_id'],
  webhook_deliveries: ['attempt_id'],
  mass_email_outcomes: ['campaign_id', 'recipient_id'],
  template_versions: ['template_id', 'version'],
  version_holders: ['template_id', 'buyer_id'],
  update_notice_subscribers: ['template_id', 'user_id'],
};

/** Every row of a table or view, in a stable order, all columns. */
async function rowsOf(db: Kysely<Schema>, name: string, table: ReadModelTable): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.id(name)} order by ${sql.join(ORDER[table].map((c) => sql.id(c)))}`.execute(db);
  return rows;
}

async function physicalTables(db: Kysely<Schema>): Promise<string[]> {
  const { rows } = await sql<{
    tablename: string;
  }>`select tablename from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  return rows.map((row) => row.tablename);
}

async function wholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let after = START_OF_LOG; ;) {
    const page = await store.readAll({ after, maxCount: 500 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1]!.position;
  }
}

/** Likes per template as the log says: TemplateLiked minus TemplateUnliked. */
function likesFromLog(events: readonly RecordedEvent[]): Map<string, number> {
  const likes = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'TemplateLiked' && event.type !== 'TemplateUnliked') continue;
    const { templateId } = event.data as { templateId: string };
    likes.set(templateId, (likes.get(templateId) ?? 0) + (event.type === 'TemplateLiked' ? 1 : -1));
  }
  return likes;
}

/** The real store, able to hold one `readPage` answer back until released (to line up a race). */
function gated(inner: EventStore) {
  let hold: { when: (page: RecordedEvent[]) => boolean; reached: () => void; released: Promise<void> } | null = null;
  const store: EventStore = {
    ...inner,
    async readPage(options) {
      const page = await inner.readPage(options);
      const current = hold;
      if (current && current.when(page.events)) {
        hold = null;
        current.reached();
        await current.released;
      }
      return page;
    },
  };
  return {
    store,
    holdNextRead(when: (page: RecordedEvent[]) => boolean) {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { when, reached, released };
      return { reached: reachedPromise, release };
    },
  };
}

describe.each(databaseTargets())('projection runner: $name', (target) => {
  let database: Database;
  let db: Kysely<Schema>;
  let store: EventStore;
  let vault: PersonalDataVault;
  let commands: CommandBus;
  let runner: ProjectionRunner;
  let generationsBeforeStart: unknown[];

  const toggleLike = (templateId: string, userId: string) =>
    commands.handle(
      likeDecider,
      likeStream(templateId, userId),
      { type: 'ToggleLike', data: { templateId, userId } },
      { actor: { userId, role: 'base' } },
    );

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
    store = createPostgresEventStore(database);
    vault = createPostgresVault(db);
    commands = createCommandBus(store, upcasters);
    runner = new ProjectionRunner(db, database.kind, store, projections, { batchSize: 7 });

    await seedCatalogue({ commands, vault }, SIZE);
    // Some likes taken back (and one given again), so likes are not just the count of TemplateLiked.
    const likes = (await wholeLog(store))
      .filter((event) => event.type === 'TemplateLiked')
      .map((event) => event.data as { templateId: string; userId: string });
    expect(likes.length).toBeGreaterThan(4);
    for (const like of likes.slice(0, 4)) await toggleLike(like.templateId, like.userId);
    await toggleLike(likes[0]!.templateId, likes[0]!.userId);
    // Every engagement and rewards event type, so each projection below has rows to apply twice.
    const templateIds = Array.from({ length: 5 }, (_, i) => demoTemplateId(SIZE.seed, i));
    await recordEngagement({ commands, store, db, dbKind: database.kind }, templateIds, [
      demoUserId(SIZE.seed, 1),
      demoUserId(SIZE.seed, 2),
    ]);

    generationsBeforeStart = await db.selectFrom('projection_generations').selectAll().execute();
    await runner.start();
  });

  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await database?.close();
  });

  it('start() builds a live generation per projection, caught up with the log', async () => {
    expect(generationsBeforeStart).toEqual([]);
    const head = await store.headPosition();
    const rows = await db.selectFrom('projection_generations').selectAll().orderBy('generation').execute();
    expect(rows.map((row) => [row.projection, row.version, row.status])).toEqual(
      projections.map((projection) => [projection.name, projection.version, 'live']),
    );
    for (const row of rows) {
      expect(BigInt(row.checkpoint)).toBe(head);
      expect(row.switched_at).toBeInstanceOf(Date);
    }
    expect(await runner.waitFor(head, WAIT_MS)).toBe(true);
  });

  it('answers the views with every template, live, with the likes the log gives', async () => {
    const log = await wholeLog(store);
    const submitted = log.filter((event) => event.type === 'TemplateSubmitted') as unknown as RecordedEvent<TemplateSubmitted>[];
    expect(submitted).toHaveLength(30);

    const templates = await db.selectFrom('templates').selectAll().orderBy('id').execute();
    expect(templates).toHaveLength(30);
    expect(new Set(templates.map((row) => row.id))).toEqual(new Set(Array.from({ length: 30 }, (_, i) => demoTemplateId(3, i))));
    expect(templates.every((row) => row.status === 'live')).toBe(true);

    const expectedLikes = likesFromLog(log);
    expect([...expectedLikes.values()].some((n) => n > 0)).toBe(true);
    for (const row of templates) expect({ id: row.id, likes: row.likes }).toEqual({ id: row.id, likes: expectedLikes.get(row.id) ?? 0 });
    expect(templates.reduce((sum, row) => sum + row.likes, 0)).toBe(
      await db
        .selectFrom('template_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );

    for (const event of submitted) {
      const row = templates.find((template) => template.id === event.data.templateId)!;
      expect(row).toMatchObject({
        title: event.data.title,
        title_url: event.data.titleUrl,
        description_short: event.data.description,
        url: event.data.url,
        platform: event.data.platform,
        topic: event.data.topic,
        keywords: event.data.keywords,
        price_cents: Math.round(event.data.price * 100),
        author_id: event.data.authorId,
      });
      expect(row.created_at.toISOString()).toBe(event.metadata.occurredAt);
    }
    const sponsored = new Set(
      log.filter((event) => event.type === 'TemplateSponsored').map((event) => (event.data as { templateId: string }).templateId),
    );
    expect(sponsored.size).toBe(3);
    expect(new Set(templates.filter((row) => row.sponsored).map((row) => row.id))).toEqual(sponsored);

    const users = await db.selectFrom('users').selectAll().orderBy('username').execute();
    expect(users).toHaveLength(5);
    expect(new Set(users.map((user) => user.id))).toEqual(new Set(Array.from({ length: 5 }, (_, i) => demoUserId(3, i))));
    // The first account is the site's owner (a fresh install can change levels).
    expect(users.find((user) => user.username === 'admin')?.lvl).toBe('owner');
    for (const user of users) expect(await vault.decrypt(user.id, user.display_name_enc!)).toMatch(/^\w+ \w+$/);
  });

  it('answers saves, red flags, clicks, views and comments per template as the log counts them', async () => {
    const log = await wholeLog(store);
    const net = (on: string, off: string | null) => {
      const counts = new Map<string, number>();
      for (const event of log) {
        const delta = event.type === on ? 1 : event.type === off ? -1 : 0;
        if (delta === 0) continue;
        const { templateId } = event.data as { templateId: string };
        counts.set(templateId, (counts.get(templateId) ?? 0) + delta);
      }
      return counts;
    };
    const saves = net('TemplateSaved', 'TemplateUnsaved');
    const flags = net('TemplateFlagged', 'TemplateUnflagged');
    const [clicks, views, comments] = [net('TemplateClicked', null), net('TemplateViewed', null), net('CommentPosted', null)];
    expect([...saves.values()].some((count) => count > 0) && [...saves.values()].some((count) => count === 0)).toBe(true);
    const rows = await db
      .selectFrom('templates')
      .leftJoin('template_activity', 'template_activity.template_id', 'templates.id')
      .selectAll()
      .execute();
    for (const row of rows) {
      expect([row.saves, row.red_flags, row.clicks ?? 0, row.views ?? 0, row.comments ?? 0]).toEqual([
        saves.get(row.id) ?? 0,
        flags.get(row.id) ?? 0,
        clicks.get(row.id) ?? 0,
        views.get(row.id) ?? 0,
        comments.get(row.id) ?? 0,
      ]);
    }
  });

  it('lets a reader wait for the position of a new command, after which the read shows it', async () => {
    const templateId = demoTemplateId(3, 7);
    const userId = demoUserId(3, 4);
    const before = await db.selectFrom('templates').select('likes').where('id', '=', templateId).executeTakeFirstOrThrow();
    const likedBefore = await db
      .selectFrom('template_likes')
      .selectAll()
      .where('template_id', '=', templateId)
      .where('user_id', '=', userId)
      .executeTakeFirst();

    const result = await toggleLike(templateId, userId);
    expect(result.position).not.toBeNull();
    expect(await runner.waitFor(result.position!, WAIT_MS)).toBe(true);

    const after = await db.selectFrom('templates').select('likes').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(after.likes).toBe(before.likes + (likedBefore ? -1 : 1));

    // A submission without approval shows up under review.
    const newId = randomUUID();
    const submitted = await commands.handle(
      templateDecider,
      templateStream(newId),
      {
        type: 'SubmitTemplate',
        data: {
          templateId: newId,
          authorId: userId,
          titleUrl: titleUrlFor('Fresh Planner', newId),
          title: 'Fresh Planner',
          description: 'Brand new.',
          instructions: '',
          url: 'https://example.com/fresh',
          topic: 'productivity',
          platform: 'notion',
          keywords: [],
          price: 3.5,
          imageUrls: [],
        },
      },
      { actor: { userId, role: 'base' } },
    );
    expect(await runner.waitFor(submitted.position!, WAIT_MS, ['templates'])).toBe(true);
    expect(await db.selectFrom('templates').select(['status', 'price_cents']).where('id', '=', newId).executeTakeFirst()).toEqual({
      status: 'under review',
      price_cents: 350,
    });
  });

  it('answers false when a position is not reached in time', async () => {
    const head = await store.headPosition();
    expect(await runner.waitFor(head + 1_000n, 50)).toBe(false);
  });

  it('reports lag 0 once caught up', async () => {
    const head = await store.headPosition();
    expect(await runner.waitFor(head, WAIT_MS)).toBe(true);
    const status = await runner.status();
    expect(status.map((s) => s.name)).toEqual(projections.map((projection) => projection.name));
    for (const s of status) {
      expect(s).toMatchObject({
        version: projections.find((p) => p.name === s.name)!.version,
        liveVersion: projections.find((p) => p.name === s.name)!.version,
        lag: 0,
        building: [],
      });
      expect(s.checkpoint).toBe(head);
    }
  });

  it('reports the lag of events the projections have not seen yet', async () => {
    // A second runner over the same database that never started: its status reads the same generations.
    const idle = new ProjectionRunner(db, database.kind, store, projections, { batchSize: 7 });
    const head = await store.headPosition();
    await runner.stop();
    try {
      await toggleLike(demoTemplateId(3, 1), demoUserId(3, 1));
      await toggleLike(demoTemplateId(3, 1), demoUserId(3, 2));
      const status = await idle.status();
      for (const s of status)
        expect({ name: s.name, lag: s.lag, checkpoint: s.checkpoint }).toEqual({ name: s.name, lag: 2, checkpoint: head });
    } finally {
      runner = new ProjectionRunner(db, database.kind, store, projections, { batchSize: 7 });
      await runner.start();
    }
    expect(await runner.waitFor(await store.headPosition(), WAIT_MS)).toBe(true);
    expect((await runner.status()).map((s) => s.lag)).toEqual(projections.map(() => 0));
  });

  it('rebuilds blue-green while running and writing: new generation, same rows, old tables dropped', async () => {
    const old = (await liveGeneration(db, 'templates'))!;
    const usersGeneration = (await liveGeneration(db, 'users'))!;
    expect(await physicalTables(db)).toEqual(
      expect.arrayContaining([physicalTableName('templates', old.generation), physicalTableName('template_likes', old.generation)]),
    );

    // Writers keep liking before, during and after the switch.
    let rebuilding = true;
    const writer = (async () => {
      const positions: bigint[] = [];
      for (let i = 0; rebuilding || i < 40; i += 1) {
        const templateId = demoTemplateId(3, 10 + (i % 20));
        positions.push((await toggleLike(templateId, demoUserId(3, i % 5))).position!);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return positions;
    })();
    const rebuilt = await runner.rebuild(templatesProjection).finally(() => (rebuilding = false));
    const writes = await writer;
    expect(rebuilt.generation).toBeGreaterThan(old.generation);
    expect(rebuilt.status).toBe('live');

    const live = (await liveGeneration(db, 'templates'))!;
    expect(live.generation).toBe(rebuilt.generation);
    expect((await liveGeneration(db, 'users'))!.generation).toBe(usersGeneration.generation);
    const retired = await db
      .selectFrom('projection_generations')
      .select('status')
      .where('generation', '=', old.generation)
      .executeTakeFirstOrThrow();
    expect(retired.status).toBe('retired');

    // The old generation's tables are gone; the new ones serve the views.
    const tables = await physicalTables(db);
    expect(tables).not.toContain(physicalTableName('templates', old.generation));
    expect(tables).not.toContain(physicalTableName('template_likes', old.generation));
    expect(tables).toEqual(
      expect.arrayContaining([physicalTableName('templates', live.generation), physicalTableName('template_likes', live.generation)]),
    );
    expect(tables).toContain(physicalTableName('users', usersGeneration.generation));

    // The runner follows the new generation: every write of the rebuild window shows, and the rows equal a fresh build.
    expect(await runner.waitFor(writes[writes.length - 1]!, WAIT_MS)).toBe(true);
    const log = await wholeLog(store);
    const expectedLikes = likesFromLog(log);
    for (const row of await db.selectFrom('templates').select(['id', 'likes']).execute()) {
      expect({ id: row.id, likes: row.likes }).toEqual({ id: row.id, likes: expectedLikes.get(row.id) ?? 0 });
    }
  });

  it('rebuilds to identical rows when nothing is written meanwhile', async () => {
    expect(await runner.waitFor(await store.headPosition(), WAIT_MS)).toBe(true);
    const before = {
      templates: await rowsOf(db, 'templates', 'templates'),
      template_likes: await rowsOf(db, 'template_likes', 'template_likes'),
      users: await rowsOf(db, 'users', 'users'),
    };
    expect(before.templates.length).toBe(31);
    const old = (await liveGeneration(db, 'templates'))!;

    const rebuilt = await runner.rebuild(templatesProjection);
    expect(rebuilt.generation).not.toBe(old.generation);
    expect(await rowsOf(db, 'templates', 'templates')).toEqual(before.templates);
    expect(await rowsOf(db, 'template_likes', 'template_likes')).toEqual(before.template_likes);
    expect(await rowsOf(db, 'users', 'users')).toEqual(before.users);
    expect(await physicalTables(db)).not.toContain(physicalTableName('templates', old.generation));

    // And the runner keeps following the new generation.
    const result = await toggleLike(demoTemplateId(3, 0), demoUserId(3, 3));
    expect(await runner.waitFor(result.position!, WAIT_MS)).toBe(true);
    const likes = await db.selectFrom('templates').select('likes').where('id', '=', demoTemplateId(3, 0)).executeTakeFirstOrThrow();
    expect(likes.likes).toBe(likesFromLog(await wholeLog(store)).get(demoTemplateId(3, 0)) ?? 0);
  });

  it('reads only the events a projection handles, and moves its checkpoint through the others', async () => {
    // The log's last events are of a type no projection handles: a rebuild must not receive them, yet end at the head.
    await store.appendToStream(`unhandled-${randomUUID()}`, [anEvent('NoProjectionHandlesThis'), anEvent('NoProjectionHandlesThis')], {
      expectedRevision: 'no_stream',
    });
    const head = await store.headPosition();
    const delivered: string[] = [];
    const counting: EventStore = {
      ...store,
      async readPage(options) {
        const page = await store.readPage(options);
        delivered.push(...page.events.map((event) => event.type));
        return page;
      },
    };
    const handledEvents = (await wholeLog(store)).filter((event) => (rewardsProjection.handles as readonly string[]).includes(event.type));
    const handledInLog = handledEvents.length;
    expect(handledInLog).toBeGreaterThan(0);
    let last: RebuildProgress | undefined;
    const rebuilder = new ProjectionRunner(db, database.kind, counting, [rewardsProjection], { rebuildBatchSize: 3 });
    const rebuilt = await rebuilder.rebuild(rewardsProjection, (progress) => (last = progress));
    expect(new Set(delivered)).toEqual(new Set(handledEvents.map((event) => event.type)));
    expect(delivered).toHaveLength(handledInLog);
    expect(last).toMatchObject({ done: handledInLog, total: handledInLog });
    expect(rebuilt.checkpoint).toBe(head);
    // The live followers have read through them too: a reader waiting for the head is answered.
    expect(await runner.waitFor(head, WAIT_MS)).toBe(true);
  });

  it('ends a rebuild of several projections only once every build has stopped, when one of them fails', async () => {
    // The failure must not release the runner locks of builds whose transactions still run.
    let slowFinishDone = false;
    const failing: Projection = { ...usersProjection, finishBuild: [() => Promise.reject(new Error('finishBuild failed'))] };
    const slow: Projection = {
      ...rewardsProjection,
      finishBuild: [
        ...(rewardsProjection.finishBuild ?? []),
        async () => {
          await new Promise((resolve) => setTimeout(resolve, SLOW_FINISH_MS));
          slowFinishDone = true;
        },
      ],
    };
    await expect(runner.rebuildAll([failing, slow])).rejects.toThrow('finishBuild failed');
    expect(slowFinishDone).toBe(true);
    // The failed build resumes and completes.
    const [users] = await runner.rebuildAll([usersProjection]);
    expect(users!.status).toBe('live');
  });

  it('prepares the next page while the database writes this one, and writes the pages one after the other', async () => {
    const steps: string[] = [];
    let pages = 0;
    const traced: typeof templatesProjection = {
      ...templatesProjection,
      prepare(events, tables, phase) {
        const page = (pages += 1);
        steps.push(`prepare ${page}`);
        const write = templatesProjection.prepare!(events, tables, phase);
        return async (trx) => {
          steps.push(`write ${page}`);
          // Long enough for the runner to read and prepare the next page meanwhile.
          await new Promise((resolve) => setTimeout(resolve, SLOW_WRITE_MS));
          await write(trx);
          steps.push(`written ${page}`);
        };
      },
    };
    const before = await rowsOf(db, 'templates', 'templates');
    const rebuilder = new ProjectionRunner(db, database.kind, store, [traced], { rebuildBatchSize: 20 });
    await rebuilder.rebuild(traced);
    expect(pages).toBeGreaterThan(4);
    let preparedWhileWriting = 0;
    for (let page = 2; page <= pages; page += 1) {
      if (steps.indexOf(`prepare ${page}`) < steps.indexOf(`written ${page - 1}`)) preparedWhileWriting += 1;
      expect(steps.indexOf(`write ${page}`)).toBeGreaterThan(steps.indexOf(`written ${page - 1}`));
    }
    // A page without templates events in between has nothing to prepare while the one before it is written.
    expect(preparedWhileWriting).toBeGreaterThan(pages / 2);
    expect(await rowsOf(db, 'templates', 'templates')).toEqual(before);
  });

  it('stops a rebuild at a batch that fails once the batch written beside it has committed, and resumes after the last committed one', async () => {
    /** The positions each batch of templates events starts and ends at. */
    const batches: { first: bigint; last: bigint }[] = [];
    const failing: typeof templatesProjection = {
      ...templatesProjection,
      prepare(events, tables, phase) {
        const page = batches.push({ first: events[0]!.position, last: events[events.length - 1]!.position });
        const write = templatesProjection.prepare!(events, tables, phase);
        return async (trx) => {
          if (page === 3) throw new Error('batch 3 failed');
          await write(trx);
        };
      },
    };
    let slowWrites = 0;
    const slow: typeof searchProjection = {
      ...searchProjection,
      prepare(events, tables, phase) {
        const write = searchProjection.prepare!(events, tables, phase);
        return async (trx) => {
          await new Promise((resolve) => setTimeout(resolve, SLOW_WRITE_MS));
          await write(trx);
          slowWrites += 1;
        };
      },
    };
    const rebuilder = new ProjectionRunner(db, database.kind, store, [failing, slow], { rebuildBatchSize: 20 });
    await expect(rebuilder.rebuildAll([failing, slow])).rejects.toThrow('batch 3 failed');
    // The search batches of the failed page and of the page after it (a build goes on to its next batch
    // once its own last one has committed) were written (its lock held) before the rebuild gave up.
    expect(slowWrites).toBe(4);
    const building = await db
      .selectFrom('projection_generations')
      .select(['projection', 'checkpoint'])
      .where('status', '=', 'building')
      .execute();
    expect(building.map((row) => row.projection).sort()).toEqual(['search', 'templates']);
    // The failed batch wrote nothing, and the two before it are committed.
    const templatesCheckpoint = BigInt(building.find((row) => row.projection === 'templates')!.checkpoint);
    expect(templatesCheckpoint).toBeGreaterThanOrEqual(batches[1]!.last);
    expect(templatesCheckpoint).toBeLessThan(batches[2]!.first);

    const before = await rowsOf(db, 'templates', 'templates');
    const [templates, search] = await rebuilder.rebuildAll([templatesProjection, searchProjection]);
    expect([templates!.status, search!.status]).toEqual(['live', 'live']);
    expect(await rowsOf(db, 'templates', 'templates')).toEqual(before);
  });

  describe('rebuild racing a running follower (two runners, one holding a read)', () => {
    let started: ProjectionRunner[] = [];
    const runnerOn = (on: EventStore) => {
      const created = new ProjectionRunner(db, database.kind, on, [templatesProjection], { batchSize: 7 });
      started.push(created);
      return created;
    };
    let releaseHold = () => {};
    const likesInView = async (templateId: string) =>
      (await db.selectFrom('templates').select('likes').where('id', '=', templateId).executeTakeFirstOrThrow()).likes;
    const likesInLog = async (templateId: string) => likesFromLog(await wholeLog(store)).get(templateId) ?? 0;

    beforeAll(() => runner.stop());
    // A held read never released would keep a rebuild (and its pooled connection) waiting forever.
    afterEach(async () => {
      releaseHold();
      for (const other of started) await other.stop();
      started = [];
    });
    afterAll(async () => {
      runner = new ProjectionRunner(db, database.kind, store, projections, { batchSize: 7 });
      await runner.start();
    });

    it('a follower that read a batch before the switch moves to the new generation instead of writing to dropped tables', async () => {
      const gate = gated(store);
      const follower = runnerOn(gate.store);
      const rebuilder = runnerOn(store);
      await follower.start();
      const old = (await liveGeneration(db, 'templates'))!;

      const hold = gate.holdNextRead((page) => page.length > 0);
      releaseHold = hold.release;
      const first = await toggleLike(demoTemplateId(3, 20), demoUserId(3, 1));
      await hold.reached; // the follower has read this like and not applied it yet
      const rebuilt = await rebuilder.rebuild(templatesProjection);
      expect(rebuilt.generation).toBeGreaterThan(old.generation);
      expect(await physicalTables(db)).not.toContain(physicalTableName('templates', old.generation));
      hold.release();

      const second = await toggleLike(demoTemplateId(3, 21), demoUserId(3, 1));
      expect(second.position! > first.position!).toBe(true);
      expect(await follower.waitFor(second.position!, WAIT_MS)).toBe(true);
      expect(await likesInView(demoTemplateId(3, 20))).toBe(await likesInLog(demoTemplateId(3, 20)));
      expect(await likesInView(demoTemplateId(3, 21))).toBe(await likesInLog(demoTemplateId(3, 21)));
      expect((await follower.status())[0]).toMatchObject({ generation: rebuilt.generation, lag: 0 });
    });

    it('does not switch to a generation behind the live one: what a reader waited for stays visible', async () => {
      const gate = gated(store);
      const follower = runnerOn(store);
      const rebuilder = runnerOn(gate.store);
      await follower.start();
      const templateId = demoTemplateId(3, 22);

      const hold = gate.holdNextRead((page) => page.length === 0); // the rebuild's last, empty read
      releaseHold = hold.release;
      const rebuilding = rebuilder.rebuild(templatesProjection);
      await hold.reached;
      const liked = await toggleLike(templateId, demoUserId(3, 2));
      expect(await follower.waitFor(liked.position!, WAIT_MS)).toBe(true);
      const expected = await likesInLog(templateId);
      expect(await likesInView(templateId)).toBe(expected);

      hold.release();
      const rebuilt = await rebuilding;
      expect((await liveGeneration(db, 'templates'))!.generation).toBe(rebuilt.generation);
      expect(rebuilt.checkpoint >= liked.position!).toBe(true);
      expect(await likesInView(templateId)).toBe(expected);
    });
  });

  describe('a live follower passing events its projection does not handle', () => {
    beforeAll(() => runner.stop());
    afterAll(async () => {
      runner = new ProjectionRunner(db, database.kind, store, projections, { batchSize: 7 });
      await runner.start();
    });

    it('commits its checkpoint at most every 200 ms instead of once per append, and another process still sees it reach the head', async () => {
      const counter = new StatementCounter();
      const follower = new ProjectionRunner(db.withPlugin(counter), database.kind, store, [rewardsProjection]);
      const otherProcess = new ProjectionRunner(db, database.kind, store, [rewardsProjection]);
      await follower.start();
      try {
        expect(await follower.waitFor(await store.headPosition(), WAIT_MS)).toBe(true);
        const stream = `unhandled-${randomUUID()}`;
        const statementsBefore = counter.count;
        const startedAt = performance.now();
        for (let revision = 0; revision < UNHANDLED_APPENDS; revision += 1) {
          const { position } = await store.appendToStream(stream, [anEvent('NoProjectionHandlesThis')], {
            expectedRevision: revision === 0 ? 'no_stream' : BigInt(revision - 1),
          });
          // As read-your-writes waits after each command.
          expect(await follower.waitFor(position, WAIT_MS)).toBe(true);
        }
        const elapsedMs = performance.now() - startedAt;
        // A deferred commit per 200 ms and a look at the live generation per 2 s; before, both once per append: 60 statements here.
        expect(counter.count - statementsBefore).toBeLessThanOrEqual(
          Math.ceil(elapsedMs / UNHANDLED_CHECKPOINT_COMMIT_MS) + Math.ceil(elapsedMs / 2_000) + 2,
        );

        const head = await store.headPosition();
        await otherProcess.start();
        expect(await otherProcess.waitFor(head, WAIT_MS)).toBe(true);
        expect((await follower.status())[0]).toMatchObject({ checkpoint: head, lag: 0 });
      } finally {
        await follower.stop();
        await otherProcess.stop();
      }
      // A stop commits where it reached.
      expect(BigInt((await liveGeneration(db, 'rewards'))!.checkpoint)).toBe(await store.headPosition());
    });
  });

  describe.each([usersProjection, templatesProjection, engagementProjection, rewardsProjection, searchProjection])(
    'projection $name applied twice',
    (projection: Projection) => {
      async function snapshot(tables: GenerationTables) {
        const rows: Record<string, Record<string, unknown>[]> = {};
        for (const table of projection.tables) rows[table] = await rowsOf(db, tables[table], table);
        return rows;
      }

      /** A fresh generation's tables, fed by `feed`; the generation is dropped afterwards. */
      async function build(feed: (apply: (events: readonly RecordedEvent[]) => Promise<void>) => Promise<void>) {
        const generation = await startGeneration(db, projection);
        const tables = generationTables(generation.generation);
        try {
          await feed((events) => db.transaction().execute((trx) => projection.apply(trx, events, tables, 'live')));
          return await snapshot(tables);
        } finally {
          await dropGenerationTables(db, projection, [generation.generation]);
          await db.deleteFrom('projection_generations').where('generation', '=', generation.generation).execute();
        }
      }

      it('leaves the same rows as applying once, and the same rows the runner built', async () => {
        const head = await store.headPosition();
        expect(await runner.waitFor(head, WAIT_MS)).toBe(true);
        const events = (await wholeLog(store)).filter((event) => event.position <= head && projection.handles.includes(event.type));
        expect(events.length).toBeGreaterThan(0);
        const batches = Array.from({ length: Math.ceil(events.length / 7) }, (_, i) => events.slice(i * 7, i * 7 + 7));

        const once = await build((apply) => apply(events));
        const logTwice = await build(async (apply) => {
          await apply(events);
          await apply(events);
        });
        const batchesTwice = await build(async (apply) => {
          for (const batch of batches) {
            await apply(batch);
            await apply(batch);
          }
        });
        const eachEventTwice = await build((apply) => apply(events.flatMap((event) => [event, event])));

        expect(once[projection.tables[0]!]!.length).toBeGreaterThan(0);
        expect(logTwice).toEqual(once);
        expect(batchesTwice).toEqual(once);
        expect(eachEventTwice).toEqual(once);

        const live: Record<string, Record<string, unknown>[]> = {};
        for (const table of projection.tables) live[table] = await rowsOf(db, table, table);
        expect(live).toEqual(once);
        // The scratch generations leave nothing behind.
        expect(
          await db
            .selectFrom('projection_generations')
            .select('status')
            .where('projection', '=', projection.name)
            .where('status', '=', 'building')
            .execute(),
        ).toEqual([]);
      });
    },
  );
});
