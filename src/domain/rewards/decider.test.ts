import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import {
  pointsLabel,
  REWARD_DESCRIPTIONS,
  REWARD_POINTS,
  REWARD_REVOKED_DESCRIPTIONS,
  signedPointsLabel,
  type RewardType,
} from './constants.js';
import { rewardsDecider, type AwardRewardsCommand, type RevokeRewardsCommand } from './decider.js';
import type { RewardEarned, RewardEvent, RewardRevoked } from './events.js';
import { awardsFor, revocationsFor } from './policy.js';

const spec = deciderSpec(rewardsDecider);
const userId = 'user-1';

const earned = (rewardType: RewardType, key: string, sourceEventId = 'source-1'): RewardEarned => ({
  type: 'RewardEarned',
  data: { userId, rewardType, key, points: REWARD_POINTS[rewardType], description: REWARD_DESCRIPTIONS[rewardType], sourceEventId },
});
const award = (awards: AwardRewardsCommand['data']['awards'], sourceEventId = 'source-1'): AwardRewardsCommand => ({
  type: 'AwardRewards',
  data: { userId, sourceEventId, awards },
});

/** Purchases of distinct templates: 15 points each. */
const purchases = (count: number) => Array.from({ length: count }, (_, index) => earned('purchase', `purchase:t${index}`, `p${index}`));

describe('rewards decider', () => {
  it('awards an action once per key', () => {
    spec
      .given([])
      .when(award([{ rewardType: 'signup', key: 'signup' }]))
      .then([earned('signup', 'signup')]);
    spec
      .given([earned('signup', 'signup')])
      .when(award([{ rewardType: 'signup', key: 'signup' }], 'source-2'))
      .then([]);
    spec
      .given([earned('login', 'login:2026-05-01')])
      .when(award([{ rewardType: 'login', key: 'login:2026-05-02' }]))
      .then([earned('login', 'login:2026-05-02')]);
  });

  it('earns points_100 with the action that reaches 100, and never again', () => {
    const history = [earned('signup', 'signup'), ...purchases(6)]; // 10 + 6 × 15 = 100
    expect(history.reduce((sum, event) => sum + event.data.points, 0)).toBe(100);
    const beforeLast = history.slice(0, -1);
    spec
      .given(beforeLast)
      .when(award([{ rewardType: 'purchase', key: 'purchase:t5' }], 'p5'))
      .then([earned('purchase', 'purchase:t5', 'p5'), earned('points_100', 'points_100', 'p5')]);
    const after = [...history, earned('points_100', 'points_100', 'p5')];
    spec
      .given(after)
      .when(award([{ rewardType: 'purchase', key: 'purchase:t99' }], 'p99'))
      .then([earned('purchase', 'purchase:t99', 'p99')]);
  });

  it('stays below a milestone one point short of it', () => {
    const history = [...purchases(6)]; // 90
    spec
      .given(history)
      .when(award([{ rewardType: 'click', key: 'click:t1' }]))
      .then([earned('click', 'click:t1')]);
  });

  it('counts a milestone bonus towards the next milestone', () => {
    // 10 + 31 × 15 = 475, with points_100 (+10) = 485; one more purchase → 500 → points_500.
    const history = [earned('signup', 'signup'), ...purchases(31), earned('points_100', 'points_100')];
    spec
      .given(history)
      .when(award([{ rewardType: 'purchase', key: 'purchase:new' }]))
      .then([earned('purchase', 'purchase:new'), earned('points_500', 'points_500')]);
  });

  it('takes a refunded purchase’s points back once; the template may earn them again; milestone bonuses earned stay', () => {
    const revoked = (key: string, sourceEventId = 'refund-1'): RewardRevoked => ({
      type: 'RewardRevoked',
      data: { userId, rewardType: 'purchase', key, points: 15, description: REWARD_REVOKED_DESCRIPTIONS.purchase, sourceEventId },
    });
    const revoke = (key: string, sourceEventId = 'refund-1'): RevokeRewardsCommand => ({
      type: 'RevokeRewards',
      data: { userId, sourceEventId, revocations: [{ rewardType: 'purchase', key }] },
    });
    spec
      .given(purchases(1))
      .when(revoke('purchase:t0'))
      .then([revoked('purchase:t0')]);
    // Twice, or for a purchase that earned nothing: nothing to take.
    spec
      .given([...purchases(1), revoked('purchase:t0')])
      .when(revoke('purchase:t0', 'refund-2'))
      .then([]);
    spec.given([]).when(revoke('purchase:t0')).then([]);
    // Bought again after the refund: earned again.
    spec
      .given([...purchases(1), revoked('purchase:t0')])
      .when(award([{ rewardType: 'purchase', key: 'purchase:t0' }], 'p-again'))
      .then([earned('purchase', 'purchase:t0', 'p-again')]);
    // 10 + 6 × 15 = 100 earned points_100; a refund takes 15, the bonus stays (110 − 15 = 95) and is not earned twice.
    const atHundred: RewardEvent[] = [earned('signup', 'signup'), ...purchases(6), earned('points_100', 'points_100', 'p5')];
    const afterRefund = [...atHundred, revoked('purchase:t5')];
    expect(afterRefund.reduce(rewardsDecider.evolve, rewardsDecider.initialState()).total).toBe(95);
    spec
      .given(afterRefund)
      .when(
        award(
          [
            { rewardType: 'click', key: 'click:t1' },
            { rewardType: 'purchase', key: 'purchase:t5' },
          ],
          'later',
        ),
      )
      .then([earned('click', 'click:t1', 'later'), earned('purchase', 'purchase:t5', 'later')]);
    expect(signedPointsLabel(-15)).toBe('−15 points');
    expect(signedPointsLabel(1)).toBe('+1 point');
  });

  it('folds without changing a state it was given: a state folded further leaves the earlier one deciding as before', () => {
    const earlier = purchases(3).reduce(rewardsDecider.evolve, rewardsDecider.initialState());
    const later = [earned('click', 'click:t1'), earned('signup', 'signup')].reduce(rewardsDecider.evolve, earlier);
    const clickAndSignup = award([
      { rewardType: 'click', key: 'click:t1' },
      { rewardType: 'signup', key: 'signup' },
    ]);
    expect(rewardsDecider.decide(clickAndSignup, later)).toEqual([]);
    expect(rewardsDecider.decide(clickAndSignup, earlier).map((event) => event.data.key)).toEqual(['click:t1', 'signup']);
    expect([earlier.total, later.total]).toEqual([45, 45 + REWARD_POINTS.click + REWARD_POINTS.signup]);
  });
});

describe('rewards policy', () => {
  const at = '2026-05-01T23:59:59.000Z';
  it('rewards sign-up, and verification too for accounts that start verified', () => {
    const registered = (verification: 'pending' | 'verified') =>
      awardsFor({
        type: 'UserRegistered',
        id: 'e1',
        occurredAt: at,
        data: {
          userId,
          username: { sealed: '', lookup: '' },
          emailEnc: '',
          emailLookup: '',
          displayNameEnc: null,
          lvl: 'base',
          passwordHash: null,
          googleKey: null,
          verification,
        },
      });
    expect(registered('pending')?.data.awards).toEqual([{ rewardType: 'signup', key: 'signup' }]);
    expect(registered('verified')?.data.awards.map((a) => a.rewardType)).toEqual(['signup', 'verification']);
  });

  it('rewards a password or Google sign-in once per UTC day; not sign-up sessions, resets or test users', () => {
    const session = (method: 'password' | 'google' | 'signup' | 'password_reset' | 'test_user', isTestUser = false) =>
      awardsFor({
        type: 'SessionStarted',
        id: 'e2',
        occurredAt: at,
        data: { userId, sessionId: 's', tokenHash: 'h', expiresAt: at, method, isTestUser },
      });
    expect(session('password')?.data.awards).toEqual([{ rewardType: 'login', key: 'login:2026-05-01' }]);
    expect(session('google')?.data.awards).toEqual([{ rewardType: 'login', key: 'login:2026-05-01' }]);
    expect(session('signup')).toBeNull();
    expect(session('password_reset')).toBeNull();
    expect(session('test_user', true)).toBeNull();
  });

  it('rewards the author on approval, the clicker once per template, the buyer once per template', () => {
    expect(
      awardsFor({ type: 'TemplateApproved', id: 'e3', occurredAt: at, data: { templateId: 't1', authorId: 'author', imported: false } })
        ?.data,
    ).toEqual({
      userId: 'author',
      sourceEventId: 'e3',
      awards: [{ rewardType: 'create', key: 'create:t1' }],
    });
    expect(
      awardsFor({ type: 'TemplateClicked', id: 'e4', occurredAt: at, data: { templateId: 't1', userId, authorId: 'author' } })?.data.awards,
    ).toEqual([{ rewardType: 'click', key: 'click:t1' }]);
    expect(
      awardsFor({ type: 'TemplatePurchased', id: 'e5', occurredAt: at, data: { templateId: 't1', buyerId: userId, priceCents: 500 } })?.data
        .awards,
    ).toEqual([{ rewardType: 'purchase', key: 'purchase:t1' }]);
  });

  it('takes back the purchase reward of a refunded purchase from its buyer', () => {
    const refund = { type: 'TemplatePurchaseRefunded', id: 'e8', occurredAt: at, data: { templateId: 't1', buyerId: userId } } as const;
    expect(awardsFor(refund)).toBeNull();
    expect(revocationsFor(refund)?.data).toEqual({
      userId,
      sourceEventId: 'e8',
      revocations: [{ rewardType: 'purchase', key: 'purchase:t1' }],
    });
  });

  it("gives no 'click' points to the author opening their own template", () => {
    expect(
      awardsFor({ type: 'TemplateClicked', id: 'e7', occurredAt: at, data: { templateId: 't1', userId, authorId: userId } }),
    ).toBeNull();
  });
  it("gives no 'create' points for a post an admin imported from a CSV file (they recognise the member's own posting)", () => {
    expect(
      awardsFor({ type: 'TemplateApproved', id: 'e6', occurredAt: at, data: { templateId: 't2', authorId: 'author', imported: true } }),
    ).toBeNull();
  });

  it("says 'point' for 1 and 'points' otherwise", () => {
    expect(pointsLabel(1)).toBe('1 point');
    expect(pointsLabel(0)).toBe('0 points');
    expect(pointsLabel(25)).toBe('25 points');
  });
});
