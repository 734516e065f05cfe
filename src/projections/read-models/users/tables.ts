import { type ColumnType } from 'kysely';
import type { DdlDatabase, GenerationTables } from '../tables.js';

/* Each table's row type next to the DDL that creates it; adapters/db/schema.ts composes the Schema from these types. */

/** Read models: views that point at the live generation's tables. */
export interface UsersView {
  id: string;
  username: string;
  display_name_enc: string | null;
  lvl: string;
  created_at: Date;
  last_position: bigint;
  email_enc: string | null;
  /** Vault blind index of the normalised e-mail address. */
  email_lookup: string | null;
  /** Argon2id PHC string; null for Google-only and erased accounts. */
  password_hash: string | null;
  google_key: string | null;
  verification: string;
  /** Vault ciphertext of the profile document (info and social links). */
  profile_enc: string | null;
  picture_url: string | null;
  notifications: ColumnType<Record<string, boolean>, string, string>;
  favorite_apps: ColumnType<string[], string, string>;
  is_creator: boolean | null;
  viewed_setup: boolean;
  erased: boolean;
}

/** Sessions by token hash: the server-side session store, written by the users projection. */
export interface SessionsView {
  token_hash: string;
  session_id: string;
  user_id: string;
  method: string;
  is_test_user: boolean;
  /** The admin who started a test-user session. */
  impersonated_by: string | null;
  expires_at: Date;
  ended_at: Date | null;
}

/** Accounts and the server-side session store: its tables by logical name (the runner maps them to the live generation). */
export interface UsersTables {
  users: UsersView;
  sessions: SessionsView;
}

export async function createUsersTables(trx: DdlDatabase, t: GenerationTables): Promise<void> {
  await trx.schema
    .createTable(t.users)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name_enc', 'text')
    .addColumn('lvl', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_position', 'bigint', (c) => c.notNull())
    .addColumn('email_enc', 'text')
    .addColumn('email_lookup', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_key', 'text', (c) => c.unique())
    .addColumn('verification', 'text', (c) => c.notNull())
    .addColumn('profile_enc', 'text')
    .addColumn('picture_url', 'text')
    .addColumn('notifications', 'jsonb', (c) => c.notNull())
    .addColumn('favorite_apps', 'jsonb', (c) => c.notNull())
    .addColumn('is_creator', 'boolean')
    .addColumn('viewed_setup', 'boolean', (c) => c.notNull())
    .addColumn('erased', 'boolean', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable(t.sessions)
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('is_test_user', 'boolean', (c) => c.notNull())
    .addColumn('impersonated_by', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
}

/** The readers' indexes: a rebuild creates them once its rows are in. */
export async function createUsersIndexes(db: DdlDatabase, t: GenerationTables): Promise<void> {
  await db.schema.createIndex(`${t.sessions}_user`).ifNotExists().on(t.sessions).column('user_id').execute();
}
