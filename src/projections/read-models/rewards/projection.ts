import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createRewardsIndexes, createRewardsTables } from './tables.js';

/** Every reward earned, one row per RewardEarned event; a user's total is the sum of their rows. */
export const rewardsProjection = defineProjection({
  name: 'rewards',
  version: 1,
  handles: ['RewardEarned'],
  tables: ['rewards'],
  createTables: createRewardsTables,
  createIndexes: createRewardsIndexes,
  async apply(trx, events, t) {
    await writeRows(
      trx,
      t.rewards,
      events.map((event) => ({
        id: event.id,
        user_id: event.data.userId,
        type: event.data.rewardType,
        points: event.data.points,
        description: event.data.description,
        earned_at: new Date(event.metadata.occurredAt),
        position: event.position,
      })),
      { conflict: ['id'] },
    );
  },
});
