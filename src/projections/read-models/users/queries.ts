import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';

/** Usernames by user id (the history's actors); unknown ids are left out. */
export async function usernamesByIds(db: Kysely<Schema>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Username and sealed e-mail address by user id, both null for an erased account; unknown ids are left out. */
export async function contactsByIds(
  db: Kysely<Schema>,
  ids: readonly string[],
): Promise<Map<string, { username: string | null; email_enc: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username', 'email_enc', 'erased']).where('id', 'in', ids).execute();
  return new Map(
    rows.map((row) => [row.id, row.erased ? { username: null, email_enc: null } : { username: row.username, email_enc: row.email_enc }]),
  );
}

/** Profile pictures in use (the upload sweep keeps these files). */
export async function pictureUrlsInUse(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('picture_url').where('picture_url', 'is not', null).execute();
  return rows.map((row) => row.picture_url!);
}

/** An account by id (erased ones included), or undefined. */
export function userById(db: Kysely<Schema>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Owners who can still act: not blocked, not deleted. */
export async function activeOwnerCount(db: Kysely<Schema>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('lvl', '=', 'owner')
    .where('verification', '!=', 'blocked')
    .where('erased', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

/** An account by id that must exist (Kysely's NoResultError otherwise). */
export function existingUserById(db: Kysely<Schema>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An account by exact username, erased ones included (their names stay taken until freed). */
export function userByUsername(db: Kysely<Schema>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** An account that is not erased, by exact username. */
export function activeUserByUsername(db: Kysely<Schema>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).where('erased', '=', false).executeTakeFirst();
}

/** An account by the keyed hash of its e-mail address; `activeOnly` leaves erased ones out. */
export function userByEmailLookup(db: Kysely<Schema>, lookup: string, { activeOnly }: { activeOnly: boolean }) {
  const query = db.selectFrom('users').selectAll().where('email_lookup', '=', lookup);
  return (activeOnly ? query.where('erased', '=', false) : query).executeTakeFirst();
}

/** The account that is not erased linked to a Google identity (by its keyed hash). */
export function activeUserByGoogleKey(db: Kysely<Schema>, googleKey: string) {
  return db.selectFrom('users').selectAll().where('google_key', '=', googleKey).where('erased', '=', false).executeTakeFirst();
}

/** Accounts, newest first, optionally those whose username starts with `usernamePrefix`; with their number. */
export async function usersPage(db: Kysely<Schema>, usernamePrefix: string | undefined, page: number, pageSize: number) {
  let query = db.selectFrom('users');
  if (usernamePrefix) query = query.where('username', 'like', `${usernamePrefix.toLowerCase().replace(/[%_\\]/gu, '\\$&')}%`);
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['id', 'username', 'lvl', 'verification', 'created_at', 'erased'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total };
}

/** The session behind a token hash when it has not ended and its account is not erased (the caller checks expiry). */
export function openSessionByTokenHash(db: Kysely<Schema>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.session_id',
      'sessions.is_test_user',
      'sessions.impersonated_by',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.lvl',
      'users.verification',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.ended_at', 'is', null)
    .where('users.erased', '=', false)
    .executeTakeFirst();
}
