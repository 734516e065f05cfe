import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { versionsProjection } from './projection.js';

const content = { title: 'T', description: 'D', instructions: 'I', url: 'https://example.com/1', imageUrls: [], price: 5, keywords: [] };
const published = (version: number) => ({
  streamId: 'template-t1',
  type: 'TemplateVersionPublished',
  data: { templateId: 't1', version, changeNote: version === 1 ? null : `v${version}`, changed: version === 1 ? [] : ['title'], content },
});
const bought = (buyerId: string, version?: number) => ({
  streamId: `purchase-t1-${buyerId}`,
  type: 'PurchaseRecorded',
  data: {
    purchaseId: `p-${buyerId}`,
    checkoutId: `p-${buyerId}`,
    templateId: 't1',
    buyerId,
    sellerId: 's',
    price: { amount: 500, currency: 'USD' },
    platformFee: { amount: 0, currency: 'USD' },
    bought: { revision: 1, title: 'T', titleUrl: 't', url: 'https://example.com/1', ...(version === undefined ? {} : { version }) },
    provider: 'stripe',
    providerPaymentId: 'pi',
  },
});

describe.each(databaseTargets())('versions projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, versionsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps every version, each buyer's entitlement and choice, and savers' notices; applied twice, the same rows", async () => {
    const rows = await spec.given(
      recordedLog([
        published(1),
        // Bought before versions were recorded on purchases: the version public then.
        bought('b1'),
        published(2),
        bought('b2', 2),
        { streamId: 'version-choice-t1-b1', type: 'VersionChosen', data: { templateId: 't1', buyerId: 'b1', version: 2 } },
        published(3),
        { streamId: 'purchase-t1-b2', type: 'PurchaseRefunded', data: { purchaseId: 'p-b2', templateId: 't1', buyerId: 'b2' } },
        { streamId: 'update-notices-t1-u', type: 'UpdateNoticesToggled', data: { templateId: 't1', userId: 'u', on: true } },
        { streamId: 'update-notices-t1-u', type: 'UpdateNoticesToggled', data: { templateId: 't1', userId: 'u', on: false } },
      ]),
      2,
    );
    expect(rows.template_versions!.map((row) => [row.version, row.change_note])).toEqual([
      [1, null],
      [2, 'v2'],
      [3, 'v3'],
    ]);
    expect(rows.version_holders!.map((row) => [row.buyer_id, row.entitled_from, row.held, row.refunded])).toEqual([
      ['b1', 1, 2, false],
      ['b2', 2, 2, true],
    ]);
    expect(rows.update_notice_subscribers!.map((row) => [row.user_id, row.on])).toEqual([['u', false]]);
  });
});
