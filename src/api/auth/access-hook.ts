import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import { ACCOUNT_MESSAGES } from '../../domain/accounts/rules.js';
import type { Access } from '../access.js';
import type { TokenScope } from '../../domain/integrations/tokens.js';
import { HttpError } from '../errors.js';
import { isTrulyLocal } from '../local-request.js';
import { sessionTokenOf, viewerForToken } from './sessions.js';
import { isStaffLevel } from '../../domain/accounts/access.js';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_PREFIX } from '../../domain/integrations/tokens.js';
import type { AccessTokens } from '../../commands/integrations/access-tokens.js';
import type { Viewer } from '../access.js';

/** Messages of the access check itself, distinct from handlers' own refusals (the role matrix test tells them apart). */
export const ACCESS_MESSAGES = {
  signInRequired: 'Please log in to continue.',
  verifiedOnly: 'Please verify your email address first.',
  adminOnly: ACCOUNT_MESSAGES.accessDenied,
  testUserRefused: ACCOUNT_MESSAGES.testUserRefused,
  blocked: ACCOUNT_MESSAGES.accountBlocked,
  loopbackOnly: 'This page is only served to this machine.',
  crossSite: 'Cross-site requests are not accepted.',
} as const;

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The scope a personal access token needs here; absent: tokens are refused. */
  tokenScope?: TokenScope;
}

/** Routes no token may call, whatever scope they declare. */
const NEVER_BY_TOKEN: ReadonlySet<Access> = new Set(['admin', 'owner', 'loopback']);

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Installs the access check on every route registered in `app` (and its children): a route
 * without `config.access` fails at start-up, so none can be forgotten. Returns the route list,
 * filled as routes register, for the role-matrix test and the docs.
 */
export function installAccessControl(app: FastifyInstance, db: Kysely<Schema>, tokens: Pick<AccessTokens, 'holderOf'>): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    const tokenScope = route.config?.tokenScope;
    if (tokenScope !== undefined && NEVER_BY_TOKEN.has(access))
      throw new Error(`Route ${String(route.method)} ${route.url} is ${access} only: it cannot take access tokens`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, ...(tokenScope === undefined ? {} : { tokenScope }) });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return; // Not-found handler: no route, nothing to guard.
    if (access === 'loopback') {
      if (!isTrulyLocal(request)) throw new HttpError(403, ACCESS_MESSAGES.loopbackOnly);
      return;
    }
    const presented = sessionTokenOf(request);
    if (presented?.via === 'cookie' && STATE_CHANGING_METHODS.has(request.method)) refuseCrossSite(request);
    const viewer =
      presented?.via === 'bearer' && presented.token.startsWith(ACCESS_TOKEN_PREFIX)
        ? await tokenViewer(request, presented.token, tokens)
        : presented
          ? await viewerForToken(db, presented.token)
          : null;
    request.viewer = viewer;
    if (access === 'anyone') return;
    if (viewer === null) throw new HttpError(401, ACCESS_MESSAGES.signInRequired);
    if (viewer.verification === 'blocked') throw new HttpError(403, ACCESS_MESSAGES.blocked);
    if (access === 'signed_in') return;
    if (access === 'verified') {
      if (viewer.verification !== 'verified') throw new HttpError(403, ACCESS_MESSAGES.verifiedOnly);
      return;
    }
    if (viewer.impersonatedBy !== null) throw new HttpError(403, ACCESS_MESSAGES.testUserRefused);
    if (access === 'admin' && !isStaffLevel(viewer.lvl)) throw new HttpError(403, ACCESS_MESSAGES.adminOnly);
    if (access === 'owner' && viewer.lvl !== 'owner') throw new HttpError(403, ACCESS_MESSAGES.adminOnly);
  });
  return routes;
}

/**
 * The member a personal access token acts as, if this route takes tokens and the token holds its
 * scope. A token acts as a base member whatever the member's level: it never carries staff powers.
 */
async function tokenViewer(request: FastifyRequest, token: string, tokens: Pick<AccessTokens, 'holderOf'>): Promise<Viewer> {
  const { access, tokenScope } = request.routeOptions.config;
  if (tokenScope === undefined || access === undefined || NEVER_BY_TOKEN.has(access))
    throw new HttpError(403, ACCESS_TOKEN_MESSAGES.refusedHere);
  const holder = await tokens.holderOf(token);
  if (holder === null) throw new HttpError(401, ACCESS_TOKEN_MESSAGES.invalid);
  if (!holder.scopes.includes(tokenScope)) throw new HttpError(403, ACCESS_TOKEN_MESSAGES.scopeMissing(tokenScope));
  return {
    userId: holder.userId,
    username: holder.username,
    lvl: 'base',
    verification: holder.verification,
    sessionId: `token-${holder.tokenId}`,
    impersonatedBy: null,
    accessTokenId: holder.tokenId,
  };
}

/**
 * Cookie-authenticated state changes (and the forms that set cookies) must come from our own pages.
 * SameSite=Lax already keeps the session cookie off cross-site requests, but not a form that sets
 * one; Sec-Fetch-Site names a cross-site request outright, the Origin check covers older browsers
 * and same-site subdomains.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, ACCESS_MESSAGES.crossSite);
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (origin === undefined) return;
  const host = request.headers.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, ACCESS_MESSAGES.crossSite);
  }
  if (host === undefined || originHost !== host) throw new HttpError(403, ACCESS_MESSAGES.crossSite);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
