import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../adapters/db/database.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { createPostgresEventStore } from '../adapters/eventstore/postgres.js';
import { createCommandBus, type CommandBus } from '../commands/bus/handle-command.js';
import { purchaseStream } from '../domain/commerce/events.js';
import { templateStream } from '../domain/templates/events.js';
import { upcasters } from '../domain/upcasters.js';
import { DEMO_CATALOGUE } from './demo-catalogue-plan.js';
import { demoVersionedTemplateId, demoVersionsCast, seedVersionedDemo } from './demo-versions.js';

describe('the versioned demo post', () => {
  let database: Database;
  let store: EventStore;
  let commands: CommandBus;
  const templateId = demoVersionedTemplateId(DEMO_CATALOGUE.seed);

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
    store = createPostgresEventStore(database);
    commands = createCommandBus(store, upcasters);
    await seedVersionedDemo({ commands }, DEMO_CATALOGUE);
  });
  afterAll(async () => {
    await database.close();
  });

  it('publishes three versions, each edit with its note, and a purchase of v1 before the edits', async () => {
    const versions = (await store.readStream(templateStream(templateId)))
      .filter((event) => event.type === 'TemplateVersionPublished')
      .map((event) => event.data as { version: number; changeNote: string | null; changed: string[] });
    expect(versions.map(({ version, changed }) => [version, changed])).toEqual([
      [1, []],
      [2, ['instructions', 'tags']],
      [3, ['description', 'link']],
    ]);
    expect(versions.slice(1).every(({ changeNote }) => (changeNote ?? '').length > 0)).toBe(true);
    const { buyer } = demoVersionsCast(DEMO_CATALOGUE);
    const purchase = await store.readStream(purchaseStream(templateId, buyer!.userId));
    expect(purchase.map((event) => event.type)).toEqual(['CheckoutStarted', 'PaymentSucceeded', 'PurchaseRecorded']);
    expect((purchase[2]!.data as { bought: { version: number } }).bought.version).toBe(1);
  });

  it('is a no-op when run again', async () => {
    const head = await store.headPosition();
    await seedVersionedDemo({ commands }, DEMO_CATALOGUE);
    expect(await store.headPosition()).toBe(head);
  });
});
