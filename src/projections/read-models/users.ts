import { sql } from 'kysely';
import type { UserRegistered } from '../../domain/accounts/events.js';
import type { Projection } from '../projection.js';

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: ['UserRegistered'],
  tables: ['users'],
  async createTables(trx, t) {
    await trx.schema
      .createTable(t.users)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('display_name_enc', 'text')
      .addColumn('lvl', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_position', 'bigint', (c) => c.notNull())
      .execute();
  },
  async apply(trx, events, t) {
    for (const event of events) {
      const { data } = event as unknown as UserRegistered;
      await trx
        .insertInto(t.users)
        .values({
          id: data.userId,
          username: data.username,
          display_name_enc: data.displayNameEnc,
          lvl: data.lvl,
          created_at: new Date(event.metadata.occurredAt),
          last_position: event.position,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ last_position: sql`excluded.last_position` }))
        .execute();
    }
  },
};
