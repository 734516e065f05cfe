import { randomUUID } from 'node:crypto';
import { decoyPasswordHash, passwordMatches } from '../../adapters/security/passwords.js';
import { newSecretToken, tokenHash } from '../../adapters/security/tokens.js';
import type { SessionEndReason, SessionMethod, UserLevel } from '../../domain/accounts/events.js';
import { ACCOUNT_MESSAGES, SESSION_LIFETIME_MS, TEST_USER_SESSION_LIFETIME_MS } from '../../domain/accounts/rules.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { activeUserByUsername, userByEmailLookup } from '../../projections/read-models/users/queries.js';
import { emailLookupOf, nowOf, onAccount, type AccountServiceDeps, type NewSession } from './deps.js';

/** Starts a session; the token is returned once and stored only as its hash. */
export async function startSession(
  deps: AccountServiceDeps,
  userId: string,
  method: SessionMethod,
  checkedPasswordHash: string | null,
  actor: Actor,
): Promise<NewSession> {
  const token = newSecretToken();
  const sessionId = randomUUID();
  const expiresAt = new Date(nowOf(deps).getTime() + SESSION_LIFETIME_MS);
  const result = await onAccount(
    deps,
    userId,
    {
      type: 'StartSession',
      data: { sessionId, tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString(), method, checkedPasswordHash },
    },
    { actor },
  );
  return { token, sessionId, expiresAt, position: result.position };
}

export function endSession(deps: AccountServiceDeps, userId: string, sessionId: string, reason: SessionEndReason, actor: Actor) {
  return onAccount(deps, userId, { type: 'EndSession', data: { sessionId, reason } }, { actor });
}

/** Finds the account by username or e-mail (case-insensitively for e-mail). */
export async function findByLogin(deps: Pick<AccountServiceDeps, 'db' | 'vault'>, login: string) {
  const trimmed = login.trim();
  const byName = await activeUserByUsername(deps.db, trimmed.toLowerCase());
  if (byName || !trimmed.includes('@')) return byName ?? null;
  const lookup = await emailLookupOf(deps.vault, trimmed);
  return (await userByEmailLookup(deps.db, lookup, { activeOnly: true })) ?? null;
}

/** Checks username-or-e-mail and password; the same answer and about the same time whether or not the account exists. */
export async function login(
  deps: AccountServiceDeps,
  loginName: string,
  password: string,
): Promise<{ userId: string; session: NewSession }> {
  const user = await findByLogin(deps, loginName);
  const storedHash = user?.password_hash ?? null;
  const matches = await passwordMatches(storedHash ?? (await decoyPasswordHash()), password);
  if (!user || storedHash === null || !matches) throw new DomainError('invalid', ACCOUNT_MESSAGES.loginFailed);
  const actor: Actor = { userId: user.id, role: user.lvl as UserLevel };
  return { userId: user.id, session: await startSession(deps, user.id, 'password', storedHash, actor) };
}

/** An admin's test-user session: a separate short-lived token on the admin's own account, which admin routes refuse. */
export async function startTestUserMode(deps: AccountServiceDeps, adminId: string, actor: Actor): Promise<NewSession> {
  const token = newSecretToken();
  const sessionId = randomUUID();
  const expiresAt = new Date(nowOf(deps).getTime() + TEST_USER_SESSION_LIFETIME_MS);
  const result = await onAccount(
    deps,
    adminId,
    { type: 'StartTestUserMode', data: { sessionId, tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } },
    { actor },
  );
  return { token, sessionId, expiresAt, position: result.position };
}

export function stopTestUserMode(deps: AccountServiceDeps, adminId: string, sessionId: string, actor: Actor) {
  return onAccount(deps, adminId, { type: 'StopTestUserMode', data: { sessionId } }, { actor });
}
