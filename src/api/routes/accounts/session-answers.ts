import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewSession } from '../../../commands/accounts/account-service.js';
import { ACCOUNT_MESSAGES, normaliseEmail, reservedUsername, usernameProblem } from '../../../domain/accounts/rules.js';
import { existingUserById, userByUsername } from '../../../projections/read-models/users/queries.js';
import { showsTestUserSwitch } from '../../../web/lib/user-facts.js';
import type { Viewer } from '../../access.js';
import { rememberDevice } from '../../auth/known-device.js';
import { setSessionCookie, wantsTokenInAnswer } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import type { AccountRouteDeps } from './deps.js';
import { currentUserOf } from './user-views.js';

/** The answer to a new session: its cookie set, the user, and the token for clients that ask for it. */
export async function startedSession(
  deps: AccountRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  userId: string,
) {
  await deps.settle(session.position);
  const row = await existingUserById(deps.db, userId);
  const viewer: Viewer = {
    userId,
    username: row.username,
    lvl: row.lvl as Viewer['lvl'],
    verification: row.verification as Viewer['verification'],
    sessionId: session.sessionId,
    impersonatedBy: null,
  };
  const user = await currentUserOf(deps.db, deps.accounts, deps.vault, viewer);
  setSessionCookie(reply, session.token, session.expiresAt, deps.secureCookies, showsTestUserSwitch(user));
  await rememberDevice(request, reply, deps.vault, userId, deps.secureCookies);
  return { ...(wantsTokenInAnswer(request) ? { token: session.token } : {}), user };
}

/** The signed-in user as GET /users/private/me answers it. */
export async function me(deps: AccountRouteDeps, viewer: Viewer) {
  const user = await currentUserOf(deps.db, deps.accounts, deps.vault, viewer);
  if (user === null) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
  return user;
}

/** Whether `viewer` may take this username (their own counts as free). */
export async function usernameAnswer(deps: AccountRouteDeps, username: string, viewer: Viewer | null) {
  const reserved = reservedUsername(username);
  if (reserved) return { available: false, message: ACCOUNT_MESSAGES.usernameReserved(reserved.label), reserved };
  const problem = usernameProblem(username);
  if (problem) return { available: false, message: problem };
  const owner = await userByUsername(deps.db, username);
  const available = owner === undefined || owner.id === viewer?.userId;
  return { available, message: available ? ACCOUNT_MESSAGES.usernameAvailable(username) : ACCOUNT_MESSAGES.usernameNotAvailable(username) };
}

/**
 * One key per account whichever way it is spelt (username, e-mail, letter case), so a limit on it
 * cannot be multiplied by spelling; a login naming no account gets a keyed digest, never clear text.
 */
export async function accountKey(deps: AccountRouteDeps, login: string): Promise<string> {
  return (await loginAccount(deps, login)).key;
}

/** The account a login names (null when none) and its rate-limit key (see accountKey). */
export async function loginAccount(deps: AccountRouteDeps, login: string): Promise<{ key: string; userId: string | null }> {
  const account = await deps.accounts.findByLogin(login);
  if (account) return { key: `user:${account.id}`, userId: account.id };
  return { key: `unknown:${await deps.vault.blindIndex(`rate-limit:${normaliseEmail(login)}`)}`, userId: null };
}
