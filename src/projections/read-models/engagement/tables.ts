import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** Counters of a template's page views, link clicks and comments. */
export interface TemplateActivityView {
  template_id: string;
  views: number;
  clicks: number;
  comments: number;
  last_position: bigint;
}

/** Comment text exactly as typed: the web app renders it as text. */
export interface CommentsView {
  id: string;
  template_id: string;
  author_id: string;
  message: string;
  created_at: Date;
  position: bigint;
}

/** Reports to moderators; name, e-mail and message are vault ciphertext under the reporter's key. */
export interface ReportsView {
  id: string;
  template_id: string;
  reporter_id: string;
  reason: string | null;
  name_enc: string;
  email_enc: string;
  message_enc: string;
  created_at: Date;
  position: bigint;
}

/** Users who gave kudos at least once (the get-started checklist). */
export interface KudosGiversView {
  user_id: string;
}

/** Page views, link clicks, comments, reports and kudos givers: its tables by logical name (the runner maps them to the live generation). */
export interface EngagementTables {
  template_activity: TemplateActivityView;
  comments: CommentsView;
  reports: ReportsView;
  kudos_givers: KudosGiversView;
}

export async function createEngagementTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.template_activity)
    .addColumn('template_id', 'text', (c) => c.primaryKey())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('comments', 'integer', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.comments)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.reports)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('name_enc', 'text', (c) => c.notNull())
    .addColumn('email_enc', 'text', (c) => c.notNull())
    .addColumn('message_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.kudos_givers)
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .execute();
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createEngagementIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.comments}_template`).ifNotExists().on(t.comments).columns(['template_id', 'position']).execute();
  await db.schema.createIndex(`${t.comments}_author`).ifNotExists().on(t.comments).column('author_id').execute();
  await db.schema.createIndex(`${t.reports}_position`).ifNotExists().on(t.reports).column('position').execute();
}
