import { sql, type ColumnType } from 'kysely';
import type { EditableContent } from '../../../domain/templates/events.js';
import { RECOMMENDED_STATUSES, type StoredStatus } from '../../../domain/templates/lifecycle.js';
import { eachSettled, gatherNoStatistics, type DdlDatabase, type GenerationTables } from '../tables.js';

/*
 * The catalogue read model's tables: each row type next to the DDL that creates it, so the two
 * cannot drift apart unnoticed. adapters/db/schema.ts composes the Schema from these types.
 */

export interface TemplatesView {
  id: string;
  title_url: string;
  title: string;
  description_short: string;
  description_long: string;
  url: string;
  platform: string;
  topic: string;
  /** jsonb: written as JSON text, read as arrays. */
  keywords: ColumnType<string[], string, string>;
  image_urls: ColumnType<string[], string, string>;
  price_cents: number;
  /** A TemplateStatus, or 'deleted' for a tombstone (domain/templates/lifecycle.ts). */
  status: StoredStatus;
  /** Why the last moderation decision was taken (a denial's reason, a hide note). */
  status_reason: string | null;
  /** jsonb: the edit waiting for a moderator while the columns above keep the approved version; null when none waits. */
  pending_changes: ColumnType<Partial<EditableContent> | null, string | null, string | null>;
  /** Counts content changes (submission, edits, image clears): a review decision names the one it saw. */
  content_revision: number;
  /** Members' flags or a report wait for a moderator, held while an edit waits: the feeds leave such a post out. */
  flagged_for_review: boolean;
  sponsored: boolean;
  author_id: string;
  /** jsonb: the author and every buyer. */
  owners: ColumnType<string[], string, string>;
  likes: ColumnType<number, number | undefined, number>;
  saves: ColumnType<number, number | undefined, number>;
  red_flags: ColumnType<number, number | undefined, number>;
  created_at: Date;
  updated_at: Date;
  last_position: bigint;
}

export interface TemplateLikesView {
  template_id: string;
  user_id: string;
}

/** Who saves which template, and since when (the saved-posts list is newest first). */
export interface TemplateSavesView {
  template_id: string;
  user_id: string;
  saved_at: Date;
}

export interface TemplateFlagsView {
  template_id: string;
  user_id: string;
}

/** The catalogue's tables, by logical name (the runner maps them to the live generation). */
export interface TemplatesTables {
  templates: TemplatesView;
  template_likes: TemplateLikesView;
  template_saves: TemplateSavesView;
  template_flags: TemplateFlagsView;
}

/**
 * Percent of each page that new rows fill. Every row is rewritten after it is written (its approval, a
 * rebuild's final count of likes, saves and flags): with room left on its page, a rewrite that changes
 * no indexed column stays there without new index entries (a HOT update), as a rebuild's do before its
 * indexes are built. A rebuild of 1 000 000 events spent 3.3 s in its final count at 100 %, 1.6 s at 60 %.
 */
const TEMPLATES_FILLFACTOR = 60;

const TEMPLATE_COLUMNS_SHOWN_ONLY = [
  'description_short',
  'description_long',
  'url',
  'keywords',
  'image_urls',
  'owners',
  'status_reason',
] as const satisfies readonly (keyof TemplatesView)[];

export async function createTemplatesTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.templates)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title_url', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description_short', 'text', (c) => c.notNull())
    .addColumn('description_long', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('keywords', 'jsonb', (c) => c.notNull())
    .addColumn('image_urls', 'jsonb', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('pending_changes', 'jsonb')
    .addColumn('content_revision', 'integer', (c) => c.notNull())
    .addColumn('flagged_for_review', 'boolean', (c) => c.notNull())
    .addColumn('sponsored', 'boolean', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('owners', 'jsonb', (c) => c.notNull())
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saves', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('red_flags', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .modifyEnd(sql`with (fillfactor = ${sql.lit(TEMPLATES_FILLFACTOR)})`)
    .execute();
  // About 60 % of this table's ANALYZE time.
  await gatherNoStatistics(trx, t.templates, TEMPLATE_COLUMNS_SHOWN_ONLY);
  await trx.schema
    .createTable(t.template_likes)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.template_likes}_pk`, ['template_id', 'user_id'])
    .execute();
  await trx.schema
    .createTable(t.template_saves)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.template_saves}_pk`, ['template_id', 'user_id'])
    .execute();
  await trx.schema
    .createTable(t.template_flags)
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${t.template_flags}_pk`, ['template_id', 'user_id'])
    .execute();
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createTemplatesIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  const recommended = sql.join(RECOMMENDED_STATUSES.map((status) => sql.lit(status)));
  const templates = sql.id(t.templates);
  await eachSettled([
    db.schema.createIndex(`${t.templates}_status_created`).ifNotExists().on(t.templates).columns(['status', 'created_at']).execute(),
    db.schema.createIndex(`${t.templates}_author_created`).ifNotExists().on(t.templates).columns(['author_id', 'created_at']).execute(),
    db.schema.createIndex(`${t.template_saves}_user`).ifNotExists().on(t.template_saves).columns(['user_id', 'saved_at']).execute(),
    // The home feeds (queries.ts recommendedResources) read their first rows in order instead of sorting every recommended post.
    sql`create index if not exists ${sql.id(`${t.templates}_top_rated`)} on ${templates} (likes desc, created_at desc, id) where status in (${recommended})`.execute(
      db,
    ),
    sql`create index if not exists ${sql.id(`${t.templates}_newest`)} on ${templates} (created_at desc, id) where status in (${recommended})`.execute(
      db,
    ),
  ]);
}
