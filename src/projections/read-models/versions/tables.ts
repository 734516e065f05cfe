import type { ColumnType } from 'kysely';
import type { VersionContent, VersionField } from '../../../domain/templates/versions.js';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** Every published version of every post, with its whole content (TemplateVersionPublished). */
export interface TemplateVersionsView {
  template_id: string;
  version: number;
  approved_at: Date;
  change_note: string | null;
  /** jsonb: the fields that differ from the version before (empty for v1). */
  changed: ColumnType<VersionField[], string, string>;
  /** jsonb: the version's public content, link included (the routes show it only to those entitled). */
  content: ColumnType<VersionContent, string, string>;
  position: bigint;
}

/** A buyer of a post: the version they bought (entitled to it and every later one) and the one they chose. */
export interface VersionHoldersView {
  template_id: string;
  buyer_id: string;
  entitled_from: number;
  held: number;
  /** Set when the purchase was refunded: the buyer is entitled to nothing. */
  refunded: boolean;
  last_position: bigint;
}

/** Members who saved a post and asked to be told about its updates (`on` false once they stopped). */
export interface UpdateNoticeSubscribersView {
  template_id: string;
  user_id: string;
  on: boolean;
  last_position: bigint;
}

/** Versions of posts: their tables by logical name (the runner maps them to the live generation). */
export interface VersionsTables {
  template_versions: TemplateVersionsView;
  version_holders: VersionHoldersView;
  update_notice_subscribers: UpdateNoticeSubscribersView;
}

export async function createVersionsTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.template_versions)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('approved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('change_note', 'text')
    .addColumn('changed', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.template_versions}_pk`, ['template_id', 'version'])
    .execute();
  await trx.schema
    .createTable(t.version_holders)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('entitled_from', 'integer', (c) => c.notNull())
    .addColumn('held', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'boolean', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.version_holders}_pk`, ['template_id', 'buyer_id'])
    .execute();
  await trx.schema
    .createTable(t.update_notice_subscribers)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('on', 'boolean', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.update_notice_subscribers}_pk`, ['template_id', 'user_id'])
    .execute();
}

/** The readers' indexes: a buyer's purchased list reads their holdings. */
export async function createVersionsIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.version_holders}_buyer`).ifNotExists().on(t.version_holders).columns(['buyer_id']).execute();
}
