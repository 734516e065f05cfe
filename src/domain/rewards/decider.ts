import { Set as PersistentSet } from 'immutable';
import type { Decider } from '../shared/events.js';
import { REWARD_DESCRIPTIONS, REWARD_MILESTONES, REWARD_POINTS, type ActionRewardType } from './constants.js';
import type { RewardEarned } from './events.js';

export interface RewardsState {
  /** Keys already rewarded (persistent: see Decider.evolve). */
  rewarded: PersistentSet<string>;
  total: number;
}

/** Award the actions of one source event; already rewarded keys are skipped. */
export type AwardRewardsCommand = {
  type: 'AwardRewards';
  data: { userId: string; sourceEventId: string; awards: readonly { rewardType: ActionRewardType; key: string }[] };
};

/** One stream per user: the user's rewards, their keys and total decide what is still to earn. */
export const rewardsDecider: Decider<RewardsState, AwardRewardsCommand, RewardEarned> = {
  initialState: () => ({ rewarded: PersistentSet(), total: 0 }),
  evolve: (state, event) => ({ rewarded: state.rewarded.add(event.data.key), total: state.total + event.data.points }),
  // A member earns a reward for each post they open: their stream grows with every one.
  snapshot: {
    name: 'rewards.1',
    toJson: (state) => ({ rewarded: [...state.rewarded], total: state.total }),
    fromJson: (json) => {
      const { rewarded, total } = json as { rewarded: string[]; total: number };
      return { rewarded: PersistentSet(rewarded), total };
    },
  },
  decide: (command, state) => {
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
