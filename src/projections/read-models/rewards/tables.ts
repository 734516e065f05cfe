import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

export interface RewardsView {
  /** The RewardEarned event's id. */
  id: string;
  user_id: string;
  type: string;
  points: number;
  description: string;
  earned_at: Date;
  position: bigint;
}

/** Rewards earned: its tables by logical name (the runner maps them to the live generation). */
export interface RewardsTables {
  rewards: RewardsView;
}

export async function createRewardsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
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
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createRewardsIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.rewards}_user`).ifNotExists().on(t.rewards).columns(['user_id', 'position']).execute();
}
