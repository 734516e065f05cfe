import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { Schema } from '../adapters/db/schema.js';

export type ReleaseLock = () => Promise<void>;

/**
 * One runner per projection generation across processes: a session-level advisory lock held
 * on a connection of its own for as long as the runner works. PGlite is a single process
 * (the data directory lock keeps others out), so there the lock is a no-op.
 */
export function tryRunnerLock(db: Kysely<Schema>, kind: DatabaseKind, key: string): Promise<ReleaseLock | null> {
  if (kind === 'pglite') return Promise.resolve(async () => {});
  return new Promise<ReleaseLock | null>((resolve, reject) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(current_schema() || ':' || ${key})) as locked`.execute(connection);
      if (rows[0]?.locked !== true) {
        resolve(null);
        return;
      }
      resolve(async () => {
        release();
        await held;
      });
      await released;
      await sql`select pg_advisory_unlock(hashtext(current_schema() || ':' || ${key}))`.execute(connection);
    });
    held.catch(reject);
  });
}
