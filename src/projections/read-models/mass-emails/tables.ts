import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** A mass e-mail campaign as requested, with the number of recipients resolved at the request. */
export interface MassEmailCampaignsView {
  campaign_id: string;
  subject: string;
  body: string;
  audience_group: string;
  requested_by: string;
  requested_at: Date;
  total: number;
}

/** One recipient's outcome: delivered, failed or skipped (at most one row per recipient). */
export interface MassEmailOutcomesView {
  campaign_id: string;
  recipient_id: string;
  outcome: 'delivered' | 'failed' | 'skipped';
  reason: string | null;
  at: Date;
}

/** Mass e-mail: its tables by logical name (the runner maps them to the live generation). */
export interface MassEmailsTables {
  mass_email_campaigns: MassEmailCampaignsView;
  mass_email_outcomes: MassEmailOutcomesView;
}

export async function createMassEmailsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.mass_email_campaigns)
    .addColumn('campaign_id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('audience_group', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.mass_email_outcomes)
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.mass_email_outcomes}_pkey`, ['campaign_id', 'recipient_id'])
    .execute();
}
