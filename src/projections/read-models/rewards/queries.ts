import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { Progression, RewardView } from '../../../domain/engagement/views.js';

/** A user's rewards, newest first, and their total. */
export async function rewardsOf(db: Kysely<Schema>, userId: string): Promise<{ rewards: RewardView[]; total: number }> {
  const rows = await db.selectFrom('rewards').selectAll().where('user_id', '=', userId).orderBy('position', 'desc').execute();
  return {
    rewards: rows.map((row) => ({
      _id: row.id,
      type: row.type,
      description: row.description,
      value: row.points,
      // Points taken back (a refunded purchase) show as a negative entry.
      earned: row.points >= 0,
      timestamp: row.earned_at.toISOString(),
    })),
    total: rows.reduce((sum, row) => sum + row.points, 0),
  };
}

/** The get-started checklist, each step from the read model its events built. */
export async function progressionOf(db: Kysely<Schema>, userId: string): Promise<Progression> {
  const exists = (query: ReturnType<typeof db.selectFrom>) => sql<boolean>`exists (${query})`;
  const row = await db
    .selectFrom('users')
    .select([
      sql<boolean>`users.verification = 'verified'`.as('verifyEmail'),
      sql<boolean>`users.picture_url is not null`.as('profilePicture'),
      exists(
        db
          .selectFrom('kudos_givers')
          .select(sql`1`.as('one'))
          .where('user_id', '=', userId),
      ).as('giveKudos'),
      exists(
        db
          .selectFrom('comments')
          .select(sql`1`.as('one'))
          .where('author_id', '=', userId),
      ).as('addComment'),
      exists(
        db
          .selectFrom('templates')
          .select(sql`1`.as('one'))
          .where('author_id', '=', userId),
      ).as('createPost'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row ?? { verifyEmail: false, profilePicture: false, giveKudos: false, addComment: false, createPost: false };
}
