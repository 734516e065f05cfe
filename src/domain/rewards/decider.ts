import { Set as PersistentSet } from 'immutable';
import type { Decider } from '../shared/events.js';
import {
  REWARD_DESCRIPTIONS,
  REWARD_MILESTONES,
  REWARD_POINTS,
  REWARD_REVOKED_DESCRIPTIONS,
  type ActionRewardType,
  type RevocableRewardType,
} from './constants.js';
import type { RewardEarned, RewardEvent, RewardRevoked } from './events.js';

export interface RewardsState {
  /** Keys rewarded and not taken back (persistent: see Decider.evolve). */
  rewarded: PersistentSet<string>;
  total: number;
}

/** Award the actions of one source event; already rewarded keys are skipped. */
export type AwardRewardsCommand = {
  type: 'AwardRewards';
  data: { userId: string; sourceEventId: string; awards: readonly { rewardType: ActionRewardType; key: string }[] };
};

/** Take back the rewards of what one source event undid; keys not (or no longer) rewarded are skipped. */
export type RevokeRewardsCommand = {
  type: 'RevokeRewards';
  data: { userId: string; sourceEventId: string; revocations: readonly { rewardType: RevocableRewardType; key: string }[] };
};

export type RewardsCommand = AwardRewardsCommand | RevokeRewardsCommand;

/**
 * One stream per user: the user's rewards, their keys and total decide what is still to earn. A
 * revoked reward's key may be earned again; milestone bonuses once earned stay, even when a
 * revocation takes the total back under their threshold (they are never earned twice either).
 */
export const rewardsDecider: Decider<RewardsState, RewardsCommand, RewardEvent> = {
  initialState: () => ({ rewarded: PersistentSet(), total: 0 }),
  evolve: (state, event) =>
    event.type === 'RewardEarned'
      ? { rewarded: state.rewarded.add(event.data.key), total: state.total + event.data.points }
      : { rewarded: state.rewarded.delete(event.data.key), total: state.total - event.data.points },
  // A member earns a reward for each post they open: their stream grows with every one.
  snapshot: {
    // v2: a revoked key is no longer rewarded, and its points are off the total.
    name: 'rewards.2',
    toJson: (state) => ({ rewarded: [...state.rewarded], total: state.total }),
    fromJson: (json) => {
      const { rewarded, total } = json as { rewarded: string[]; total: number };
      return { rewarded: PersistentSet(rewarded), total };
    },
  },
  decide: (command, state) => {
    if (command.type === 'RevokeRewards') return revoke(command, state);
    const { userId, sourceEventId } = command.data;
    let rewarded = state.rewarded;
    let total = state.total;
    const earned: RewardEarned[] = [];
    const earn = (rewardType: RewardEarned['data']['rewardType'], key: string) => {
      const points = REWARD_POINTS[rewardType];
      earned.push({
        type: 'RewardEarned',
        data: { userId, rewardType, key, points, description: REWARD_DESCRIPTIONS[rewardType], sourceEventId },
      });
      rewarded = rewarded.add(key);
      total += points;
    };
    for (const { rewardType, key } of command.data.awards) if (!rewarded.has(key)) earn(rewardType, key);
    // A milestone's bonus counts towards the next one, hence ascending order.
    for (const milestone of REWARD_MILESTONES)
      if (total >= milestone.threshold && !rewarded.has(milestone.type)) earn(milestone.type, milestone.type);
    return earned;
  },
};

function revoke(command: RevokeRewardsCommand, state: RewardsState): RewardRevoked[] {
  const { userId, sourceEventId } = command.data;
  let rewarded = state.rewarded;
  const revoked: RewardRevoked[] = [];
  for (const { rewardType, key } of command.data.revocations) {
    if (!rewarded.has(key)) continue;
    rewarded = rewarded.delete(key);
    revoked.push({
      type: 'RewardRevoked',
      data: {
        userId,
        rewardType,
        key,
        points: REWARD_POINTS[rewardType],
        description: REWARD_REVOKED_DESCRIPTIONS[rewardType],
        sourceEventId,
      },
    });
  }
  return revoked;
}
