import { defineProjection } from '../../projection.js';
import { createRewardsTables } from './tables.js';

/** Every reward earned, one row per RewardEarned event; a user's total is the sum of their rows. */
export const rewardsProjection = defineProjection({
  name: 'rewards',
  version: 1,
  handles: ['RewardEarned'],
  tables: ['rewards'],
  createTables: createRewardsTables,
  async apply(trx, events, t) {
    for (const event of events) {
      await trx
        .insertInto(t.rewards)
        .values({
          id: event.id,
          user_id: event.data.userId,
          type: event.data.rewardType,
          points: event.data.points,
          description: event.data.description,
          earned_at: new Date(event.metadata.occurredAt),
          position: event.position,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
});
