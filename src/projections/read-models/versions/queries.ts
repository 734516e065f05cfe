import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';

/** A post's versions, newest first. */
export async function versionsOf(db: Kysely<Schema>, templateId: string) {
  return db.selectFrom('template_versions').selectAll().where('template_id', '=', templateId).orderBy('version', 'desc').execute();
}

export async function versionOf(db: Kysely<Schema>, templateId: string, version: number) {
  return db
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The latest published version's number; 0 for a post never approved. */
export async function latestVersionOf(db: Kysely<Schema>, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('template_versions')
    .select(sql<number | null>`max(version)`.as('latest'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return row?.latest ?? 0;
}

/** A buyer's standing entitlement (none once refunded): the version bought and the one chosen. */
export async function holdingOf(db: Kysely<Schema>, templateId: string, buyerId: string) {
  return db
    .selectFrom('version_holders')
    .select(['entitled_from', 'held'])
    .where('template_id', '=', templateId)
    .where('buyer_id', '=', buyerId)
    .where('refunded', '=', false)
    .executeTakeFirst();
}

/** Each of a buyer's standing holdings with its post's latest version, by post. */
export async function holdingsOfBuyer(db: Kysely<Schema>, buyerId: string) {
  const rows = await db
    .selectFrom('version_holders as h')
    .select([
      'h.template_id',
      'h.entitled_from',
      'h.held',
      (eb) =>
        eb
          .selectFrom('template_versions as v')
          .select(sql<number>`coalesce(max(v.version), 0)`.as('latest'))
          .whereRef('v.template_id', '=', 'h.template_id')
          .as('latest'),
    ])
    .where('h.buyer_id', '=', buyerId)
    .where('h.refunded', '=', false)
    .execute();
  return new Map(
    rows.map((row) => [row.template_id, { entitledFrom: row.entitled_from, held: row.held, latest: Number(row.latest ?? 0) }]),
  );
}

/** Who is told about a new version: its standing buyers and the savers who asked, each once. */
export async function updateNoticeRecipients(db: Kysely<Schema>, templateId: string): Promise<string[]> {
  const buyers = await db
    .selectFrom('version_holders')
    .select('buyer_id as user_id')
    .where('template_id', '=', templateId)
    .where('refunded', '=', false)
    .execute();
  const savers = await db
    .selectFrom('update_notice_subscribers as s')
    .innerJoin('template_saves as v', (join) => join.onRef('v.template_id', '=', 's.template_id').onRef('v.user_id', '=', 's.user_id'))
    .select('s.user_id')
    .where('s.template_id', '=', templateId)
    .where('s.on', '=', true)
    .execute();
  return [...new Set([...buyers, ...savers].map((row) => row.user_id))].sort();
}

/** Whether the member asked to be told about the post's updates. */
export async function wantsUpdateNotices(db: Kysely<Schema>, templateId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('update_notice_subscribers')
    .select('on')
    .where('template_id', '=', templateId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.on ?? false;
}

/** Whether the member holds the post saved now. */
export async function hasSaved(db: Kysely<Schema>, templateId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('template_saves')
    .select('user_id')
    .where('template_id', '=', templateId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
