import { randomUUID } from 'node:crypto';
import { hashPassword, passwordMatches } from '../../adapters/security/passwords.js';
import { newSecretToken, tokenHash } from '../../adapters/security/tokens.js';
import { ACCOUNT_MESSAGES, RESET_TOKEN_LIFETIME_MS } from '../../domain/accounts/rules.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { activeUserByUsername, userById } from '../../projections/read-models/users/queries.js';
import { emailOf, nowOf, onAccount, type AccountServiceDeps, type NewSession } from './deps.js';
import { findByLogin, startSession } from './sessions.js';

/** Mails a reset link when the account exists; says nothing either way (the caller answers the same). */
export async function requestPasswordReset(deps: AccountServiceDeps, login: string): Promise<void> {
  const user = await findByLogin(deps, login);
  if (!user) return;
  const token = newSecretToken();
  const expiresAt = new Date(nowOf(deps).getTime() + RESET_TOKEN_LIFETIME_MS);
  await onAccount(
    deps,
    user.id,
    { type: 'RequestPasswordReset', data: { resetId: randomUUID(), tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } },
    { actor: { userId: null, role: 'anonymous' } },
  );
  const email = await emailOf(deps, user.id);
  if (email) {
    const link = `${deps.publicUrl}/reset-password-from-token?un=${encodeURIComponent(user.username)}&token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: email,
      subject: 'Reset your Tessera password',
      text: `Someone asked to reset the password of ${user.username}.\n\nChoose a new password with this link (valid for 1 hour, usable once):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    });
  }
}

async function userIdByUsername(deps: AccountServiceDeps, username: string): Promise<string> {
  const user = await activeUserByUsername(deps.db, username);
  if (!user) throw new DomainError('invalid', ACCOUNT_MESSAGES.resetTokenInvalid);
  return user.id;
}

export async function checkResetToken(deps: AccountServiceDeps, username: string, token: string): Promise<void> {
  const userId = await userIdByUsername(deps, username);
  await onAccount(
    deps,
    userId,
    { type: 'CheckResetToken', data: { tokenHash: tokenHash(token), now: nowOf(deps).toISOString() } },
    { actor: { userId: null, role: 'anonymous' } },
  );
}

/** Sets the new password (ending every session), then signs in with it. */
export async function resetPassword(
  deps: AccountServiceDeps,
  username: string,
  token: string,
  password: string,
): Promise<{ userId: string; session: NewSession }> {
  const userId = await userIdByUsername(deps, username);
  const passwordHash = await hashPassword(password);
  const actor: Actor = { userId, role: 'base' };
  await onAccount(
    deps,
    userId,
    { type: 'ResetPassword', data: { tokenHash: tokenHash(token), passwordHash, now: nowOf(deps).toISOString() } },
    { actor },
  );
  return { userId, session: await startSession(deps, userId, 'password_reset', passwordHash, actor) };
}

export async function changePassword(deps: AccountServiceDeps, userId: string, currentPassword: string, newPassword: string, actor: Actor) {
  const row = await userById(deps.db, userId);
  const storedHash = row?.password_hash ?? null;
  if (storedHash === null || !(await passwordMatches(storedHash, currentPassword)))
    throw new DomainError('invalid', ACCOUNT_MESSAGES.currentPasswordWrong);
  return onAccount(
    deps,
    userId,
    { type: 'ChangePassword', data: { checkedPasswordHash: storedHash, passwordHash: await hashPassword(newPassword) } },
    { actor },
  );
}

/** Whether `password` is the account's (false for an account without one). */
export async function isCurrentPassword(deps: AccountServiceDeps, userId: string, password: string): Promise<boolean> {
  const storedHash = (await userById(deps.db, userId))?.password_hash ?? null;
  return storedHash !== null && (await passwordMatches(storedHash, password));
}

/** The operator's reset of a password (npm run users -- reset-password): every session of the account ends. */
export async function setPasswordByOperator(deps: AccountServiceDeps, userId: string, password: string, actor: Actor) {
  return onAccount(deps, userId, { type: 'SetPasswordByOperator', data: { passwordHash: await hashPassword(password) } }, { actor });
}
