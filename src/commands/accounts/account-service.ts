import type { SessionEndReason, SessionMethod, UserLevel, VerificationStatus } from '../../domain/accounts/events.js';
import { USER_MANAGEMENT_MESSAGES } from '../../domain/accounts/user-management.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import { accountHistory, changeLevel, changeVerificationStatus } from './administration.js';
import { usernameOwner } from './claims.js';
import { emailLookupOf, onAccount, usernameLookupOf, type AccountServiceDeps, type NewSession } from './deps.js';
import { eraseAccount } from './erasure.js';
import { googleKeyOf, googleLogin, type GoogleIdentity } from './google-sign-in.js';
import { OwnerGuard } from './owner-guard.js';
import {
  changePassword,
  checkResetToken,
  isCurrentPassword,
  requestPasswordReset,
  resetPassword,
  setPasswordByOperator,
} from './passwords.js';
import { readProfile, updateProfile, type ProfileDocument, type ProfileUpdate } from './profile.js';
import { register, type RegistrationInput } from './registration.js';
import { endSession, findByLogin, login, startSession, startTestUserMode, stopTestUserMode } from './sessions.js';
import { issueVerificationCode, sendVerificationLink, submitVerificationCode, verifyByLink } from './verification.js';

export type { AccountServiceDeps, NewSession } from './deps.js';
export { registerAccount, type RegistrationInput } from './registration.js';

/**
 * Every account use case (one module each beside this one): it turns requests into commands on the
 * user's stream (and on the uniqueness streams), hashes secrets before they reach an event, and sends
 * the e-mails.
 */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  readonly #owners: OwnerGuard;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
    this.#owners = new OwnerGuard(deps);
  }

  emailLookup(email: string): Promise<string> {
    return emailLookupOf(this.#deps.vault, email);
  }

  /** The blind index a username is claimed under, the same for every letter case. */
  usernameLookup(username: string): Promise<string> {
    return usernameLookupOf(this.#deps.vault, username);
  }

  /** The id of the account holding `username`, from its uniqueness claim in the log (no read model), or null. */
  async usernameOwner(username: string): Promise<string | null> {
    return usernameOwner(this.#deps.commands, username, await usernameLookupOf(this.#deps.vault, username));
  }

  googleKey(issuer: string, subject: string): Promise<string> {
    return googleKeyOf(this.#deps, issuer, subject);
  }

  register(input: RegistrationInput): Promise<{ userId: string; position: bigint | null }> {
    return register(this.#deps, input);
  }

  /** Registers and signs the new member in. */
  async signUp(input: Pick<RegistrationInput, 'username' | 'email' | 'password'>): Promise<{ userId: string; session: NewSession }> {
    const { userId } = await register(this.#deps, input);
    return { userId, session: await startSession(this.#deps, userId, 'signup', null, { userId, role: 'base' }) };
  }

  startSession(userId: string, method: SessionMethod, checkedPasswordHash: string | null, actor: Actor): Promise<NewSession> {
    return startSession(this.#deps, userId, method, checkedPasswordHash, actor);
  }

  endSession(userId: string, sessionId: string, reason: SessionEndReason, actor: Actor) {
    return endSession(this.#deps, userId, sessionId, reason, actor);
  }

  findByLogin(loginName: string) {
    return findByLogin(this.#deps, loginName);
  }

  login(loginName: string, password: string): Promise<{ userId: string; session: NewSession }> {
    return login(this.#deps, loginName, password);
  }

  googleLogin(identity: GoogleIdentity) {
    return googleLogin(this.#deps, identity);
  }

  issueVerificationCode(userId: string, actor: Actor) {
    return issueVerificationCode(this.#deps, userId, actor);
  }

  submitVerificationCode(userId: string, code: string, actor: Actor) {
    return submitVerificationCode(this.#deps, userId, code, actor);
  }

  sendVerificationLink(userId: string, actor: Actor) {
    return sendVerificationLink(this.#deps, userId, actor);
  }

  verifyByLink(username: string, token: string) {
    return verifyByLink(this.#deps, username, token);
  }

  requestPasswordReset(loginName: string): Promise<void> {
    return requestPasswordReset(this.#deps, loginName);
  }

  checkResetToken(username: string, token: string): Promise<void> {
    return checkResetToken(this.#deps, username, token);
  }

  resetPassword(username: string, token: string, password: string): Promise<{ userId: string; session: NewSession }> {
    return resetPassword(this.#deps, username, token, password);
  }

  changePassword(userId: string, currentPassword: string, newPassword: string, actor: Actor) {
    return changePassword(this.#deps, userId, currentPassword, newPassword, actor);
  }

  isCurrentPassword(userId: string, password: string): Promise<boolean> {
    return isCurrentPassword(this.#deps, userId, password);
  }

  setPasswordByOperator(userId: string, password: string, actor: Actor) {
    return setPasswordByOperator(this.#deps, userId, password, actor);
  }

  readProfile(userId: string, profileEnc: string | null): Promise<ProfileDocument> {
    return readProfile(this.#deps, userId, profileEnc);
  }

  updateProfile(userId: string, update: ProfileUpdate, actor: Actor): Promise<bigint | null> {
    return updateProfile(this.#deps, userId, update, actor);
  }

  changePicture(userId: string, pictureUrl: string | null, actor: Actor) {
    return onAccount(this.#deps, userId, { type: 'ChangeProfilePicture', data: { pictureUrl } }, { actor });
  }

  changeLevel(userId: string, to: UserLevel, actor: Actor) {
    return changeLevel(this.#deps, this.#owners, userId, to, actor);
  }

  changeVerificationStatus(userId: string, to: VerificationStatus, reason: string, actor: Actor) {
    return changeVerificationStatus(this.#deps, this.#owners, userId, to, reason, actor);
  }

  history(userId: string): Promise<RecordedEvent[]> {
    return accountHistory(this.#deps, userId);
  }

  startTestUserMode(adminId: string, actor: Actor): Promise<NewSession> {
    return startTestUserMode(this.#deps, adminId, actor);
  }

  stopTestUserMode(adminId: string, sessionId: string, actor: Actor) {
    return stopTestUserMode(this.#deps, adminId, sessionId, actor);
  }

  /** Ends the test-user session and signs the admin in again. */
  async returnToAdmin(adminId: string, sessionId: string, actor: Actor): Promise<NewSession> {
    await stopTestUserMode(this.#deps, adminId, sessionId, actor);
    return startSession(this.#deps, adminId, 'admin_relogin', null, { userId: adminId, role: 'admin' });
  }

  /** Erases the account (see eraseAccount); refused for the last active owner. */
  deleteAccount(userId: string, actor: Actor) {
    return this.#owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerDelete, () => eraseAccount(this.#deps, userId, actor));
  }
}
