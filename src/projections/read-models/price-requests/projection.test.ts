import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { priceRequestsProjection } from './projection.js';

const on = (templateId: string, type: string, data: Record<string, unknown>) => ({
  streamId: `template-${templateId}`,
  type,
  data: { templateId, ...data },
});

describe.each(databaseTargets())('price requests projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, priceRequestsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps each post's latest request, waiting until decided or the post goes; applied twice, the same rows", async () => {
    const { price_change_requests: rows } = await spec.given(
      recordedLog([
        on('t1', 'TemplatePriceChangeRequested', { requesterId: 'u1', currentPrice: 0, newPrice: 5 }),
        on('t2', 'TemplatePriceChangeRequested', { requesterId: 'u2', currentPrice: 3, newPrice: 4 }),
        on('t1', 'TemplatePriceChangeRequested', { requesterId: 'u1', currentPrice: 0, newPrice: 6 }),
        on('t2', 'TemplatePriceChanged', { reviewerId: 'a', from: 3, to: 4, requested: 4 }),
        on('t3', 'TemplatePriceChangeRequested', { requesterId: 'u3', currentPrice: 1, newPrice: 2 }),
        on('t3', 'TemplateDeleted', { deletedBy: 'u3', reason: null }),
      ]),
      2,
    );
    expect(rows!.map((row) => [row.template_id, row.requested_price_cents, row.pending])).toEqual([
      ['t1', 600, true],
      ['t2', 400, false],
      ['t3', 200, false],
    ]);
  });
});
