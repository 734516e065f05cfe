import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../adapters/db/database.js';
import { START_OF_LOG, type EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { createPostgresVault } from '../adapters/vault/vault.js';
import { upcasters } from '../domain/upcasters.js';
import { seedCatalogue, seedCatalogueInBulk } from './demo-catalogue.js';
import { createCommandBus } from '../commands/bus/handle-command.js';

const SIZE = { users: 5, templates: 12, seed: 9 };

/**
 * The template and like streams (the ones written in bulk) as type, data and actor. Users register
 * through the account service in both modes; their e-mail lookups are keyed per database.
 */
async function streams(store: EventStore) {
  const events = await store.readAll({ after: START_OF_LOG, maxCount: 10_000 });
  const byStream = new Map<string, unknown[]>();
  for (const event of events) {
    if (!event.streamId.startsWith('template-') && !event.streamId.startsWith('like-')) continue;
    byStream.set(event.streamId, [
      ...(byStream.get(event.streamId) ?? []),
      { revision: event.revision, type: event.type, data: event.data, actor: event.metadata.actor },
    ]);
  }
  return byStream;
}

describe('demo catalogue in bulk', () => {
  const databases: Database[] = [];
  let throughCommands: EventStore;
  let inBulk: EventStore;

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) databases.push(await openDatabase({ dataDir: 'memory' }));
    throughCommands = createPostgresEventStore(databases[0]!);
    inBulk = createPostgresEventStore(databases[1]!);
    await seedCatalogue({ commands: createCommandBus(throughCommands, upcasters), vault: createPostgresVault(databases[0]!.db) }, SIZE);
    await seedCatalogueInBulk(
      { store: inBulk, vault: createPostgresVault(databases[1]!.db), commands: createCommandBus(inBulk, upcasters) },
      SIZE,
    );
  });

  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it('writes the same streams with the same events as seeding through the command bus', async () => {
    const expected = await streams(throughCommands);
    expect(expected.size).toBeGreaterThan(SIZE.templates);
    expect(await streams(inBulk)).toEqual(expected);
  });

  it('is a no-op when run again', async () => {
    const head = await inBulk.headPosition();
    await seedCatalogueInBulk(
      { store: inBulk, vault: createPostgresVault(databases[1]!.db), commands: createCommandBus(inBulk, upcasters) },
      SIZE,
    );
    expect(await inBulk.headPosition()).toBe(head);
  });
});
