import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../adapters/db/schema.js';
import type { EventToAppend } from '../domain/shared/events.js';
import type { StoredUsername } from '../domain/accounts/events.js';
import { createPostgresVault, type PersonalDataVault } from '../adapters/vault/vault.js';
import { databaseTargets, eventStoreOn } from '../../tests/fixtures/databases.js';
import { everyEventLog } from '../../tests/fixtures/every-event-log.js';
import { READ_MODEL_TABLES, type ReadModelTable } from './read-models/tables.js';
import { projections } from './registry.js';
import { DEFAULT_REBUILD_BATCH_SIZE, ProjectionRunner } from './runner.js';

const LOG_LENGTH = 1_200;
const APPEND_CHUNK = 200;

/** Every row of every read-model table (through its view), each table in a stable order. */
async function readModels(db: Kysely<Schema>): Promise<Record<ReadModelTable, Record<string, unknown>[]>> {
  const rows = {} as Record<ReadModelTable, Record<string, unknown>[]>;
  for (const table of READ_MODEL_TABLES) {
    rows[table] = (await sql<Record<string, unknown>>`select * from ${sql.id(table)} t order by t::text`.execute(db)).rows;
  }
  return rows;
}

/**
 * The log's usernames as registration writes them: sealed under each member's vault key with their
 * blind index; every third member's left in clear, as events from before usernames were sealed read
 * (but a deleted member's sealed, so the rebuild meets a name whose key is destroyed).
 */
async function sealUsernames(vault: PersonalDataVault, log: EventToAppend[]): Promise<EventToAppend[]> {
  const sealedMembers = new Set(deletedMembers(log));
  let registrations = 0;
  const seal = async (userId: string, stored: StoredUsername): Promise<StoredUsername> =>
    'clear' in stored && sealedMembers.has(userId)
      ? { sealed: await vault.encrypt(userId, stored.clear), lookup: await vault.blindIndex(`username:${stored.clear}`) }
      : stored;
  const sealed: EventToAppend[] = [];
  for (const event of log) {
    const data = event.data as { userId: string; username?: StoredUsername; to?: StoredUsername };
    if (event.type === 'UserRegistered') {
      registrations += 1;
      if (registrations % 3 !== 0) sealedMembers.add(data.userId);
      sealed.push({ ...event, data: { ...data, username: await seal(data.userId, data.username!) } });
    } else if (event.type === 'UsernameChanged') sealed.push({ ...event, data: { ...data, to: await seal(data.userId, data.to!) } });
    else sealed.push(event);
  }
  return sealed;
}

const deletedMembers = (log: readonly EventToAppend[]) =>
  log.filter((event) => event.type === 'AccountDeleted').map((event) => (event.data as { userId: string }).userId);

/** Generous: following 1 200 events one at a time through every projection takes a while on a loaded machine. */
const FOLLOW_TIMEOUT_MS = 300_000;

/**
 * The fast rebuild (one read of the log for all projections, batches of 5 000 applied set-based,
 * counts and vocabulary derived once at the end) must leave exactly the rows that the live runner
 * leaves applying the same log one event at a time.
 */
describe.each(databaseTargets())('rebuild equivalence: $name', (target) => {
  const suite = eventStoreOn(target, 120_000);

  it('the generated log holds every event type a projection handles', () => {
    const types = new Set(everyEventLog(LOG_LENGTH).map((event) => event.type));
    const handled = [...new Set(projections.flatMap((projection) => projection.handles))];
    expect(handled.filter((type) => !types.has(type))).toEqual([]);
  });

  it('rebuilt in batches of 5 000 and in batches of 37, every read-model table holds the rows the live runner leaves event by event', async () => {
    const { database, store } = suite;
    const vault = createPostgresVault(database.db);
    const log = await sealUsernames(vault, everyEventLog(LOG_LENGTH));
    // Live before the log is written: every event reaches the read models through the live path, one per batch.
    const follower = new ProjectionRunner(database.db, database.kind, store, projections, { batchSize: 1 });
    await follower.start();
    try {
      for (let start = 0; start < log.length; start += APPEND_CHUNK) {
        await store.appendToStream(`equivalence-${start}`, log.slice(start, start + APPEND_CHUNK), { expectedRevision: 'no_stream' });
      }
      expect(await follower.waitFor(await store.headPosition(), FOLLOW_TIMEOUT_MS)).toBe(true);
    } finally {
      await follower.stop();
    }
    const eventByEvent = await readModels(database.db);
    for (const table of READ_MODEL_TABLES) expect(eventByEvent[table].length, table).toBeGreaterThan(0);
    // Erasure destroys the vault key after the live runner applied AccountDeleted: the rebuild can no longer open those names.
    const deleted = deletedMembers(log);
    expect(deleted.length).toBeGreaterThan(0);
    for (const userId of deleted) await vault.forget(userId);

    const rebuild = (batchSize: number) =>
      new ProjectionRunner(database.db, database.kind, store, projections, { batchSize, rebuildBatchSize: batchSize }).rebuildAll(
        projections,
      );
    await rebuild(DEFAULT_REBUILD_BATCH_SIZE);
    expect(await readModels(database.db)).toEqual(eventByEvent);
    await rebuild(37);
    expect(await readModels(database.db)).toEqual(eventByEvent);
  }, 600_000);
});
