import type { DomainEvent } from '../shared/events.js';

export type UserLevel = 'base' | 'admin' | 'owner';
/** Only 'verified' counts as verified; 'blocked' accounts cannot use a session. */
export type VerificationStatus = 'pending' | 'verified' | 'blocked';
export type SessionMethod = 'signup' | 'password' | 'google' | 'password_reset' | 'test_user' | 'admin_relogin';
export type SessionEndReason = 'logout' | 'password_changed' | 'test_user_stopped' | 'account_deleted' | 'blocked';

/**
 * A username as account events hold it: vault ciphertext under the member's key (`sealed`) and the
 * keyed hash of its lower-case spelling (`lookup`, the blind index its uniqueness claim is on), so
 * nothing of it can be read once the key is destroyed. Events stored before (schema version 1)
 * held it in clear: the upcasters lift those to `{ clear }`, and no command writes that shape.
 */
export type StoredUsername = SealedUsername | { clear: string };
/** The shape commands write. */
export type SealedUsername = { sealed: string; lookup: string };

/**
 * Personal data (username, e-mail, names, profile texts) is vault ciphertext (`…Enc`, `sealed`), see
 * docs/security.md. `emailLookup` is a keyed hash of the normalised address: it finds an account by
 * e-mail without storing the address in clear. Secrets (passwords, tokens, codes) appear only as hashes.
 */
export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    username: StoredUsername;
    emailEnc: string;
    emailLookup: string;
    displayNameEnc: string | null;
    lvl: UserLevel;
    /** Argon2id PHC string; null for accounts created through Google. */
    passwordHash: string | null;
    /** Keyed hash of the Google issuer and subject; null for password accounts. */
    googleKey: string | null;
    verification: VerificationStatus;
  }
>;
export type GoogleIdentityLinked = DomainEvent<'GoogleIdentityLinked', { userId: string; googleKey: string }>;
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { userId: string; sessionId: string; tokenHash: string; expiresAt: string; method: SessionMethod; isTestUser: boolean }
>;
export type SessionEnded = DomainEvent<'SessionEnded', { userId: string; sessionId: string; reason: SessionEndReason }>;
export type VerificationCodeIssued = DomainEvent<
  'VerificationCodeIssued',
  { userId: string; codeId: string; codeHash: string; expiresAt: string; attempts: number }
>;
export type VerificationCodeRejected = DomainEvent<
  'VerificationCodeRejected',
  { userId: string; codeId: string; attemptsRemaining: number }
>;
export type VerificationLinkIssued = DomainEvent<
  'VerificationLinkIssued',
  { userId: string; linkId: string; tokenHash: string; expiresAt: string }
>;
export type EmailVerified = DomainEvent<'EmailVerified', { userId: string; method: 'code' | 'link' }>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; resetId: string; tokenHash: string; expiresAt: string }
>;
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { userId: string; passwordHash: string; reason: 'changed' | 'reset' | 'set_by_operator'; resetId: string | null }
>;
/** The whole profile after the change, encrypted as one JSON document (info and social links). */
export type ProfileUpdated = DomainEvent<'ProfileUpdated', { userId: string; profileEnc: string; displayNameEnc: string | null }>;
/** The new name only: the old one is in the event that gave it (version 1 named both in clear). */
export type UsernameChanged = DomainEvent<'UsernameChanged', { userId: string; to: StoredUsername }>;
export type NotificationSettingsChanged = DomainEvent<'NotificationSettingsChanged', { userId: string; settings: Record<string, boolean> }>;
export type FavouriteAppsChosen = DomainEvent<'FavouriteAppsChosen', { userId: string; apps: string[] }>;
export type CreatorChoiceMade = DomainEvent<'CreatorChoiceMade', { userId: string; isCreator: boolean }>;
export type AccountSetupPageViewed = DomainEvent<'AccountSetupPageViewed', { userId: string }>;
export type ProfilePictureChanged = DomainEvent<'ProfilePictureChanged', { userId: string; pictureUrl: string | null }>;
export type UserLevelChanged = DomainEvent<'UserLevelChanged', { userId: string; from: UserLevel; to: UserLevel }>;
export type VerificationStatusChanged = DomainEvent<
  'VerificationStatusChanged',
  { userId: string; from: VerificationStatus; to: VerificationStatus; reason: string }
>;
export type TestUserModeStarted = DomainEvent<'TestUserModeStarted', { userId: string; sessionId: string }>;
export type TestUserModeStopped = DomainEvent<'TestUserModeStopped', { userId: string; sessionId: string }>;
/** The vault key is destroyed with this event: every projection then shows the user as erased. */
export type AccountDeleted = DomainEvent<'AccountDeleted', { userId: string }>;

export type AccountEvent =
  | UserRegistered
  | GoogleIdentityLinked
  | SessionStarted
  | SessionEnded
  | VerificationCodeIssued
  | VerificationCodeRejected
  | VerificationLinkIssued
  | EmailVerified
  | PasswordResetRequested
  | PasswordChanged
  | ProfileUpdated
  | UsernameChanged
  | NotificationSettingsChanged
  | FavouriteAppsChosen
  | CreatorChoiceMade
  | AccountSetupPageViewed
  | ProfilePictureChanged
  | UserLevelChanged
  | VerificationStatusChanged
  | TestUserModeStarted
  | TestUserModeStopped
  | AccountDeleted;

export const ACCOUNT_EVENT_TYPES: readonly AccountEvent['type'][] = [
  'UserRegistered',
  'GoogleIdentityLinked',
  'SessionStarted',
  'SessionEnded',
  'VerificationCodeIssued',
  'VerificationCodeRejected',
  'VerificationLinkIssued',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordChanged',
  'ProfileUpdated',
  'UsernameChanged',
  'NotificationSettingsChanged',
  'FavouriteAppsChosen',
  'CreatorChoiceMade',
  'AccountSetupPageViewed',
  'ProfilePictureChanged',
  'UserLevelChanged',
  'VerificationStatusChanged',
  'TestUserModeStarted',
  'TestUserModeStopped',
  'AccountDeleted',
];

export const userStream = (userId: string) => `user-${userId}`;

/** Version 1 of UserRegistered held the username in clear: it stays so, marked as such. */
export const withClearUsername = (data: unknown): unknown => {
  const registered = data as { username: string };
  return { ...registered, username: { clear: registered.username } };
};

/** Version 1 of UsernameChanged named both names in clear: the new one stays so, marked as such; the old one is dropped. */
export const withClearNewUsername = (data: unknown): unknown => {
  const { userId, to } = data as { userId: string; from: string; to: string };
  return { userId, to: { clear: to } };
};

/** Whether two stored usernames are one name: by their blind index, or in clear for old events. */
export function sameStoredUsername(a: StoredUsername | null, b: StoredUsername): boolean {
  if (a === null) return false;
  if ('lookup' in a && 'lookup' in b) return a.lookup === b.lookup;
  return 'clear' in a && 'clear' in b && a.clear === b.clear;
}
