import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessDatabases, startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';
import { cataloguePlan, DEMO_ADMIN_USERNAME, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/accounts/rules.js';
import { USER_MANAGEMENT_MESSAGES } from '../../src/domain/accounts/user-management.js';
import { ADMIN_DECISION_REASON_MAX } from '../../src/domain/templates/rules.js';

type Json = Record<string, unknown>;

/**
 * The seeded catalogue's first account is an owner, as on a fresh install. Suites about who the last
 * owner is make it an admin (as an operator would), so that only their own owners count.
 */
async function demoteFirstAccount(harness: ApiHarness, catalogue: CatalogueSize): Promise<void> {
  const first = cataloguePlan(catalogue).admin.userId;
  const result = await harness.infrastructure.accounts.changeLevel(first, 'admin', { userId: null, role: 'operator' });
  await harness.catchUp(result.position);
}

describe('a fresh install', () => {
  const catalogue: CatalogueSize = { users: 2, templates: 0, seed: 61 };
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(catalogue);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('makes its first account the owner, who can change another member’s level', async () => {
    const signedIn = await harness.call<{ token: string; user: { lvl: string } }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
    });
    expect(signedIn.body.user.lvl).toBe('owner');
    const member = cataloguePlan(catalogue).users[1]!;
    const changed = await harness.call<Json>('POST', `/api/admin/users/${member.userId}/level`, {
      token: signedIn.body.token,
      body: { lvl: 'admin' },
    });
    expect(changed, JSON.stringify(changed.body)).toMatchObject({ status: 200 });
    const memberSignedIn = await harness.call<{ user: { lvl: string } }>('POST', '/api/login', {
      body: { login: member.username, password: TEST_DEMO_PASSWORD },
    });
    expect(memberSignedIn.body.user.lvl).toBe('admin');
  });
});

describe('user management: PUT /users/private/me1 (the portal’s user update)', () => {
  let harness: ApiHarness;
  let admin: Member;
  let otherAdmin: Member;
  let owner: Member;
  let member: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 41 });
    await demoteFirstAccount(harness, { users: 1, templates: 0, seed: 41 });
    admin = await makeMember(harness, { prefix: 'um_admin', lvl: 'admin', verification: 'verified' });
    otherAdmin = await makeMember(harness, { prefix: 'um_admin2', lvl: 'admin', verification: 'verified' });
    owner = await makeMember(harness, { prefix: 'um_owner', lvl: 'owner', verification: 'verified' });
    member = await makeMember(harness, { prefix: 'um_member', verification: 'pending' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const update = (token: string, body: Json) => harness.call<Json>('PUT', '/api/users/private/me1', { token, body });

  it('lets an admin verify or block a member with a reason, and the change is an event in the account’s history', async () => {
    const answer = await update(admin.token, { user: member.userId, status: 'verified', reason: 'Checked the portfolio' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'User successfully updated!',
      user: { _id: member.userId, verification: 'verified', lvl: 'base' },
    });
    const history = await harness.call<{ data: { type: string; actor: Json; details: Json }[] }>(
      'GET',
      `/api/admin/users/${member.userId}/history`,
      { token: admin.token },
    );
    // Who decided, by name: the portal lists the history without a way to look an id up.
    expect(history.body.data.at(-1)).toMatchObject({
      type: 'VerificationStatusChanged',
      actor: { userId: admin.userId, username: admin.username, role: 'admin' },
      details: { from: 'pending', to: 'verified', reason: 'Checked the portfolio' },
    });
  });

  it('shows the username and each rename in clear in the history while the account exists, never sealed; nothing of them once erased', async () => {
    const renamed = await makeMember(harness, { prefix: 'um_renamed' });
    const answer = await harness.call('POST', '/api/users/me/update', { token: renamed.token, body: { username: `${renamed.username}x` } });
    expect(answer.status).toBe(200);
    const history = async () =>
      (
        await harness.call<{ data: { type: string; details: Json }[] }>('GET', `/api/admin/users/${renamed.userId}/history`, {
          token: admin.token,
        })
      ).body.data;
    const names = (entries: { type: string; details: Json }[]) =>
      entries.filter((entry) => entry.type === 'UserRegistered' || entry.type === 'UsernameChanged').map((entry) => entry.details);
    const shown = await history();
    expect(names(shown)).toMatchObject([{ username: renamed.username }, { from: renamed.username, to: `${renamed.username}x` }]);
    expect(JSON.stringify(shown)).not.toContain('pd1:');

    await harness.infrastructure.accounts.deleteAccount(renamed.userId, { userId: renamed.userId, role: 'base' });
    await harness.catchUp();
    expect(names(await history())).toMatchObject([{ username: null }, { from: null, to: null }]);
  });

  it('refuses a status change without a reason, a level change by an admin, and an admin blocking an admin — changing nothing', async () => {
    expect(await update(admin.token, { user: member.userId, status: 'blocked' })).toMatchObject({
      status: 400,
      body: { message: USER_MANAGEMENT_MESSAGES.reasonRequired },
    });
    expect(await update(admin.token, { user: member.userId, lvl: 'admin' })).toMatchObject({
      status: 403,
      body: { message: USER_MANAGEMENT_MESSAGES.levelNeedsOwner },
    });
    expect(
      await update(admin.token, { user: member.userId, status: 'blocked', reason: 'x'.repeat(ADMIN_DECISION_REASON_MAX + 1) }),
    ).toMatchObject({ status: 400 });
    // Both at once: the status part alone would be allowed, but nothing is written.
    expect(await update(admin.token, { user: member.userId, lvl: 'admin', status: 'blocked', reason: 'spam' })).toMatchObject({
      status: 403,
    });
    expect(await update(admin.token, { user: otherAdmin.userId, status: 'blocked', reason: 'spam' })).toMatchObject({
      status: 403,
      body: { message: ACCOUNT_MESSAGES.statusChangeNeedsOwner },
    });
    expect(await update(admin.token, { user: admin.userId, status: 'pending', reason: 'me' })).toMatchObject({
      status: 409,
      body: { message: USER_MANAGEMENT_MESSAGES.notYourself },
    });
    expect(await update(admin.token, { user: member.userId, status: 'verified' })).toMatchObject({
      status: 400,
      body: { message: USER_MANAGEMENT_MESSAGES.nothingToChange },
    });
    const history = await harness.call<{ data: { type: string }[] }>('GET', `/api/admin/users/${member.userId}/history`, {
      token: admin.token,
    });
    expect(
      history.body.data.filter((entry) => entry.type === 'UserLevelChanged' || entry.type === 'VerificationStatusChanged'),
    ).toHaveLength(1);
  });

  it('lets an owner change a level and block an admin', async () => {
    expect(await update(owner.token, { user: member.userId, lvl: 'admin' })).toMatchObject({
      status: 200,
      body: { user: { lvl: 'admin' } },
    });
    expect(await update(owner.token, { user: otherAdmin.userId, status: 'blocked', reason: 'Left the team' })).toMatchObject({
      status: 200,
      body: { user: { verification: 'blocked' } },
    });
    const page = await harness.call<{ data: { username: string; lvl: string; verification: string }[] }>(
      'GET',
      `/api/admin/allusers?q=um_`,
      { token: owner.token },
    );
    expect(page.body.data.find((row) => row.username === otherAdmin.username)).toMatchObject({ verification: 'blocked' });
    expect(page.body.data.find((row) => row.username === member.username)).toMatchObject({ lvl: 'admin' });
  });

  it('refuses an owner demoting or blocking themselves by every route, so the portal keeps its owner', async () => {
    const self = `/api/admin/users/${owner.userId}`;
    for (const lvl of ['admin', 'base'] as const) {
      expect(await harness.call<Json>('POST', `${self}/level`, { token: owner.token, body: { lvl } })).toMatchObject({
        status: 409,
        body: { message: USER_MANAGEMENT_MESSAGES.notYourself },
      });
      expect(await update(owner.token, { user: owner.userId, lvl })).toMatchObject({
        status: 409,
        body: { message: USER_MANAGEMENT_MESSAGES.notYourself },
      });
    }
    expect(
      await harness.call<Json>('POST', `${self}/verification`, { token: owner.token, body: { status: 'blocked', reason: 'me' } }),
    ).toMatchObject({ status: 409, body: { message: USER_MANAGEMENT_MESSAGES.notYourself } });
    expect(await update(owner.token, { user: owner.userId, status: 'blocked', reason: 'me' })).toMatchObject({
      status: 409,
      body: { message: USER_MANAGEMENT_MESSAGES.notYourself },
    });
    const history = await harness.call<{ data: { type: string }[] }>('GET', `${self}/history`, { token: owner.token });
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((entry) => entry.type).filter((type) => type === 'UserLevelChanged' || type === 'VerificationStatusChanged'),
    ).toEqual([]);
  });
  // Last: the owner leaves. Nobody else could then make owners or manage admins.
  it('refuses the only owner deleting their account until another member is an owner', async () => {
    const remove = () => harness.call<Json>('POST', '/api/users/me/delete', { token: owner.token, body: { password: 'Member#pass1' } });
    expect(await remove()).toMatchObject({ status: 409, body: { message: USER_MANAGEMENT_MESSAGES.lastOwnerDelete } });
    expect((await harness.call('GET', '/api/users/private/me', { token: owner.token })).status).toBe(200);
    // A blocked owner is no owner to hand over to.
    const successor = await makeMember(harness, { prefix: 'um_successor', verification: 'verified' });
    expect(await update(owner.token, { user: successor.userId, lvl: 'owner' })).toMatchObject({ status: 200 });
    expect(await update(owner.token, { user: successor.userId, status: 'blocked', reason: 'Left' })).toMatchObject({ status: 200 });
    expect(await remove()).toMatchObject({ status: 409, body: { message: USER_MANAGEMENT_MESSAGES.lastOwnerDelete } });
    expect(await update(owner.token, { user: successor.userId, status: 'verified', reason: 'Back' })).toMatchObject({ status: 200 });
    expect((await remove()).status).toBe(200);
    expect((await harness.call('GET', '/api/users/private/me', { token: owner.token })).status).toBe(401);
  });
});

describe.each(harnessDatabases())('Tessera keeps an active owner when owners act at the same instant: $name', (database) => {
  let harness: ApiHarness;
  beforeAll(async () => {
    if (database.skipped) return;
    harness = await startApiHarness({ users: 1, templates: 0, seed: 43 }, { database: database.name });
    await demoteFirstAccount(harness, { users: 1, templates: 0, seed: 43 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const activeOwners = async () => {
    const page = await harness.call<{ data: { username: string; lvl: string; verification: string; erased: boolean }[] }>(
      'GET',
      '/api/admin/allusers?q=race_',
      { token: (await anOwner()).token },
    );
    return page.body.data.filter((row) => row.lvl === 'owner' && row.verification !== 'blocked' && !row.erased).map((row) => row.username);
  };
  const owners: Member[] = [];
  /** An owner still standing (not deleted, blocked or demoted: an admin may list users too), to look with and to make the next one. */
  const anOwner = async () => {
    for (const owner of owners) {
      const me = await harness.call<{ lvl: string }>('GET', '/api/users/private/me', { token: owner.token });
      if (
        me.status === 200 &&
        me.body.lvl === 'owner' &&
        (await harness.call('GET', '/api/admin/allusers', { token: owner.token })).status === 200
      )
        return owner;
    }
    throw new Error('no owner left');
  };
  const newOwner = async (prefix: string) => {
    const owner = await makeMember(harness, { prefix, lvl: 'owner', verification: 'verified' });
    owners.push(owner);
    return owner;
  };
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

  it('lets only one of two owners deleting their accounts at once go (both went: no owner was left)', async () => {
    if (database.skipped) return;
    const [first, second] = [await newOwner('race_del_a'), await newOwner('race_del_b')];
    const answers = await Promise.all(
      [first, second].map((owner) =>
        harness.call<Json>('POST', '/api/users/me/delete', { token: owner.token, body: { password: 'Member#pass1' } }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(USER_MANAGEMENT_MESSAGES.lastOwnerDelete);
    expect(await activeOwners()).toHaveLength(1);
  });

  it.each([
    ['demoting', 'level', { lvl: 'admin' }],
    ['blocking', 'verification', { status: 'blocked', reason: 'Race' }],
  ] as const)('lets only one of two owners %s each other at once do it', async (_action, route, body) => {
    if (database.skipped) return;
    const first = await anOwner();
    const second = await newOwner(`race_${route}`);
    const answers = await Promise.all([
      harness.call<Json>('POST', `/api/admin/users/${second.userId}/${route}`, { token: first.token, body }),
      harness.call<Json>('POST', `/api/admin/users/${first.userId}/${route}`, { token: second.token, body }),
    ]);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(USER_MANAGEMENT_MESSAGES.lastOwnerChange);
    expect(await activeOwners()).toHaveLength(1);
  });

  it('lets an owner go, one at a time, when another stays', async () => {
    if (database.skipped) return;
    const last = await anOwner();
    await newOwner('race_after');
    expect(
      (await harness.call<Json>('POST', '/api/users/me/delete', { token: last.token, body: { password: 'Member#pass1' } })).status,
    ).toBe(200);
    expect(await activeOwners()).toHaveLength(1);
  });
});
