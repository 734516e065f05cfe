import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { CampaignSummary } from '../../../domain/mass-email/rules.js';

/** A campaign with its message body (the portal's list leaves the body out). */
export interface CampaignProgress extends CampaignSummary {
  body: string;
}

function campaignsWithCounts(db: Kysely<Schema>) {
  return db
    .selectFrom('mass_email_campaigns as c')
    .leftJoin('users as u', 'u.id', 'c.requested_by')
    .select([
      'c.campaign_id',
      'c.subject',
      'c.body',
      'c.audience_group',
      'c.requested_by',
      'c.requested_at',
      'c.total',
      'u.username',
      sql<number>`(select count(*) from mass_email_outcomes o where o.campaign_id = c.campaign_id and o.outcome = 'delivered')::int`.as(
        'delivered',
      ),
      sql<number>`(select count(*) from mass_email_outcomes o where o.campaign_id = c.campaign_id and o.outcome = 'failed')::int`.as(
        'failed',
      ),
      sql<number>`(select count(*) from mass_email_outcomes o where o.campaign_id = c.campaign_id and o.outcome = 'skipped')::int`.as(
        'skipped',
      ),
    ]);
}

type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignsWithCounts>['executeTakeFirstOrThrow']>>;

function toProgress(row: CampaignRow): CampaignProgress {
  const { delivered, failed, skipped } = row;
  return {
    campaignId: row.campaign_id,
    subject: row.subject,
    body: row.body,
    group: row.audience_group,
    requestedBy: { _id: row.requested_by, username: row.username },
    requestedAt: row.requested_at.toISOString(),
    total: row.total,
    delivered,
    failed,
    skipped,
    finished: delivered + failed + skipped >= row.total,
  };
}

/** The newest campaigns first, each with its progress. */
export async function recentCampaigns(db: Kysely<Schema>, limit: number): Promise<CampaignProgress[]> {
  const rows = await campaignsWithCounts(db).orderBy('c.requested_at', 'desc').orderBy('c.campaign_id').limit(limit).execute();
  return rows.map(toProgress);
}

export async function campaignProgress(db: Kysely<Schema>, campaignId: string): Promise<CampaignProgress | null> {
  const row = await campaignsWithCounts(db).where('c.campaign_id', '=', campaignId).executeTakeFirst();
  return row ? toProgress(row) : null;
}

/** Campaigns with recipients still without an outcome (a stopped server left them), oldest first. */
export async function unfinishedCampaignIds(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db
    .selectFrom('mass_email_campaigns as c')
    .select('c.campaign_id')
    .where((eb) =>
      eb(
        'c.total',
        '>',
        eb.selectFrom('mass_email_outcomes as o').select(eb.fn.countAll<number>().as('n')).whereRef('o.campaign_id', '=', 'c.campaign_id'),
      ),
    )
    .orderBy('c.requested_at')
    .execute();
  return rows.map((row) => row.campaign_id);
}
