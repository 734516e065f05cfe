import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { MailOutbox, MailSender } from '../../adapters/mail/port.js';
import { decoyPasswordHash, hashPassword, passwordMatches } from '../../adapters/security/passwords.js';
import { newNumericCode, newSecretToken, tokenHash } from '../../adapters/security/tokens.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { accountDeciderFor, type AccountCommand } from '../../domain/accounts/decider.js';
import { userStream, type SessionEndReason, type SessionMethod, type UserLevel, type VerificationStatus } from '../../domain/accounts/events.js';
import { ACCOUNT_MESSAGES, normaliseEmail, RESET_TOKEN_LIFETIME_MS, SESSION_LIFETIME_MS, TEST_USER_SESSION_LIFETIME_MS, VERIFICATION_CODE, VERIFICATION_LINK_LIFETIME_MS } from '../../domain/accounts/rules.js';
import { type ProfileInfo, type SocialLinks } from '../../domain/accounts/schemas.js';
import { claimDeciderFor, claimStream, type ClaimKind } from '../../domain/accounts/uniqueness.js';
import { USER_MANAGEMENT_MESSAGES } from '../../domain/accounts/user-management.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { releaseIfAbandoned } from './abandoned-claims.js';
import { newsletterSubscription } from '../outreach/newsletter.js';
import { contactMessageIdsFrom } from '../../projections/read-models/contact-messages/queries.js';
import { supportVaultSubjectsOf } from '../../projections/read-models/support/queries.js';
import { activeUserByGoogleKey, activeUserByUsername, existingUserById, userByEmailLookup, userById, userByUsername } from '../../projections/read-models/users/queries.js';
import type { CommandBus, CommandContext } from '../bus/handle-command.js';
import { OwnerGuard } from './owner-guard.js';
import type { DatabaseKind } from '../../adapters/db/database.js';

export interface AccountServiceDeps {
  commands: CommandBus;
  /** Reads claim and account streams to tell an abandoned claim from a live one; its head is what owner changes wait for. */
  store: Pick<EventStore, 'readStream' | 'headPosition'>;
  vault: PersonalDataVault;
  db: Kysely<Schema>;
  dbKind: DatabaseKind;
  /** Resolves true once the users read model has applied the log up to `position` (false: not in time). */
  usersReached(position: bigint): Promise<boolean>;
  mail: MailSender;
  /** The development outbox when there is no SMTP server: an erased account's mail leaves it too. */
  outbox: MailOutbox | null;
  /** Where links in e-mails point, e.g. http://localhost:3000. */
  publicUrl: string;
  now?: () => Date;
}

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  position: bigint | null;
}

/** The profile document kept encrypted in ProfileUpdated events. */
export interface ProfileDocument {
  info: ProfileInfo;
  social: SocialLinks;
}

export const EMPTY_PROFILE: ProfileDocument = {
  info: { firstName: '', lastName: '', jobTitle: '', companyName: '', location: '', bio: '' },
  social: { facebook: '', instagram: '', linkedIn: '', website: '', twitter: '' },
};

/**
 * Whether `actor`'s change of another's level or status goes through the OwnerGuard. Not the
 * operator's command line (npm run users): it is the repair path of the owners' roles, and runs
 * without the read models' runner the guard waits for. Not a change of one's own: the account
 * decider refuses it with its own message.
 */
const mayTakeAnOwner = (actor: Actor, userId: string) => actor.role !== 'operator' && actor.userId !== userId;

/** The highest position a group of commands reached, for read-your-writes. */
function latest(...positions: (bigint | null)[]): bigint | null {
  return positions.reduce<bigint | null>((max, position) => (position !== null && (max === null || position > max) ? position : max), null);
}

export interface RegistrationInput {
  userId?: string;
  username: string;
  email: string;
  password: string | null;
  /** An Argon2id hash made earlier (the demo catalogue hashes each password once for all its members). */
  passwordHash?: string;
  googleKey?: string | null;
  displayName?: string | null;
  lvl?: UserLevel;
  verification?: VerificationStatus;
  actor?: Actor;
  /** Makes a repeated registration (a re-run seed) a no-op. */
  idempotencyKey?: string;
}

function emailLookupOf(vault: PersonalDataVault, email: string): Promise<string> {
  return vault.blindIndex(`email:${normaliseEmail(email)}`);
}

function claimValue(commands: CommandBus, kind: ClaimKind, value: string, ownerId: string, takenMessage: string, actor: Actor) {
  return commands.handle(claimDeciderFor(kind, value, takenMessage), claimStream(kind, value), { type: 'Claim', data: { ownerId } }, { actor });
}

function releaseValue(commands: CommandBus, kind: ClaimKind, value: string, ownerId: string, actor: Actor) {
  return commands.handle(claimDeciderFor(kind, value, ''), claimStream(kind, value), { type: 'Release', data: { ownerId } }, { actor });
}

/**
 * Claims the username, the e-mail address and the Google identity, then registers the account.
 * A failed step releases what was claimed before it, so a refused sign-up leaves nothing behind.
 */
export async function registerAccount(deps: Pick<AccountServiceDeps, 'commands' | 'vault'>, input: RegistrationInput): Promise<{ userId: string; position: bigint | null }> {
  const userId = input.userId ?? randomUUID();
  const actor: Actor = input.actor ?? { userId, role: 'base' };
  const emailLookup = await emailLookupOf(deps.vault, input.email);
  const googleKey = input.googleKey ?? null;
  const claimed: [ClaimKind, string][] = [];
  try {
    // Only claims made by this call are released on failure: a repeated registration must not free its own names.
    const claim = async (kind: ClaimKind, value: string, takenMessage: string) => {
      const result = await claimValue(deps.commands, kind, value, userId, takenMessage, actor);
      if (result.events.length > 0) claimed.push([kind, value]);
    };
    await claim('username', input.username, ACCOUNT_MESSAGES.usernameNotAvailable(input.username));
    await claim('email', emailLookup, ACCOUNT_MESSAGES.emailTaken);
    if (googleKey !== null) await claim('google', googleKey, 'This Google account is already linked to another user.');
    const passwordHash = input.passwordHash ?? (input.password === null ? null : await hashPassword(input.password));
    const result = await deps.commands.handle(
      accountDeciderFor(userId),
      userStream(userId),
      {
        type: 'RegisterUser',
        data: {
          userId,
          username: input.username,
          emailEnc: await deps.vault.encrypt(userId, normaliseEmail(input.email)),
          emailLookup,
          displayNameEnc: input.displayName ? await deps.vault.encrypt(userId, input.displayName) : null,
          lvl: input.lvl ?? 'base',
          passwordHash,
          googleKey,
          verification: input.verification ?? 'pending',
        },
      },
      { actor, idempotencyKey: input.idempotencyKey },
    );
    if (!input.displayName) return { userId, position: result.position };
    // A known name (Google's, the demo catalogue's) starts the profile, so cards and profile agree.
    const [firstName = '', ...rest] = input.displayName.trim().split(/\s+/u);
    const profile: ProfileDocument = { info: { ...EMPTY_PROFILE.info, firstName, lastName: rest.join(' ') }, social: EMPTY_PROFILE.social };
    const named = await deps.commands.handle(
      accountDeciderFor(userId),
      userStream(userId),
      { type: 'UpdateProfile', data: { profileEnc: await deps.vault.encrypt(userId, JSON.stringify(profile)), displayNameEnc: await deps.vault.encrypt(userId, input.displayName.trim()) } },
      { actor, idempotencyKey: input.idempotencyKey && `${input.idempotencyKey}-profile` },
    );
    return { userId, position: named.position };
  } catch (error) {
    for (const [kind, value] of claimed.reverse()) await releaseValue(deps.commands, kind, value, userId, actor);
    throw error;
  }
}


/**
 * Every account use case: it turns requests into commands on the user's stream (and on the
 * uniqueness streams), hashes secrets before they reach an event, and sends the e-mails.
 */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  readonly #owners: OwnerGuard;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
    this.#owners = new OwnerGuard(deps);
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }

  async #onAccount(userId: string, command: AccountCommand, context: CommandContext) {
    return this.#deps.commands.handle(accountDeciderFor(userId), userStream(userId), command, context);
  }

  emailLookup(email: string): Promise<string> {
    return emailLookupOf(this.#deps.vault, email);
  }

  googleKey(issuer: string, subject: string): Promise<string> {
    return this.#deps.vault.blindIndex(`google:${issuer}|${subject}`);
  }

  /** Registers; a name or address held by a crashed sign-up's abandoned claim is released and the sign-up retried once. */
  async register(input: RegistrationInput): Promise<{ userId: string; position: bigint | null }> {
    try {
      return await registerAccount(this.#deps, input);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
      const claims: [ClaimKind, string][] = [
        ['username', input.username],
        ['email', await this.emailLookup(input.email)],
        ...(input.googleKey ? [['google', input.googleKey] as [ClaimKind, string]] : []),
      ];
      const released = await Promise.all(claims.map(([kind, value]) => releaseIfAbandoned(this.#deps, kind, value, this.#now())));
      if (!released.includes(true)) throw error;
      return registerAccount(this.#deps, input);
    }
  }

  /** Starts a session; the token is returned once and stored only as its hash. */
  async startSession(userId: string, method: SessionMethod, checkedPasswordHash: string | null, actor: Actor): Promise<NewSession> {
    const token = newSecretToken();
    const sessionId = randomUUID();
    const expiresAt = new Date(this.#now().getTime() + SESSION_LIFETIME_MS);
    const result = await this.#onAccount(
      userId,
      { type: 'StartSession', data: { sessionId, tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString(), method, checkedPasswordHash } },
      { actor },
    );
    return { token, sessionId, expiresAt, position: result.position };
  }

  async endSession(userId: string, sessionId: string, reason: SessionEndReason, actor: Actor) {
    return this.#onAccount(userId, { type: 'EndSession', data: { sessionId, reason } }, { actor });
  }

  /** Finds the account by username or e-mail (case-insensitively for e-mail). */
  async findByLogin(login: string) {
    const trimmed = login.trim();
    const byName = await activeUserByUsername(this.#deps.db, trimmed.toLowerCase());
    if (byName || !trimmed.includes('@')) return byName ?? null;
    const lookup = await this.emailLookup(trimmed);
    return (await userByEmailLookup(this.#deps.db, lookup, { activeOnly: true })) ?? null;
  }

  /** Checks username-or-e-mail and password; the same answer and about the same time whether or not the account exists. */
  async login(login: string, password: string): Promise<{ userId: string; session: NewSession }> {
    const user = await this.findByLogin(login);
    const storedHash = user?.password_hash ?? null;
    const matches = await passwordMatches(storedHash ?? (await decoyPasswordHash()), password);
    if (!user || storedHash === null || !matches) throw new DomainError('invalid', ACCOUNT_MESSAGES.loginFailed);
    const actor: Actor = { userId: user.id, role: user.lvl as UserLevel };
    return { userId: user.id, session: await this.startSession(user.id, 'password', storedHash, actor) };
  }

  /** Signs in with a verified Google identity: the linked account, or a new verified account. */
  async googleLogin(identity: { issuer: string; subject: string; email: string | null; emailVerified: boolean; name: string | null }) {
    const key = await this.googleKey(identity.issuer, identity.subject);
    const linked = await activeUserByGoogleKey(this.#deps.db, key);
    if (linked) {
      const session = await this.startSession(linked.id, 'google', null, { userId: linked.id, role: linked.lvl as UserLevel });
      return { userId: linked.id, session, created: false };
    }
    if (!identity.email || !identity.emailVerified) throw new DomainError('invalid', ACCOUNT_MESSAGES.googleFailed);
    // An existing account with this address is not taken over by a Google sign-in: its owner signs in with the password.
    const existing = await this.findByLogin(identity.email);
    if (existing) throw new DomainError('conflict', `${ACCOUNT_MESSAGES.emailTaken}. Please log in with your password.`);
    const username = await this.#freeUsernameFrom(identity.email.split('@')[0] ?? 'member');
    const { userId } = await this.register({ username, email: identity.email, password: null, googleKey: key, displayName: identity.name, verification: 'verified' });
    const session = await this.startSession(userId, 'google', null, { userId, role: 'base' });
    return { userId, session, created: true };
  }

  async #freeUsernameFrom(seed: string): Promise<string> {
    const base = seed.toLowerCase().replace(/[^a-z0-9._-]/gu, '').slice(0, 20).padEnd(3, '0');
    for (let suffix = 0; ; suffix += 1) {
      const candidate = suffix === 0 ? base : `${base}${suffix}`;
      const taken = await userByUsername(this.#deps.db, candidate);
      if (!taken) return candidate;
    }
  }

  async #emailOf(userId: string): Promise<string | null> {
    const row = await userById(this.#deps.db, userId);
    return row?.email_enc ? this.#deps.vault.decrypt(userId, row.email_enc) : null;
  }

  /** Issues a 6-digit code (hashed at rest) and mails it. */
  async issueVerificationCode(userId: string, actor: Actor) {
    const code = newNumericCode(VERIFICATION_CODE.digits);
    const expiresAt = new Date(this.#now().getTime() + VERIFICATION_CODE.lifetimeMs);
    const result = await this.#onAccount(
      userId,
      { type: 'IssueVerificationCode', data: { codeId: randomUUID(), codeHash: await this.#codeHash(userId, code), expiresAt: expiresAt.toISOString(), attempts: VERIFICATION_CODE.maxAttempts } },
      { actor },
    );
    const email = await this.#emailOf(userId);
    if (email) {
      await this.#deps.mail.send({
        to: email,
        subject: `Your Tessera verification code: ${code}`,
        text: `Your verification code is ${code}.\n\nEnter it on your account page within 10 minutes. If you did not ask for it, you can ignore this e-mail.`,
      });
    }
    return result;
  }

  /** A code is hashed with the user's id so the same code of two users never hashes alike. */
  #codeHash(userId: string, code: string): Promise<string> {
    return this.#deps.vault.blindIndex(`otp:${userId}:${code}`);
  }

  /** Checks a code: verified, or the rejection is recorded and the remaining attempts reported. */
  async submitVerificationCode(userId: string, code: string, actor: Actor): Promise<{ verified: true; position: bigint | null } | { verified: false; attemptsRemaining: number; position: bigint | null }> {
    const result = await this.#onAccount(userId, { type: 'SubmitVerificationCode', data: { codeHash: await this.#codeHash(userId, code), now: this.#now().toISOString() } }, { actor });
    const rejected = result.events.find((event) => event.type === 'VerificationCodeRejected');
    if (rejected && rejected.type === 'VerificationCodeRejected') return { verified: false, attemptsRemaining: rejected.data.attemptsRemaining, position: result.position };
    return { verified: true, position: result.position };
  }

  async sendVerificationLink(userId: string, actor: Actor) {
    const token = newSecretToken();
    const expiresAt = new Date(this.#now().getTime() + VERIFICATION_LINK_LIFETIME_MS);
    const result = await this.#onAccount(userId, { type: 'IssueVerificationLink', data: { linkId: randomUUID(), tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } }, { actor });
    const user = await existingUserById(this.#deps.db, userId);
    const email = await this.#emailOf(userId);
    if (email) {
      const link = `${this.#deps.publicUrl}/email-verified?un=${encodeURIComponent(user.username)}&token=${encodeURIComponent(token)}`;
      await this.#deps.mail.send({ to: email, subject: 'Verify your Tessera e-mail address', text: `Welcome to Tessera, ${user.username}!\n\nConfirm your e-mail address by opening this link (valid for 24 hours):\n${link}\n` });
    }
    return result;
  }

  async verifyByLink(username: string, token: string) {
    const user = await activeUserByUsername(this.#deps.db, username);
    if (!user) throw new DomainError('invalid', ACCOUNT_MESSAGES.verificationLinkInvalid);
    return this.#onAccount(user.id, { type: 'VerifyByLink', data: { tokenHash: tokenHash(token), now: this.#now().toISOString() } }, { actor: { userId: user.id, role: 'base' } });
  }

  /** Mails a reset link when the account exists; says nothing either way (the caller answers the same). */
  async requestPasswordReset(login: string): Promise<void> {
    const user = await this.findByLogin(login);
    if (!user) return;
    const token = newSecretToken();
    const expiresAt = new Date(this.#now().getTime() + RESET_TOKEN_LIFETIME_MS);
    await this.#onAccount(user.id, { type: 'RequestPasswordReset', data: { resetId: randomUUID(), tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } }, { actor: { userId: null, role: 'anonymous' } });
    const email = await this.#emailOf(user.id);
    if (email) {
      const link = `${this.#deps.publicUrl}/reset-password-from-token?un=${encodeURIComponent(user.username)}&token=${encodeURIComponent(token)}`;
      await this.#deps.mail.send({ to: email, subject: 'Reset your Tessera password', text: `Someone asked to reset the password of ${user.username}.\n\nChoose a new password with this link (valid for 1 hour, usable once):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.` });
    }
  }

  async #userIdByUsername(username: string): Promise<string> {
    const user = await activeUserByUsername(this.#deps.db, username);
    if (!user) throw new DomainError('invalid', ACCOUNT_MESSAGES.resetTokenInvalid);
    return user.id;
  }

  async checkResetToken(username: string, token: string): Promise<void> {
    const userId = await this.#userIdByUsername(username);
    await this.#onAccount(userId, { type: 'CheckResetToken', data: { tokenHash: tokenHash(token), now: this.#now().toISOString() } }, { actor: { userId: null, role: 'anonymous' } });
  }

  /** Sets the new password (ending every session), then signs in with it. */
  async resetPassword(username: string, token: string, password: string): Promise<{ userId: string; session: NewSession }> {
    const userId = await this.#userIdByUsername(username);
    const passwordHash = await hashPassword(password);
    const actor: Actor = { userId, role: 'base' };
    await this.#onAccount(userId, { type: 'ResetPassword', data: { tokenHash: tokenHash(token), passwordHash, now: this.#now().toISOString() } }, { actor });
    return { userId, session: await this.startSession(userId, 'password_reset', passwordHash, actor) };
  }

  async changePassword(userId: string, currentPassword: string, newPassword: string, actor: Actor) {
    const row = await userById(this.#deps.db, userId);
    const storedHash = row?.password_hash ?? null;
    if (storedHash === null || !(await passwordMatches(storedHash, currentPassword))) throw new DomainError('invalid', ACCOUNT_MESSAGES.currentPasswordWrong);
    return this.#onAccount(userId, { type: 'ChangePassword', data: { checkedPasswordHash: storedHash, passwordHash: await hashPassword(newPassword) } }, { actor });
  }

  /** The operator's reset of a password (npm run users -- reset-password): every session of the account ends. */
  async setPasswordByOperator(userId: string, password: string, actor: Actor) {
    return this.#onAccount(userId, { type: 'SetPasswordByOperator', data: { passwordHash: await hashPassword(password) } }, { actor });
  }

  async readProfile(userId: string, profileEnc: string | null): Promise<ProfileDocument> {
    if (profileEnc === null) return EMPTY_PROFILE;
    const plaintext = await this.#deps.vault.decrypt(userId, profileEnc);
    if (plaintext === null) return EMPTY_PROFILE;
    const stored = JSON.parse(plaintext) as Partial<ProfileDocument>;
    return { info: { ...EMPTY_PROFILE.info, ...stored.info }, social: { ...EMPTY_PROFILE.social, ...stored.social } };
  }

  /** Applies a profile change as events: one per kind of change, each only when something changed. */
  async updateProfile(
    userId: string,
    update: {
      info?: Partial<ProfileInfo>;
      social?: Partial<SocialLinks>;
      privacy?: Record<string, boolean | undefined>;
      username?: string;
      favoriteApps?: string[];
      isCreator?: boolean;
      activity?: { viewedAccountSetupPage?: boolean };
    },
    actor: Actor,
  ): Promise<bigint | null> {
    const row = await existingUserById(this.#deps.db, userId);
    const positions: (bigint | null)[] = [];
    if (update.username !== undefined && update.username !== row.username) positions.push(await this.changeUsername(userId, row.username, update.username, actor));
    if (update.info || update.social) {
      const current = await this.readProfile(userId, row.profile_enc);
      const next: ProfileDocument = { info: { ...current.info, ...update.info }, social: { ...current.social, ...update.social } };
      const displayName = `${next.info.firstName} ${next.info.lastName}`.trim();
      const result = await this.#onAccount(
        userId,
        {
          type: 'UpdateProfile',
          data: { profileEnc: await this.#deps.vault.encrypt(userId, JSON.stringify(next)), displayNameEnc: displayName ? await this.#deps.vault.encrypt(userId, displayName) : row.display_name_enc },
        },
        { actor },
      );
      positions.push(result.position);
    }
    const settings = Object.fromEntries(Object.entries(update.privacy ?? {}).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
    if (Object.keys(settings).length > 0) positions.push((await this.#onAccount(userId, { type: 'ChangeNotificationSettings', data: { settings } }, { actor })).position);
    if (update.favoriteApps) positions.push((await this.#onAccount(userId, { type: 'ChooseFavouriteApps', data: { apps: update.favoriteApps } }, { actor })).position);
    if (update.isCreator !== undefined) positions.push((await this.#onAccount(userId, { type: 'MakeCreatorChoice', data: { isCreator: update.isCreator } }, { actor })).position);
    if (update.activity?.viewedAccountSetupPage && !row.viewed_setup) positions.push((await this.#onAccount(userId, { type: 'MarkAccountSetupPageViewed' }, { actor })).position);
    return latest(...positions);
  }

  /** Claims the new name first, then renames, then frees the old name. */
  async changeUsername(userId: string, from: string, to: string, actor: Actor): Promise<bigint | null> {
    await claimValue(this.#deps.commands, 'username', to, userId, ACCOUNT_MESSAGES.profileUsernameTaken, actor);
    try {
      const renamed = await this.#onAccount(userId, { type: 'ChangeUsername', data: { to } }, { actor });
      const released = await releaseValue(this.#deps.commands, 'username', from, userId, actor);
      return latest(renamed.position, released.position);
    } catch (error) {
      await releaseValue(this.#deps.commands, 'username', to, userId, actor);
      throw error;
    }
  }

  async changePicture(userId: string, pictureUrl: string | null, actor: Actor) {
    return this.#onAccount(userId, { type: 'ChangeProfilePicture', data: { pictureUrl } }, { actor });
  }

  async changeLevel(userId: string, to: UserLevel, actor: Actor) {
    const change = () => this.#onAccount(userId, { type: 'ChangeLevel', data: { to, decidedById: actor.userId } }, { actor });
    return to === 'owner' || !mayTakeAnOwner(actor, userId) ? change() : this.#owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerChange, change);
  }

  async changeVerificationStatus(userId: string, to: VerificationStatus, reason: string, actor: Actor) {
    const change = () => this.#onAccount(userId, { type: 'ChangeVerificationStatus', data: { to, reason, decidedBy: actor.role, decidedById: actor.userId } }, { actor });
    return to === 'blocked' && mayTakeAnOwner(actor, userId) ? this.#owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerChange, change) : change();
  }

  /** An admin's test-user session: a separate short-lived token on the admin's own account, which admin routes refuse. */
  async startTestUserMode(adminId: string, actor: Actor): Promise<NewSession> {
    const token = newSecretToken();
    const sessionId = randomUUID();
    const expiresAt = new Date(this.#now().getTime() + TEST_USER_SESSION_LIFETIME_MS);
    const result = await this.#onAccount(adminId, { type: 'StartTestUserMode', data: { sessionId, tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } }, { actor });
    return { token, sessionId, expiresAt, position: result.position };
  }

  async stopTestUserMode(adminId: string, sessionId: string, actor: Actor) {
    return this.#onAccount(adminId, { type: 'StopTestUserMode', data: { sessionId } }, { actor });
  }

  /**
   * Ends every session and erases what the account gave us: its vault key (profile, e-mail), the keys of
   * its newsletter subscription and of the contact messages it sent, its mail in the outbox; and frees
   * its username, e-mail address and Google identity for anyone. The posts' counts stay. Refused for
   * the last active owner (OwnerGuard).
   */
  async deleteAccount(userId: string, actor: Actor) {
    return this.#owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerDelete, () => this.#erase(userId, actor));
  }

  async #erase(userId: string, actor: Actor) {
    const row = await userById(this.#deps.db, userId);
    const email = await this.#emailOf(userId);
    const deleted = await this.#onAccount(userId, { type: 'DeleteAccount' }, { actor });
    const claims: [ClaimKind, string | null | undefined][] = [['username', row?.username], ['email', row?.email_lookup], ['google', row?.google_key]];
    const released = [];
    for (const [kind, value] of claims) if (value) released.push((await releaseValue(this.#deps.commands, kind, value, userId, actor)).position);
    if (email !== null) {
      await this.#deps.vault.forget((await newsletterSubscription(this.#deps.vault, email)).subscriberId);
      await this.#deps.outbox?.forgetRecipient(email);
    }
    for (const messageId of await contactMessageIdsFrom(this.#deps.db, userId)) await this.#deps.vault.forget(messageId);
    for (const subject of await supportVaultSubjectsOf(this.#deps.db, userId)) await this.#deps.vault.forget(subject);
    await this.#deps.vault.forget(userId);
    return { ...deleted, position: latest(deleted.position, ...released) };
  }
}
