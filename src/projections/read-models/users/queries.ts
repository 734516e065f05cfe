import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';

/** Usernames by user id (the history's actors); unknown ids are left out. */
export async function usernamesByIds(db: Kysely<Schema>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Profile pictures in use (the upload sweep keeps these files). */
export async function pictureUrlsInUse(db: Kysely<Schema>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('picture_url').where('picture_url', 'is not', null).execute();
  return rows.map((row) => row.picture_url!);
}
