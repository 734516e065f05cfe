import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { hashPassword } from '../adapters/security/passwords.js';
import type { UserLevel, VerificationStatus } from '../domain/accounts/events.js';
import type { Access } from './access.js';
import { ACCESS_MESSAGES } from './auth/access-hook.js';

type Role = 'anonymous' | 'unverified' | 'verified' | 'admin' | 'owner' | 'blocked' | 'test_user';
const ROLES: readonly Role[] = ['anonymous', 'unverified', 'verified', 'admin', 'owner', 'blocked', 'test_user'];

/** What the access check answers, by route access and caller: 'pass' means the handler runs. */
const EXPECTED: Record<Exclude<Access, 'loopback'>, Record<Role, 'pass' | { status: 401 | 403; message: string }>> = (() => {
  const signIn = { status: 401 as const, message: ACCESS_MESSAGES.signInRequired };
  const adminOnly = { status: 403 as const, message: ACCESS_MESSAGES.adminOnly };
  const testUserRefused = { status: 403 as const, message: ACCESS_MESSAGES.testUserRefused };
  // A blocked account's sessions were ended when it was blocked: its token no longer signs anyone in.
  return {
    anyone: { anonymous: 'pass', unverified: 'pass', verified: 'pass', admin: 'pass', owner: 'pass', blocked: 'pass', test_user: 'pass' },
    signed_in: { anonymous: signIn, unverified: 'pass', verified: 'pass', admin: 'pass', owner: 'pass', blocked: signIn, test_user: 'pass' },
    verified: {
      anonymous: signIn,
      unverified: { status: 403, message: ACCESS_MESSAGES.verifiedOnly },
      verified: 'pass',
      admin: 'pass',
      owner: 'pass',
      blocked: signIn,
      test_user: 'pass',
    },
    admin: { anonymous: signIn, unverified: adminOnly, verified: adminOnly, admin: 'pass', owner: 'pass', blocked: signIn, test_user: testUserRefused },
    owner: { anonymous: signIn, unverified: adminOnly, verified: adminOnly, admin: adminOnly, owner: 'pass', blocked: signIn, test_user: testUserRefused },
  };
})();

const ACCESS_MESSAGE_SET = new Set<string>(Object.values(ACCESS_MESSAGES));

describe('role matrix: every API route × every kind of caller', () => {
  let harness: ApiHarness;
  const userIds = {} as Record<Exclude<Role, 'anonymous'>, string>;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 2, templates: 2, seed: 21 });
    const { accounts } = harness.infrastructure;
    const passwordHash = await hashPassword('Matrix#pass1');
    const make = async (role: Exclude<Role, 'anonymous'>, lvl: UserLevel, verification: VerificationStatus) => {
      const { userId } = await accounts.register({ username: `matrix_${role}`, email: `${role}@matrix.example`, password: null, passwordHash, lvl, verification });
      userIds[role] = userId;
    };
    await make('unverified', 'base', 'pending');
    await make('verified', 'base', 'verified');
    await make('admin', 'admin', 'verified');
    await make('owner', 'owner', 'verified');
    await make('blocked', 'base', 'verified');
    await make('test_user', 'admin', 'verified');
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** A fresh session for the role (some routes end the session they are called with). */
  async function tokenFor(role: Role): Promise<string | undefined> {
    const { accounts, runner } = harness.infrastructure;
    if (role === 'anonymous') return undefined;
    const userId = userIds[role];
    const actor = { userId, role: 'base' as const };
    let session = role === 'test_user' ? await accounts.startTestUserMode(userId, { userId, role: 'admin' }) : await accounts.startSession(userId, 'password', null, actor);
    if (role === 'blocked') {
      const blocked = await accounts.changeVerificationStatus(userId, 'blocked', 'role matrix', { userId: null, role: 'operator' });
      await runner.waitFor(blocked.position!, 5_000);
      await accounts.changeVerificationStatus(userId, 'verified', 'role matrix reset', { userId: null, role: 'operator' });
      // Unblocking does not bring the ended session back.
      session = { ...session, position: (await harness.infrastructure.store.headPosition()) };
    }
    await runner.waitFor(session.position!, 5_000);
    return session.token;
  }

  it('answers each route as its declared access says, and never with a 500', async () => {
    const routes = harness.app.routeAccess.filter((route) => route.access !== 'loopback');
    expect(routes.length).toBeGreaterThan(25);
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const role of ROLES) {
        const url = route.url.replace(/:[A-Za-z]+/gu, 'x');
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const answer = await harness.call(route.method as 'GET', url, { token: await tokenFor(role), ...(withBody ? { body: {} } : {}) });
        const expected = EXPECTED[route.access as Exclude<Access, 'loopback'>][role];
        const message = typeof answer.body.message === 'string' ? answer.body.message : '';
        const refusedByAccessCheck = (answer.status === 401 || answer.status === 403) && ACCESS_MESSAGE_SET.has(message);
        const ok =
          answer.status < 500 &&
          (expected === 'pass' ? !refusedByAccessCheck : answer.status === expected.status && message === expected.message);
        if (!ok) mismatches.push(`${route.method} ${route.url} as ${role}: ${answer.status} ${message} (expected ${expected === 'pass' ? 'pass' : `${expected.status} ${expected.message}`})`);
        checked += 1;
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(routes.length * ROLES.length);
    console.info(`role matrix: ${routes.length} routes × ${ROLES.length} callers = ${checked} checks`);
  }, 120_000);

  it('refuses a blocked account at login with its own message', async () => {
    const { accounts } = harness.infrastructure;
    await accounts.changeVerificationStatus(userIds.blocked, 'blocked', 'spam', { userId: null, role: 'operator' });
    await harness.infrastructure.runner.waitFor(await harness.infrastructure.store.headPosition(), 5_000);
    const answer = await harness.call('POST', '/api/login', { body: { login: 'matrix_blocked', password: 'Matrix#pass1' }, remoteAddress: '10.9.9.9' });
    expect(answer.status).toBe(403);
  });
});
