import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { anEvent } from '../fixtures/events.js';
import { makeMember } from '../fixtures/members.js';
import { publishTemplate } from '../fixtures/templates.js';
import { START_OF_LOG } from '../../src/adapters/eventstore/port.js';
import { demoUserId } from '../../src/composition/demo-catalogue.js';
import { createRewardsReactor } from '../../src/projections/reactors/rewards-reactor.js';
import type { CurrentUser } from '../../src/domain/accounts/current-user.js';
import type { Progression, RewardView } from '../../src/domain/engagement/views.js';
import { REWARD_POINTS } from '../../src/domain/rewards/constants.js';
import type { RewardEarned } from '../../src/domain/rewards/events.js';
import { ReactorRunner } from '../../src/projections/reactors/reactor-runner.js';

const SEED = 51;
let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness({ users: 2, templates: 2, seed: SEED });
});
afterAll(async () => {
  await harness?.close();
});

/** Until the reactor has handled the whole log and the read models show its rewards. */
async function settleRewards(): Promise<void> {
  const { store, rewards, runner } = harness.infrastructure;
  expect(await rewards.waitFor(await store.headPosition(), 10_000)).toBe(true);
  expect(await runner.waitFor(await store.headPosition(), 10_000)).toBe(true);
}

type Rewards = { rewards: RewardView[]; total: number };
const rewardsOf = (userId: string, token: string) => harness.call<Rewards>('GET', `/api/rewards/${userId}`, { token });

async function rewardEvents(): Promise<RewardEarned['data'][]> {
  const rows = await harness.infrastructure.database.db.selectFrom('events').select('data').where('type', '=', 'RewardEarned').execute();
  return rows.map((row) => row.data as RewardEarned['data']);
}

function purchase(buyerId: string) {
  return harness.infrastructure.store.appendToStream(
    `purchase-test-${randomUUID()}`,
    [anEvent('TemplatePurchased', { templateId: randomUUID(), buyerId, priceCents: 900 })],
    {
      expectedRevision: 'no_stream',
    },
  );
}

describe('rewards', () => {
  it('rewards a sign-up and one login per day, shown by /rewards and in the current user', async () => {
    const signup = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/signupUser', {
      body: { username: 'rewardee', email: 'rewardee@example.com', password: 'Reward#pass1', agreeToTermsAndConditions: true },
    });
    expect(signup.status).toBe(201);
    const userId = signup.body.user._id;
    for (let i = 0; i < 2; i += 1)
      expect((await harness.call('POST', '/api/login', { body: { login: 'rewardee', password: 'Reward#pass1' } })).status).toBe(200);
    await settleRewards();

    const answer = await rewardsOf(userId, signup.body.token);
    expect(answer.status).toBe(200);
    expect(answer.body.rewards.map((reward) => [reward.type, reward.value, reward.earned])).toEqual([
      ['login', REWARD_POINTS.login, true],
      ['signup', REWARD_POINTS.signup, true],
    ]);
    expect(answer.body.total).toBe(REWARD_POINTS.signup + REWARD_POINTS.login);

    const me = (await harness.call<CurrentUser>('GET', '/api/users/private/me', { token: signup.body.token })).body;
    expect(me.reward.total).toBe(answer.body.total);
    expect(me.reward.history.map((entry) => entry._id)).toEqual(answer.body.rewards.map((reward) => reward._id));
  });

  it('rewards the author when a post goes live, and a first click on each template once', async () => {
    const author = await makeMember(harness, { prefix: 'creator' });
    const clicker = await makeMember(harness, { prefix: 'clicker' });
    const pending = await publishTemplate(harness, author.userId, { live: false });
    const templateId = await publishTemplate(harness, author.userId);
    for (let i = 0; i < 3; i += 1)
      expect((await harness.call('POST', `/api/resources/clicked/${templateId}`, { token: clicker.token })).status).toBe(200);
    await settleRewards();

    const authorTypes = (await rewardsOf(author.userId, author.token)).body.rewards.map((reward) => reward.type);
    expect(authorTypes.filter((type) => type === 'create')).toHaveLength(1);
    expect(pending).not.toBe(templateId);
    const clicks = (await rewardsOf(clicker.userId, clicker.token)).body.rewards.filter((reward) => reward.type === 'click');
    expect(clicks).toHaveLength(1);
  });

  it("gives an author no 'click' points for opening their own template", async () => {
    const author = await makeMember(harness, { prefix: 'selfclick' });
    const templateId = await publishTemplate(harness, author.userId);
    expect((await harness.call('POST', `/api/resources/clicked/${templateId}`, { token: author.token })).status).toBe(200);
    await settleRewards();
    const types = (await rewardsOf(author.userId, author.token)).body.rewards.map((reward) => reward.type);
    expect(types).toContain('create');
    expect(types).not.toContain('click');
  });

  it('gives accounts that start verified the verification reward, and demo authors their create rewards', async () => {
    await settleRewards();
    const admin = await makeMember(harness, { prefix: 'admin', lvl: 'admin' });
    const demoAuthor = demoUserId(SEED, 0);
    const answer = await rewardsOf(demoAuthor, admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body.rewards.map((reward) => reward.type).sort()).toEqual(['create', 'signup', 'verification']);
  });

  it('earns points_100 once, with the action that reaches 100 (replays: see below)', async () => {
    const buyer = await makeMember(harness, { prefix: 'buyer', verification: 'pending' });
    // 10 for signing up and 2 for the day's sign-in, then 15 per purchase: the sixth purchase reaches 100.
    for (let i = 0; i < 8; i += 1) await purchase(buyer.userId);
    await settleRewards();
    const answer = (await rewardsOf(buyer.userId, buyer.token)).body;
    expect(answer.rewards.filter((reward) => reward.type === 'points_100')).toHaveLength(1);
    expect(answer.rewards.filter((reward) => reward.type === 'points_500')).toHaveLength(0);
    expect(answer.total).toBe(REWARD_POINTS.signup + REWARD_POINTS.login + 8 * REWARD_POINTS.purchase + REWARD_POINTS.points_100);
    // The milestone came with the purchase that crossed it: the sixth.
    const purchasesBefore = answer.rewards
      .slice(answer.rewards.findIndex((reward) => reward.type === 'points_100'))
      .filter((reward) => reward.type === 'purchase');
    expect(purchasesBefore).toHaveLength(6);
  });

  it('appends nothing new when the reactor restarts from the start of the log, or two replay it at once', async () => {
    await settleRewards();
    const before = await rewardEvents();
    expect(before.length).toBeGreaterThan(5);
    const { database, store, commands, rewards } = harness.infrastructure;

    await rewards.stop();
    await database.db.deleteFrom('reactor_checkpoints').execute();
    const replays = [1, 2].map(
      () => new ReactorRunner(database.db, database.kind, store, createRewardsReactor({ commands, store }), { batchSize: 50 }),
    );
    const drain = async (runner: ReactorRunner) => {
      while ((await runner.processBatch()) !== null);
    };
    await Promise.all(replays.map(drain));
    expect(await replays[0]!.checkpoint()).toBe(await store.headPosition());

    const after = await rewardEvents();
    expect(after).toHaveLength(before.length);
    const keys = after.map((reward) => `${reward.userId}:${reward.key}`);
    expect(new Set(keys).size).toBe(keys.length);

    rewards.start();
    await settleRewards();
    expect(await rewardEvents()).toHaveLength(before.length);
    expect(await rewards.checkpoint()).not.toBe(START_OF_LOG);
  });

  it("lets a user read only their own rewards; admins anyone's", async () => {
    const one = await makeMember(harness);
    const other = await makeMember(harness);
    const admin = await makeMember(harness, { prefix: 'admin', lvl: 'admin' });
    expect((await rewardsOf(other.userId, one.token)).status).toBe(403);
    expect((await rewardsOf(other.userId, admin.token)).status).toBe(200);
    expect((await rewardsOf(randomUUID(), admin.token)).status).toBe(404);
    expect((await harness.call('GET', `/api/rewards/${one.userId}`)).status).toBe(401);
  });
});

describe('get-started checklist', () => {
  const progression = async (token: string) => (await harness.call<Progression>('GET', '/api/users/progression', { token })).body;

  it('follows what the user did: verification, kudos (kept after an unlike), a comment, a post', async () => {
    const user = await makeMember(harness, { verification: 'pending' });
    expect(await progression(user.token)).toEqual({
      verifyEmail: false,
      profilePicture: false,
      giveKudos: false,
      addComment: false,
      createPost: false,
    });

    const templateId = await publishTemplate(harness, demoUserId(SEED, 1));
    await harness.call('POST', `/api/resources/like/${templateId}`, { token: user.token });
    await harness.call('POST', `/api/resources/like/${templateId}`, { token: user.token });
    await harness.call('POST', `/api/comments/resource/${templateId}`, { token: user.token, body: { message: 'Useful!' } });
    await publishTemplate(harness, user.userId, { live: false });
    expect(await progression(user.token)).toEqual({
      verifyEmail: false,
      profilePicture: false,
      giveKudos: true,
      addComment: true,
      createPost: true,
    });
  });

  it('is for signed-in users only', async () => {
    expect(await harness.call('GET', '/api/users/progression')).toMatchObject({
      status: 401,
      body: { error: true, message: ACCESS_MESSAGES.signInRequired },
    });
  });
});
