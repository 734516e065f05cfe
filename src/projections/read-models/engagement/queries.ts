import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';
import { ERASED_USER_NAME } from '../../../domain/accounts/rules.js';
import { PUBLIC_STATUSES } from '../../../domain/templates/lifecycle.js';
import type { CommentPage, CommentView, EngagedResourceView, ResourcePage } from '../../../domain/engagement/views.js';
import { toResourceView } from '../templates/views.js';

/** Templates with their author, counters, and what `viewerId` did to each (nothing for anonymous viewers). */
export function engagedRows(db: Kysely<Schema>, viewerId: string | null) {
  const didTo = (table: 'template_likes' | 'template_saves' | 'template_flags') =>
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${sql.table(table)} where template_id = templates.id and user_id = ${viewerId})`;
  return db
    .selectFrom('templates')
    .innerJoin('users', 'users.id', 'templates.author_id')
    .leftJoin('template_activity', 'template_activity.template_id', 'templates.id')
    .selectAll('templates')
    .select(['users.username', 'users.display_name_enc', 'users.picture_url'])
    .select([
      sql<number>`coalesce(template_activity.views, 0)`.as('views'),
      sql<number>`coalesce(template_activity.clicks, 0)`.as('clicks'),
      sql<number>`coalesce(template_activity.comments, 0)`.as('comment_count'),
      didTo('template_likes').as('has_liked'),
      didTo('template_saves').as('has_saved'),
      didTo('template_flags').as('has_flagged'),
    ]);
}

type EngagedRow = Awaited<ReturnType<ReturnType<typeof engagedRows>['executeTakeFirstOrThrow']>>;

export async function toEngagedView(row: EngagedRow, vault: PersonalDataVault): Promise<EngagedResourceView> {
  return {
    ...(await toResourceView(row, vault)),
    prevActions: { has_liked: row.has_liked, has_saved: row.has_saved, has_flagged: row.has_flagged },
    analytics: { pageViews: { total: row.views }, clicks: row.clicks },
    comments: row.comment_count,
  };
}

export async function engagedResource(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  templateId: string,
  viewerId: string | null,
): Promise<EngagedResourceView | null> {
  const row = await engagedRows(db, viewerId).where('templates.id', '=', templateId).executeTakeFirst();
  return row ? toEngagedView(row, vault) : null;
}

/** The viewer's saved templates, newest save first. */
export async function savedPage(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  userId: string,
  page: number,
  pageSize: number,
): Promise<ResourcePage> {
  const saved = (query: ReturnType<typeof engagedRows>) =>
    query
      .innerJoin('template_saves', 'template_saves.template_id', 'templates.id')
      .where('template_saves.user_id', '=', userId)
      .where('templates.status', 'in', PUBLIC_STATUSES);
  const { total } = await db
    .selectFrom('template_saves')
    .innerJoin('templates', 'templates.id', 'template_saves.template_id')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('template_saves.user_id', '=', userId)
    .where('templates.status', 'in', PUBLIC_STATUSES)
    .executeTakeFirstOrThrow();
  const rows = await saved(engagedRows(db, userId))
    .orderBy('template_saves.saved_at', 'desc')
    .orderBy('templates.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return pageOf(await Promise.all(rows.map((row) => toEngagedView(row, vault))), total, page, pageSize);
}

function pageOf(resources: EngagedResourceView[], total: number, page: number, pageSize: number): ResourcePage {
  const from = resources.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = resources.length === 0 ? 0 : from + resources.length - 1;
  return { resources, total, page, pageSize, from, to, showing: `Showing ${from} - ${to} of ${total}` };
}

/** Ids of the templates a user has saved (GET /users/private/me actions.saves), as the saved list counts them. */
export async function savedTemplateIds(db: Kysely<Schema>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('template_saves')
    .innerJoin('templates', 'templates.id', 'template_saves.template_id')
    .select('template_saves.template_id')
    .where('template_saves.user_id', '=', userId)
    .where('templates.status', 'in', PUBLIC_STATUSES)
    .orderBy('template_saves.saved_at', 'desc')
    .execute();
  return rows.map((row) => row.template_id);
}

/** A template's comments, newest first; an erased author shows as such, with no picture. */
/**
 * A page of a post's comments, newest first: `limit` of those before the log position `before`
 * (null: from the newest), along the (template_id, position) index; one more is read to know
 * whether older ones remain.
 */
export async function commentsPage(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  templateId: string,
  page: { before: bigint | null; limit: number },
): Promise<CommentPage> {
  let query = commentRows(db).where('comments.template_id', '=', templateId);
  if (page.before !== null) query = query.where('comments.position', '<', page.before);
  const [rows, counted] = await Promise.all([
    query
      .orderBy('comments.position', 'desc')
      .limit(page.limit + 1)
      .execute(),
    db
      .selectFrom('comments')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow(),
  ]);
  const shown = rows.slice(0, page.limit);
  return {
    comments: await Promise.all(shown.map((row) => commentView(vault, row))),
    total: counted.total,
    nextCursor: rows.length > page.limit ? String(shown.at(-1)!.position) : null,
  };
}

/** Comments by others on `authorId`'s posts, posted at `since` or later and before the log position `before`. */
export async function commentsOnPostsOf(db: Kysely<Schema>, authorId: string, since: Date, before: bigint): Promise<number> {
  const { total } = await db
    .selectFrom('comments')
    .innerJoin('templates', 'templates.id', 'comments.template_id')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('templates.author_id', '=', authorId)
    .where('comments.author_id', '!=', authorId)
    .where('comments.created_at', '>=', since)
    .where('comments.position', '<', before)
    .executeTakeFirstOrThrow();
  return total;
}

/** One comment as the page shows it, or undefined when it is not (yet) in the view. */
export async function commentById(db: Kysely<Schema>, vault: PersonalDataVault, commentId: string): Promise<CommentView | undefined> {
  const row = await commentRows(db).where('comments.id', '=', commentId).executeTakeFirst();
  return row && commentView(vault, row);
}

function commentRows(db: Kysely<Schema>) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select([
      'comments.id',
      'comments.message',
      'comments.created_at',
      'comments.position',
      'comments.author_id',
      'users.username',
      'users.erased',
      'users.display_name_enc',
      'users.picture_url',
    ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

async function commentView(vault: PersonalDataVault, row: CommentRow): Promise<CommentView> {
  return {
    _id: row.id,
    message: row.message,
    author: {
      _id: row.author_id,
      username: row.username,
      erased: row.erased,
      info: row.erased
        ? { displayName: ERASED_USER_NAME, thumbnail: null }
        : {
            displayName: row.display_name_enc ? await vault.decrypt(row.author_id, row.display_name_enc) : null,
            thumbnail: row.picture_url,
          },
    },
    _dateCreated: row.created_at.toISOString(),
  };
}

/** One page of reports, newest first, with the reporter's name and the reported post when it still exists; and their number. */
export async function reportsPage(db: Kysely<Schema>, page: number, pageSize: number) {
  const { total } = await db
    .selectFrom('reports')
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .leftJoin('templates', 'templates.id', 'reports.template_id')
    .select([
      'reports.id',
      'reports.template_id',
      'reports.reporter_id',
      'reports.reason',
      'reports.name_enc',
      'reports.email_enc',
      'reports.message_enc',
      'reports.created_at',
    ])
    .select(['users.username', 'users.erased', 'templates.title', 'templates.title_url', 'templates.status'])
    .orderBy('reports.position', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total };
}
