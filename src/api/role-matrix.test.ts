import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { hashPassword } from '../adapters/security/passwords.js';
import type { UserLevel, VerificationStatus } from '../domain/accounts/events.js';
import type { Access } from './access.js';
import { ACCESS_MESSAGES } from './auth/access-hook.js';
import { ACCESS_TOKEN_MESSAGES } from '../domain/integrations/tokens.js';
import { viewerForToken } from './auth/sessions.js';

type Role = 'anonymous' | 'unverified' | 'verified' | 'admin' | 'owner' | 'blocked' | 'test_user';
const ROLES: readonly Role[] = ['anonymous', 'unverified', 'verified', 'admin', 'owner', 'blocked', 'test_user'];

/** What the access check answers, by route access and caller: 'pass' means the handler runs. */
const EXPECTED: Record<Exclude<Access, 'loopback'>, Record<Role, 'pass' | { status: 401 | 403; message: string }>> = (() => {
  const signIn = { status: 401 as const, message: ACCESS_MESSAGES.signInRequired };
  const adminOnly = { status: 403 as const, message: 'You do not have permission to access this resource.' };
  const testUserRefused = { status: 403 as const, message: ACCESS_MESSAGES.testUserRefused };
  // A blocked account's sessions were ended when it was blocked: its token no longer signs anyone in.
  return {
    anyone: { anonymous: 'pass', unverified: 'pass', verified: 'pass', admin: 'pass', owner: 'pass', blocked: 'pass', test_user: 'pass' },
    signed_in: {
      anonymous: signIn,
      unverified: 'pass',
      verified: 'pass',
      admin: 'pass',
      owner: 'pass',
      blocked: signIn,
      test_user: 'pass',
    },
    verified: {
      anonymous: signIn,
      unverified: { status: 403, message: ACCESS_MESSAGES.verifiedOnly },
      verified: 'pass',
      admin: 'pass',
      owner: 'pass',
      blocked: signIn,
      test_user: 'pass',
    },
    admin: {
      anonymous: signIn,
      unverified: adminOnly,
      verified: adminOnly,
      admin: 'pass',
      owner: 'pass',
      blocked: signIn,
      test_user: testUserRefused,
    },
    owner: {
      anonymous: signIn,
      unverified: adminOnly,
      verified: adminOnly,
      admin: adminOnly,
      owner: 'pass',
      blocked: signIn,
      test_user: testUserRefused,
    },
  };
})();

const ACCESS_MESSAGE_SET = new Set<string>(Object.values(ACCESS_MESSAGES));
const MATRIX_PASSWORD = 'Matrix#pass1';

/** Measured 3 s idle and 20–26 s on a 2-core machine at load 13–20 (was 83–121 s with a session per call); a wide margin. */
const MATRIX_TIMEOUT_MS = 180_000;

describe('role matrix: every API route × every kind of caller', () => {
  let harness: ApiHarness;
  const userIds = {} as Record<Exclude<Role, 'anonymous'>, string>;
  /** One session per kind of caller, reused while it still signs in as that caller. */
  const tokens = new Map<Exclude<Role, 'anonymous'>, string>();

  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 2, seed: 21 });
    const { accounts } = harness.infrastructure;
    const passwordHash = await hashPassword(MATRIX_PASSWORD);
    const make = async (role: Exclude<Role, 'anonymous'>, lvl: UserLevel, verification: VerificationStatus) => {
      const { userId } = await accounts.register({
        username: `matrix_${role}`,
        email: `${role}@matrix.example`,
        password: null,
        passwordHash,
        lvl,
        verification,
      });
      userIds[role] = userId;
    };
    await make('unverified', 'base', 'pending');
    await make('verified', 'base', 'verified');
    await make('admin', 'admin', 'verified');
    await make('owner', 'owner', 'verified');
    await make('blocked', 'base', 'verified');
    await make('test_user', 'admin', 'verified');
    // The blocked caller holds the session it had when it was blocked: blocking ended it.
    const blockedId = userIds.blocked;
    const session = await accounts.startSession(blockedId, 'password', null, { userId: blockedId, role: 'base' });
    await accounts.changeVerificationStatus(blockedId, 'blocked', 'role matrix', { userId: null, role: 'operator' });
    tokens.set('blocked', session.token);
    await harness.catchUp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** Whether `token` still signs in as the kind of caller `role` stands for. */
  async function stillSignsInAs(role: Exclude<Role, 'anonymous' | 'blocked'>, token: string): Promise<boolean> {
    const viewer = await viewerForToken(harness.infrastructure.database.db, token);
    return viewer !== null && viewer.userId === userIds[role] && (viewer.impersonatedBy !== null) === (role === 'test_user');
  }

  /** The role's session, a new one only when a route ended the last one (logout, test-user stop …). */
  async function tokenFor(role: Role): Promise<string | undefined> {
    if (role === 'anonymous') return undefined;
    const cached = tokens.get(role);
    if (role === 'blocked' || (cached !== undefined && (await stillSignsInAs(role, cached)))) return cached;
    const { accounts } = harness.infrastructure;
    const userId = userIds[role];
    const session =
      role === 'test_user'
        ? await accounts.startTestUserMode(userId, { userId, role: 'admin' })
        : await accounts.startSession(userId, 'password', null, { userId, role: 'base' });
    await harness.catchUp();
    tokens.set(role, session.token);
    return session.token;
  }

  it(
    'answers each route as its declared access says, and never with a 500',
    async () => {
      const routes = harness.app.routeAccess.filter((route) => route.access !== 'loopback');
      expect(routes.length).toBeGreaterThan(25);
      const mismatches: string[] = [];
      let checked = 0;
      for (const route of routes) {
        for (const role of ROLES) {
          const url = route.url.replace(/:[A-Za-z]+/gu, 'x');
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const answer = await harness.call(route.method as 'GET', url, { token: await tokenFor(role), ...(withBody ? { body: {} } : {}) });
          // Whatever the call appended (a logout, a view) is in the read models before the next caller.
          await harness.catchUp();
          const expected = EXPECTED[route.access as Exclude<Access, 'loopback'>][role];
          const message = typeof answer.body.message === 'string' ? answer.body.message : '';
          const refusedByAccessCheck = (answer.status === 401 || answer.status === 403) && ACCESS_MESSAGE_SET.has(message);
          const ok =
            answer.status < 500 &&
            (expected === 'pass' ? !refusedByAccessCheck : answer.status === expected.status && message === expected.message);
          if (!ok)
            mismatches.push(
              `${route.method} ${route.url} as ${role}: ${answer.status} ${message} (expected ${expected === 'pass' ? 'pass' : `${expected.status} ${expected.message}`})`,
            );
          checked += 1;
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(routes.length * ROLES.length);
      console.info(`role matrix: ${routes.length} routes × ${ROLES.length} callers = ${checked} checks`);
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    'takes a personal access token only on routes that declare its scope, never on admin, owner or loopback routes',
    async () => {
      const created = await harness.call<{ token: string }>('POST', '/api/tokens', {
        token: await tokenFor('verified'),
        body: { name: 'matrix', scopes: ['read', 'write'] },
      });
      expect(created.status).toBe(201);
      const tokenMessages = new Set<string>([ACCESS_TOKEN_MESSAGES.refusedHere, ACCESS_TOKEN_MESSAGES.invalid]);
      const mismatches: string[] = [];
      for (const route of harness.app.routeAccess) {
        const url = route.url.replace(/:[A-Za-z]+/gu, 'x');
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        // Markdown first: the post's Markdown route answers only a request that prefers it (others never reach it).
        const answer = await harness.call(route.method as 'GET', url, {
          bearer: created.body.token,
          headers: { accept: 'text/markdown, application/json;q=0.9, */*;q=0.8' },
          ...(withBody ? { body: {} } : {}),
        });
        await harness.catchUp();
        const message = typeof answer.body.message === 'string' ? answer.body.message : '';
        const refused = answer.status === 403 && message === ACCESS_TOKEN_MESSAGES.refusedHere;
        const takesTokens = route.tokenScope !== undefined;
        const ok = answer.status < 500 && (takesTokens ? !tokenMessages.has(message) && !ACCESS_MESSAGE_SET.has(message) : refused);
        if (!ok)
          mismatches.push(
            `${route.method} ${route.url} (${route.access}, scope ${route.tokenScope ?? 'none'}): ${answer.status} ${message}`,
          );
      }
      expect(mismatches).toEqual([]);
    },
    MATRIX_TIMEOUT_MS,
  );

  it('refuses a blocked account at login with its own message', async () => {
    const answer = await harness.call('POST', '/api/login', {
      body: { login: 'matrix_blocked', password: MATRIX_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: true, message: ACCESS_MESSAGES.blocked });
  });
});
