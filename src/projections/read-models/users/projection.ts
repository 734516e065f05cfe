import { sql, type Kysely, type Updateable } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { UsersView } from './tables.js';
import { createPostgresVault } from '../../../adapters/vault/vault.js';
import {
  ACCOUNT_EVENT_TYPES,
  type AccountEvent,
  type SessionStarted,
  type StoredUsername,
  type UserRegistered,
} from '../../../domain/accounts/events.js';
import { erasedUsername, NOTIFICATION_SETTINGS } from '../../../domain/accounts/rules.js';
import type { RecordedEvent, RecordedOneOf } from '../../../domain/shared/events.js';
import { defineProjection } from '../../projection.js';
import type { GenerationTables } from '../tables.js';
import { writeRows, type RowValues } from '../../set-based.js';
import { createUsersIndexes, createUsersTables } from './tables.js';

/** Notification toggles start on: a new member hears about their posts and updates until they say otherwise. */
const DEFAULT_NOTIFICATIONS = Object.fromEntries(NOTIFICATION_SETTINGS.map((setting) => [setting, true]));

/** A batch's usernames in clear, by user id and stored name. */
type OpenUsername = (userId: string, stored: StoredUsername) => string;

/**
 * Opens the batch's sealed usernames with their members' vault keys (read in one query, in the
 * batch's transaction). A destroyed key (an erased member) opens to the erased placeholder, so a
 * rebuild after an erasure leaves what the live AccountDeleted left.
 */
async function openUsernames(trx: Kysely<Schema>, events: readonly RecordedOneOf<AccountEvent>[]): Promise<OpenUsername> {
  const sealed: { userId: string; ciphertext: string }[] = [];
  for (const event of events) {
    const stored = event.type === 'UserRegistered' ? event.data.username : event.type === 'UsernameChanged' ? event.data.to : null;
    if (stored && 'sealed' in stored) sealed.push({ userId: event.data.userId, ciphertext: stored.sealed });
  }
  const opened = await createPostgresVault(trx).decryptEach(sealed);
  const clear = new Map(sealed.map((item, index) => [item.ciphertext, opened[index]]));
  return (userId, stored) => ('clear' in stored ? stored.clear : (clear.get(stored.sealed) ?? erasedUsername(userId)));
}

/** Accounts and the server-side session store. */
export const usersProjection = defineProjection({
  name: 'users',
  // 4: usernames are opened from the vault (sealed in events since UserRegistered v2).
  version: 4,
  handles: ACCOUNT_EVENT_TYPES,
  tables: ['users', 'sessions'],
  createTables: createUsersTables,
  createIndexes: createUsersIndexes,
  // Registrations and sign-ins (most of the log) go in one statement per run of them; other events one by one, in order.
  async apply(trx, events, t) {
    const users: RowValues[] = [];
    const sessions: RowValues[] = [];
    const usernameOf = await openUsernames(trx, events);
    const flush = async () => {
      await writeRows(trx, t.users, users.splice(0), { conflict: ['id'] });
      await writeRows(trx, t.sessions, sessions.splice(0), { conflict: ['token_hash'] });
    };
    for (const event of events) {
      if (event.type === 'UserRegistered') users.push(registeredUser(event, usernameOf));
      else if (event.type === 'SessionStarted') sessions.push(startedSession(event));
      else {
        await flush();
        await applyAccountEvent(trx, t, event, usernameOf);
      }
    }
    await flush();
  },
});

function registeredUser({ data, metadata, position }: RecordedEvent<UserRegistered>, usernameOf: OpenUsername): RowValues {
  return {
    id: data.userId,
    username: usernameOf(data.userId, data.username),
    display_name_enc: data.displayNameEnc,
    lvl: data.lvl,
    created_at: new Date(metadata.occurredAt),
    last_position: position,
    email_enc: data.emailEnc,
    email_lookup: data.emailLookup,
    password_hash: data.passwordHash,
    google_key: data.googleKey,
    verification: data.verification,
    profile_enc: null,
    picture_url: null,
    notifications: DEFAULT_NOTIFICATIONS,
    favorite_apps: [],
    is_creator: null,
    viewed_setup: false,
    erased: false,
  };
}

function startedSession({ data, metadata }: RecordedEvent<SessionStarted>): RowValues {
  return {
    token_hash: data.tokenHash,
    session_id: data.sessionId,
    user_id: data.userId,
    method: data.method,
    is_test_user: data.isTestUser,
    impersonated_by: data.isTestUser ? (metadata.actor.userId ?? data.userId) : null,
    expires_at: new Date(data.expiresAt),
    ended_at: null,
  };
}

async function applyAccountEvent(
  trx: Kysely<Schema>,
  t: GenerationTables,
  event: RecordedOneOf<AccountEvent>,
  usernameOf: OpenUsername,
): Promise<void> {
  const position = event.position;
  const occurredAt = new Date(event.metadata.occurredAt);
  /** Updates the user's row once: a replayed event finds last_position already at or past it. */
  const updateUser = (userId: string, values: Updateable<UsersView>) =>
    trx
      .updateTable(t.users)
      .set({ ...values, last_position: position })
      .where('id', '=', userId)
      .where('last_position', '<', position)
      .execute();

  switch (event.type) {
    case 'GoogleIdentityLinked':
      return void (await updateUser(event.data.userId, { google_key: event.data.googleKey }));
    case 'SessionEnded':
      await trx
        .updateTable(t.sessions)
        .set({ ended_at: occurredAt })
        .where('session_id', '=', event.data.sessionId)
        .where('ended_at', 'is', null)
        .execute();
      return;
    case 'EmailVerified':
      return void (await updateUser(event.data.userId, { verification: 'verified' }));
    case 'VerificationStatusChanged':
      return void (await updateUser(event.data.userId, { verification: event.data.to }));
    case 'PasswordChanged':
      return void (await updateUser(event.data.userId, { password_hash: event.data.passwordHash }));
    case 'ProfileUpdated':
      return void (await updateUser(event.data.userId, {
        profile_enc: event.data.profileEnc,
        display_name_enc: event.data.displayNameEnc,
      }));
    case 'UsernameChanged':
      return void (await updateUser(event.data.userId, { username: usernameOf(event.data.userId, event.data.to) }));
    case 'NotificationSettingsChanged':
      // Merged in SQL so each toggle event changes only its own setting.
      await trx
        .updateTable(t.users)
        .set({ notifications: sql`notifications || ${JSON.stringify(event.data.settings)}::jsonb` as never, last_position: position })
        .where('id', '=', event.data.userId)
        .where('last_position', '<', position)
        .execute();
      return;
    case 'FavouriteAppsChosen':
      return void (await updateUser(event.data.userId, { favorite_apps: JSON.stringify(event.data.apps) }));
    case 'CreatorChoiceMade':
      return void (await updateUser(event.data.userId, { is_creator: event.data.isCreator }));
    case 'AccountSetupPageViewed':
      return void (await updateUser(event.data.userId, { viewed_setup: true }));
    case 'ProfilePictureChanged':
      return void (await updateUser(event.data.userId, { picture_url: event.data.pictureUrl }));
    case 'UserLevelChanged':
      return void (await updateUser(event.data.userId, { lvl: event.data.to }));
    case 'AccountDeleted':
      return void (await updateUser(event.data.userId, {
        erased: true,
        username: erasedUsername(event.data.userId),
        email_enc: null,
        email_lookup: null,
        password_hash: null,
        google_key: null,
        profile_enc: null,
        display_name_enc: null,
        picture_url: null,
      }));
    case 'UserRegistered':
    case 'SessionStarted':
      // Written set-based by apply.
      return;
    case 'VerificationCodeIssued':
    case 'VerificationCodeRejected':
    case 'VerificationLinkIssued':
    case 'PasswordResetRequested':
    case 'TestUserModeStarted':
    case 'TestUserModeStopped':
      // Kept on the account stream only: the decider checks codes and tokens there.
      return;
  }
}
