import type { RecordedEvent } from '../../../domain/shared/events.js';
import type { RewardEarned } from '../../../domain/rewards/events.js';
import type { Projection } from '../../projection.js';

/** Every reward earned, one row per RewardEarned event; a user's total is the sum of their rows. */
export const rewardsProjection: Projection = {
  name: 'rewards',
  version: 1,
  handles: ['RewardEarned'],
  tables: ['rewards'],
  async createTables(trx, t) {
    await trx.schema
      .createTable(t.rewards)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('earned_at', 'timestamptz', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex(`${t.rewards}_user`).on(t.rewards).columns(['user_id', 'position']).execute();
  },
  async apply(trx, events, t) {
    for (const event of events as readonly RecordedEvent<RewardEarned>[]) {
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
};
