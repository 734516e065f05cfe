import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import { tokenHash } from '../../adapters/security/tokens.js';
import type { UserLevel, VerificationStatus } from '../../domain/accounts/events.js';
import { DAY_SECONDS } from '../../domain/shared/durations.js';
import { TEST_USER_SWITCH_HINT } from '../../web/lib/shell-constants.js';
import type { Viewer } from '../access.js';
import { openSessionByTokenHash } from '../../projections/read-models/users/queries.js';

/** The spec's token cookie (browse-search-accounts.md section 3, client-side stored items). */
export const SESSION_COOKIE = 'token';

/**
 * API clients that want the session token in the answer's JSON (to send it back as a bearer token)
 * ask with `X-Session-Token: bearer`. The web app never does: its httpOnly cookie is enough, and a
 * token in a JSON answer is readable by any script that runs on the page.
 */
export const SESSION_TOKEN_REQUEST = { header: 'x-session-token', value: 'bearer' } as const;

export function wantsTokenInAnswer(request: FastifyRequest): boolean {
  return request.headers[SESSION_TOKEN_REQUEST.header] === SESSION_TOKEN_REQUEST.value;
}

/** The session token from the cookie, or from an `Authorization: Bearer` header (API clients). */
export function sessionTokenOf(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The person behind a token: an active, unexpired session of an account that is not erased. */
export async function viewerForToken(db: Kysely<Schema>, token: string, now = new Date()): Promise<Viewer | null> {
  // Bounded before hashing: a real token is 43 characters.
  if (token.length > 200) return null;
  const row = await openSessionByTokenHash(db, tokenHash(token));
  if (!row || row.expires_at <= now) return null;
  return {
    userId: row.id,
    username: row.username,
    // A test-user session acts as a new member: base level, whatever the admin's own level is.
    lvl: row.is_test_user ? 'base' : (row.lvl as UserLevel),
    verification: row.verification as VerificationStatus,
    sessionId: row.session_id,
    impersonatedBy: row.is_test_user ? row.impersonated_by : null,
  };
}

/**
 * httpOnly so scripts cannot read it; SameSite=Lax so other sites' forms and fetches do not carry it.
 * With it goes TEST_USER_SWITCH_HINT, as the session's account sees the switch. The page a sign-in goes
 * to is requested before the app can set the hint: drawn without the switch's place, it moved down once
 * the session came (a layout shift of 0.45 at 1280 px after every admin's sign-in).
 */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean, showsTestUserSwitch: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
  if (showsTestUserSwitch) {
    // Read and kept by the app as well (TestUserModeSwitch): not httpOnly.
    reply.setCookie(TEST_USER_SWITCH_HINT.cookieName, TEST_USER_SWITCH_HINT.shown, {
      path: '/',
      sameSite: 'lax',
      secure,
      maxAge: TEST_USER_SWITCH_HINT.days * DAY_SECONDS,
    });
  } else clearTestUserSwitchHint(reply, secure);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  clearTestUserSwitchHint(reply, secure);
}

function clearTestUserSwitchHint(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(TEST_USER_SWITCH_HINT.cookieName, { path: '/', sameSite: 'lax', secure });
}
