import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** A decider's state folded through `revision` of a stream, whose event there has id `eventId`. */
export interface StreamSnapshot {
  revision: bigint;
  eventId: string;
  state: unknown;
}

export interface StreamSnapshots {
  load(streamId: string, decider: string): Promise<StreamSnapshot | null>;
  /** Keeps the snapshot unless one of a later revision is kept already (commands on a stream run side by side). */
  save(streamId: string, decider: string, snapshot: StreamSnapshot): Promise<void>;
}

export function createStreamSnapshots(db: Kysely<Schema>): StreamSnapshots {
  return {
    async load(streamId, decider) {
      const row = await db
        .selectFrom('stream_snapshots')
        .select(['revision', 'event_id', 'state'])
        .where('stream_id', '=', streamId)
        .where('decider', '=', decider)
        .executeTakeFirst();
      return row ? { revision: BigInt(row.revision), eventId: row.event_id, state: row.state } : null;
    },
    async save(streamId, decider, { revision, eventId, state }) {
      await db
        .insertInto('stream_snapshots')
        .values({ stream_id: streamId, decider, revision, event_id: eventId, state: JSON.stringify(state) })
        .onConflict((conflict) =>
          conflict
            .columns(['stream_id', 'decider'])
            .doUpdateSet({
              revision: (eb) => eb.ref('excluded.revision'),
              event_id: (eb) => eb.ref('excluded.event_id'),
              state: sql`excluded.state`,
            })
            .where(sql<boolean>`stream_snapshots.revision < excluded.revision`),
        )
        .execute();
    },
  };
}
