import { defineProjection } from '../../projection.js';
import { writeRows } from '../../set-based.js';
import { createRewardsIndexes, createRewardsTables } from './tables.js';

/**
 * Every reward earned or taken back, one row per RewardEarned (positive points) or RewardRevoked
 * (negative points) event; a user's total is the sum of their rows.
 */
export const rewardsProjection = defineProjection({
  name: 'rewards',
  // v2: RewardRevoked rows.
  version: 2,
  handles: ['RewardEarned', 'RewardRevoked'],
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
        points: event.type === 'RewardRevoked' ? -event.data.points : event.data.points,
        description: event.data.description,
        earned_at: new Date(event.metadata.occurredAt),
        position: event.position,
      })),
      { conflict: ['id'] },
    );
  },
});
