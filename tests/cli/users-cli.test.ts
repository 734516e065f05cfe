import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath, OPERATOR_COMMANDS } from '../../scripts/bundles.mjs';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { cataloguePlan, seedCatalogue, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { userStream } from '../../src/domain/accounts/events.js';
import { passwordProblem } from '../../src/domain/accounts/rules.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

function runUsersCli(dataDir: string, args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--enable-source-maps', bundlePath(OPERATOR_COMMANDS.users), ...args], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

const CATALOGUE: CatalogueSize = { users: 3, templates: 1, seed: 4 };
/** A member of the seeded catalogue (its first account, `admin`, is the owner already). */
const MEMBER = cataloguePlan(CATALOGUE).users[1]!.username;

describe('npm run users (operator tool)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await newDataDirectory('tessera-users-cli-');
    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    await seedCatalogue(infrastructure, CATALOGUE);
    await infrastructure.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('promotes a user with an event whose actor is the operator, and explains bad input', async () => {
    // An install from before the first account was made the owner promotes it this way.
    expect(runUsersCli(dataDir, ['promote', 'admin', 'owner']).stdout).toContain('admin: nothing to change.');
    const promoted = runUsersCli(dataDir, ['promote', MEMBER, 'owner']);
    expect(promoted.stdout).toContain(`${MEMBER}: UserLevelChanged.`);
    expect(promoted.status).toBe(0);

    const unknown = runUsersCli(dataDir, ['promote', 'nobody', 'admin']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('There is no user named "nobody".');
    const badLevel = runUsersCli(dataDir, ['promote', 'admin', 'king']);
    expect(badLevel.status).toBe(1);
    expect(badLevel.stderr).toContain('The level must be one of base, admin, owner.');
    const unknownAction = runUsersCli(dataDir, ['demote', 'admin']);
    expect(unknownAction.status).toBe(1);
    expect(unknownAction.stderr).toContain('Unknown action "demote".');
    const extra = runUsersCli(dataDir, ['unblock', 'admin', 'now']);
    expect(extra.status).toBe(1);
    expect(extra.stderr).toContain('Unexpected "now" after unblock admin.');

    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    try {
      const events = await infrastructure.store.readAll({ after: -1n, maxCount: 10_000 });
      const change = events.find((event) => event.type === 'UserLevelChanged');
      expect(change?.metadata.actor).toEqual({ userId: null, role: 'operator' });
      expect(change?.streamId).toMatch(new RegExp(`^${userStream('')}`, 'u'));
      expect(change?.data).toMatchObject({ from: 'base', to: 'owner' });
    } finally {
      await infrastructure.close();
    }
  });

  it('resets a password from the command line: prints a new random one that signs in, and ends the sessions', async () => {
    const reset = runUsersCli(dataDir, ['reset-password', 'admin']);
    expect(reset.status).toBe(0);
    const password = /the new password is (\S+)/u.exec(reset.stdout)?.[1];
    expect(password).toBeDefined();
    expect(passwordProblem(password!)).toBeNull();
    const again = /the new password is (\S+)/u.exec(runUsersCli(dataDir, ['reset-password', 'admin']).stdout)?.[1];
    expect(again).not.toBe(password);

    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined });
    try {
      await infrastructure.runner.start();
      expect(await infrastructure.runner.waitFor(await infrastructure.store.headPosition(), 30_000)).toBe(true);
      await expect(infrastructure.accounts.login('admin', password!)).rejects.toThrow();
      await expect(infrastructure.accounts.login('admin', again!)).resolves.toMatchObject({ session: { token: expect.any(String) } });
      const events = await infrastructure.store.readAll({ after: -1n, maxCount: 10_000 });
      const changed = events.filter((event) => event.type === 'PasswordChanged');
      expect(changed.map((event) => [(event.data as { reason: string }).reason, event.metadata.actor])).toEqual([
        ['set_by_operator', { userId: null, role: 'operator' }],
        ['set_by_operator', { userId: null, role: 'operator' }],
      ]);
    } finally {
      await infrastructure.close();
    }
  });
});
