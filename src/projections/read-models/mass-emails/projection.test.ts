import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { massEmailsProjection } from './projection.js';

const campaign = (campaignId: string, recipientIds: string[]) => ({
  streamId: `mass-email-${campaignId}`,
  type: 'MassEmailRequested',
  data: { campaignId, subject: `Subject ${campaignId}`, body: 'Hello', group: 'all', requestedBy: 'admin', recipientIds },
});
const outcome = (type: string, campaignId: string, recipientId: string, extra: Record<string, unknown>) => ({
  streamId: `mass-email-recipient-${campaignId}-${recipientId}`,
  type,
  data: { campaignId, recipientId, ...extra },
});

describe.each(databaseTargets())('mass e-mails projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, massEmailsProjection);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps each campaign with its total and one outcome per recipient; applied twice, the same rows', async () => {
    const rows = await spec.given(
      recordedLog([
        campaign('c1', ['u1', 'u2', 'u3']),
        outcome('MassEmailDelivered', 'c1', 'u1', { messageId: 'm1' }),
        outcome('MassEmailFailed', 'c1', 'u2', { reason: 'refused' }),
        campaign('c2', ['u1']),
        outcome('MassEmailSkipped', 'c2', 'u1', { reason: 'unsubscribed' }),
      ]),
      2,
    );
    expect(rows.mass_email_campaigns!.map((row) => [row.campaign_id, row.total, row.audience_group])).toEqual([
      ['c1', 3, 'all'],
      ['c2', 1, 'all'],
    ]);
    expect(rows.mass_email_outcomes!.map((row) => [row.campaign_id, row.recipient_id, row.outcome, row.reason])).toEqual([
      ['c1', 'u1', 'delivered', null],
      ['c1', 'u2', 'failed', 'refused'],
      ['c2', 'u1', 'skipped', 'unsubscribed'],
    ]);
  });
});
