import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a guest's ownership cookie lasts: the generator's jobs and chat conversations are done well within it. */
const GUEST_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** What the server hands out (24 random bytes in base64url); anything else in the cookie is a forgery or a stale format. */
const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{20,64}$/u;

export interface GuestCookie {
  name: string;
  /** The API path the browser sends it to, and only there. */
  path: string;
  secure: boolean;
}

/**
 * A guest's random id, kept in an httpOnly cookie so only the browser that started something
 * (a generator job, a help chat) can come back to it. Set on first use when `reply` is given;
 * without one, a guest who has none gets null. Events hold a keyed digest of it, never the id.
 */
export function guestIdOf(request: FastifyRequest, reply: FastifyReply | null, cookie: GuestCookie): string | null {
  const sent = request.cookies[cookie.name];
  if (sent !== undefined && GUEST_ID_PATTERN.test(sent)) return sent;
  if (reply === null) return null;
  const guestId = randomBytes(24).toString('base64url');
  reply.setCookie(cookie.name, guestId, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: GUEST_COOKIE_MAX_AGE_S,
  });
  return guestId;
}
