import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { pageWindow } from '../../../domain/shared/pagination.js';
import {
  AWAITING_DECISION,
  DELETED_STATUS,
  PUBLIC_STATUSES,
  RECOMMENDED_STATUSES,
  STATUS,
  type QueueFilter,
} from '../../../domain/templates/lifecycle.js';
import { LIST_ORDER_KEYS, type ListOrder } from '../../../domain/discovery/list-order.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { toResourceViews, type ResourceRow } from './views.js';

/*
 * Every read of the catalogue tables: routes, command services and reactors call these; none
 * writes SQL against the tables itself (tests/boundaries keeps it so).
 */

/** Templates with their author's username, name and picture: the one join every list and page starts from. */
export function resourceRows(db: Kysely<Schema>) {
  return db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .selectAll('templates')
    .select(['users.username', 'users.display_name_enc', 'users.picture_url']);
}

export function resourceById(db: Kysely<Schema>, id: string): Promise<ResourceRow | undefined> {
  return resourceRows(db).where('templates.id', '=', id).executeTakeFirst();
}

export function resourceByTitleUrl(db: Kysely<Schema>, titleUrl: string): Promise<ResourceRow | undefined> {
  return resourceRows(db).where('templates.title_url', '=', titleUrl).executeTakeFirst();
}

/** The resources with these ids, in the order given (search results keep their ranking); missing ids are left out. */
export async function resourcesByIds(db: Kysely<Schema>, ids: readonly string[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return [];
  const rows = await resourceRows(db).where('templates.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** resourcesByIds as cards (search and discovery answers). */
export async function resourceViewsByIds(db: Kysely<Schema>, vault: PersonalDataVault, ids: readonly string[]): Promise<ResourceView[]> {
  return toResourceViews(await resourcesByIds(db, ids), vault);
}

/** What the feeds and related lists may recommend: public, not under a flag review (also one held while an edit waits). */
function recommendedRows(db: Kysely<Schema>) {
  return resourceRows(db).where('templates.status', 'in', RECOMMENDED_STATUSES).where('templates.flagged_for_review', '=', false);
}

export type FeedOrder = ListOrder;

/** The home feeds: recommended posts (live, or live with an edit waiting), most liked or newest first. */
export function recommendedResources(
  db: Kysely<Schema>,
  { order, sponsoredOnly, limit }: { order: FeedOrder; sponsoredOnly: boolean; limit: number },
): Promise<ResourceRow[]> {
  return recommendedFeed(db, order, sponsoredOnly).limit(limit).execute();
}

/** A home feed's ids and kudos in its order, `limit` deep (the Visibility panel ranks a post in it). */
export function recommendedFeedIds(
  db: Kysely<Schema>,
  { order, sponsoredOnly, limit }: { order: FeedOrder; sponsoredOnly: boolean; limit: number },
): Promise<{ id: string; likes: number }[]> {
  return recommendedFeed(db, order, sponsoredOnly).clearSelect().select(['templates.id', 'templates.likes']).limit(limit).execute();
}

function recommendedFeed(db: Kysely<Schema>, order: FeedOrder, sponsoredOnly: boolean) {
  let query = recommendedRows(db);
  if (sponsoredOnly) query = query.where('templates.sponsored', '=', true);
  for (const key of LIST_ORDER_KEYS[order]) query = query.orderBy(`templates.${key}`, 'desc');
  return query.orderBy('templates.id');
}

/** More By The Author (`author`) or Related Posts (`related`: same topic or app, other authors) of `row`. */
export function relatedResources(db: Kysely<Schema>, row: ResourceRow, kind: 'author' | 'related', limit: number): Promise<ResourceRow[]> {
  const query = recommendedRows(db).where('templates.id', '<>', row.id);
  const ordered =
    kind === 'author'
      ? query.where('templates.author_id', '=', row.author_id).orderBy('templates.created_at', 'desc')
      : query
          .where((eb) => eb.or([eb('templates.topic', '=', row.topic), eb('templates.platform', '=', row.platform)]))
          .where('templates.author_id', '<>', row.author_id)
          .orderBy('templates.likes', 'desc')
          .orderBy('templates.created_at', 'desc');
  return ordered.orderBy('templates.id').limit(limit).execute();
}

/** One page of an author's posts, newest first: every status but deleted (`publicOnly`: what visitors may see). */
export async function authorResourcesPage(
  db: Kysely<Schema>,
  authorId: string,
  { page, pageSize, publicOnly }: { page: number; pageSize: number; publicOnly: boolean },
): Promise<{ rows: ResourceRow[]; total: number }> {
  const query = authorResources(db, authorId, publicOnly);
  const total = Number(
    (
      await query
        .clearSelect()
        .clearOrderBy()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await query.limit(limit).offset(offset).execute();
  return { rows, total };
}

/** An author's posts as their pages list them, newest first. */
function authorResources(db: Kysely<Schema>, authorId: string, publicOnly: boolean) {
  const query = resourceRows(db).where('templates.author_id', '=', authorId).where('templates.status', '<>', DELETED_STATUS);
  let ordered = publicOnly ? query.where('templates.status', 'in', PUBLIC_STATUSES) : query;
  for (const key of LIST_ORDER_KEYS.newest) ordered = ordered.orderBy(`templates.${key}`, 'desc');
  return ordered.orderBy('templates.id');
}

/** The ids of an author's posts as their profile lists them (`publicOnly`), newest first, `limit` deep. */
export async function authorResourceIds(db: Kysely<Schema>, authorId: string, publicOnly: boolean, limit: number): Promise<string[]> {
  const rows = await authorResources(db, authorId, publicOnly).clearSelect().select('templates.id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** The ids of an author's posts (not deleted), newest first. */
export async function authorTemplateIds(db: Kysely<Schema>, authorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('templates')
    .select('id')
    .where('author_id', '=', authorId)
    .where('status', '<>', DELETED_STATUS)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** The review queue and resource search: by status filter and title; awaiting a decision: oldest change first. */
export async function reviewQueuePage(
  db: Kysely<Schema>,
  { status, q, page, pageSize }: { status: QueueFilter; q: string | undefined; page: number; pageSize: number },
): Promise<{ rows: (ResourceRow & { clicks: number })[]; total: number }> {
  let query = resourceRows(db);
  if (status === 'pending') query = query.where('templates.status', 'in', AWAITING_DECISION);
  else if (status === 'all') query = query.where('templates.status', '<>', DELETED_STATUS);
  else query = query.where('templates.status', '=', status);
  if (q) query = query.where('templates.title', 'ilike', `%${q.replace(/[%_\\]/gu, '\\$&')}%`);
  const total = Number(
    (
      await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await query
    .leftJoin('template_activity', 'template_activity.template_id', 'templates.id')
    .select(sql<number>`coalesce(template_activity.clicks, 0)`.as('clicks'))
    .orderBy('templates.updated_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('templates.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** Title, address and status of a template, deleted ones included (the admin history). */
export function templateSummary(db: Kysely<Schema>, id: string) {
  return db.selectFrom('templates').select(['title', 'title_url', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Who wrote a template and where it stands (engagement checks who may like, save, flag or comment). */
export function templateStanding(db: Kysely<Schema>, id: string) {
  return db.selectFrom('templates').select(['id', 'author_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** The fields a public post's page metadata and structured data need, if the post at `titleUrl` is public. */
export function publicTemplateMetaFields(db: Kysely<Schema>, titleUrl: string) {
  return db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .select([
      'templates.title',
      'templates.description_short',
      'templates.image_urls',
      'templates.title_url',
      'templates.price_cents',
      'templates.likes',
      'templates.platform',
      'templates.topic',
      'templates.created_at',
      'templates.updated_at',
      'users.username',
    ])
    .where('templates.title_url', '=', titleUrl)
    .where('templates.status', 'in', PUBLIC_STATUSES)
    .executeTakeFirst();
}

/** How many templates are sponsored, not counting `templateId`. */
export async function sponsoredCountExcept(db: Kysely<Schema>, templateId: string): Promise<number> {
  const { n } = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sponsored', '=', true)
    .where('id', '<>', templateId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Every picture URL a post refers to, whatever its status (the upload sweep keeps these files). */
export async function templateImageUrlsInUse(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db.selectFrom('templates').select('image_urls').execute();
  return rows.flatMap((row) => row.image_urls);
}

/** How many members hold a red flag on a template. */
export async function redFlagCount(db: Kysely<Schema>, templateId: string): Promise<number> {
  const { flags } = await db
    .selectFrom('template_flags')
    .select(sql<number>`count(*)::int`.as('flags'))
    .where('template_id', '=', templateId)
    .executeTakeFirstOrThrow();
  return flags;
}

/** Ids of the public templates a member likes (a hidden or deleted post's like is nobody's to see, as with saves). */
export async function likedTemplateIds(db: Kysely<Schema>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('template_likes')
    .innerJoin('templates', 'templates.id', 'template_likes.template_id')
    .select('template_likes.template_id')
    .where('template_likes.user_id', '=', userId)
    .where('templates.status', 'in', PUBLIC_STATUSES)
    .execute();
  return rows.map((row) => row.template_id);
}

/** Ids of an author's templates in every status but deleted, newest first (as /shared-posts lists them). */
export async function authoredTemplateIds(db: Kysely<Schema>, authorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('templates')
    .select('id')
    .where('author_id', '=', authorId)
    .where('status', '<>', DELETED_STATUS)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** An author's public templates and the likes they hold between them (a profile's kudos). */
export function authorPublicTotals(db: Kysely<Schema>, authorId: string): Promise<{ live_posts: number; kudos: number }> {
  return db
    .selectFrom('templates')
    .select([sql<number>`count(*)::int`.as('live_posts'), sql<number>`coalesce(sum(likes), 0)::int`.as('kudos')])
    .where('author_id', '=', authorId)
    .where('status', 'in', PUBLIC_STATUSES)
    .executeTakeFirstOrThrow();
}

/** Every public post's address and last change, for the sitemap (newest change first). */
export function publicTemplateAddresses(db: Kysely<Schema>): Promise<Array<{ title_url: string; updated_at: Date }>> {
  return db
    .selectFrom('templates')
    .select(['title_url', 'updated_at'])
    .where('status', 'in', PUBLIC_STATUSES)
    .orderBy('updated_at', 'desc')
    .orderBy('title_url')
    .execute();
}

/** Usernames of active members with at least one public post, and that post's last change: the profiles worth a sitemap entry. */
export function publicAuthorProfiles(db: Kysely<Schema>): Promise<Array<{ username: string; updated_at: Date }>> {
  return db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .select(['users.username'])
    .select((eb) => eb.fn.max('templates.updated_at').as('updated_at'))
    .where('templates.status', 'in', PUBLIC_STATUSES)
    .where('users.erased', '=', false)
    .groupBy('users.username')
    .orderBy('users.username')
    .execute();
}

/** Live posts (flagged ones too) with no keywords and no edit waiting: the admin's 'update AI keywords' action fills these. */
export function liveTemplatesWithoutKeywords(db: Kysely<Schema>) {
  return db
    .selectFrom('templates')
    .select(['id', 'title', 'description_short'])
    .where('status', 'in', [STATUS.live, STATUS.liveFlagged])
    .where(sql<number>`jsonb_array_length(keywords)`, '=', 0)
    .where('pending_changes', 'is', null)
    .orderBy('id')
    .execute();
}
