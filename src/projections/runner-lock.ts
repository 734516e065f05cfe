import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../adapters/db/database.js';
import type { Schema } from '../adapters/db/schema.js';

/** How often the holder checks that the lock's connection is still alive (a terminated backend releases the lock). */
const LOCK_CHECK_MS = 2_000;

export interface RunnerLock {
  release(): Promise<void>;
  /** True once the lock's connection died: the lock is gone, and another process may take it. */
  readonly lost: boolean;
}

/** Thrown by a runner that finds its lock lost: it stops working and tries to take the lock again. */
export class RunnerLockLostError extends Error {
  constructor(key: string) {
    super(`the lock ${key} was lost with its database connection`);
  }
}

/**
 * One runner per projection generation across processes: a session-level advisory lock held
 * on a connection of its own for as long as the runner works. PGlite is a single process
 * (the data directory lock keeps others out), so there the lock is a no-op.
 */
export function tryRunnerLock(db: Kysely<Schema>, kind: DatabaseKind, key: string): Promise<RunnerLock | null> {
  if (kind === 'pglite') return Promise.resolve({ release: async () => {}, lost: false });
  return new Promise<RunnerLock | null>((resolve, reject) => {
    let release!: () => void;
    let isReleased = false;
    const released = new Promise<void>((r) => (release = r));
    const lock = { lost: false, release: async () => {} };
    const held = db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(hashtext(current_schema() || ':' || ${key})) as locked`.execute(connection);
      if (rows[0]?.locked !== true) {
        resolve(null);
        return;
      }
      lock.release = async () => {
        isReleased = true;
        release();
        // A lost connection took the lock with it: nothing left to release.
        await held.catch(() => {});
      };
      resolve(lock);
      while (!isReleased) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([released, new Promise((r) => (timeout = setTimeout(r, LOCK_CHECK_MS)))]);
        clearTimeout(timeout);
        if (!isReleased) await sql`select 1`.execute(connection);
      }
      await sql`select pg_advisory_unlock(hashtext(current_schema() || ':' || ${key}))`.execute(connection);
    });
    held.catch((error: unknown) => {
      lock.lost = true;
      reject(error);
    });
  });
}
