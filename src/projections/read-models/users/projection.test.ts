import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../adapters/db/database.js';
import { createPostgresVault, type PersonalDataVault } from '../../../adapters/vault/vault.js';
import { userStream, type AccountEvent, type StoredUsername, type UserRegistered } from '../../../domain/accounts/events.js';
import { erasedUsername } from '../../../domain/accounts/rules.js';
import { databaseTargets } from '../../../../tests/fixtures/databases.js';
import { projectionSpec, recordedLog } from '../../../../tests/fixtures/projection-spec.js';
import { usersProjection } from './projection.js';

const registered = (userId: string, username: StoredUsername): UserRegistered['data'] => ({
  userId,
  username,
  emailEnc: `email-${userId}`,
  emailLookup: `lookup-${userId}`,
  displayNameEnc: null,
  lvl: 'base',
  passwordHash: '$argon2id$hash',
  googleKey: null,
  verification: 'pending',
});
const on = (userId: string, event: AccountEvent) => ({ streamId: userStream(userId), ...event });

describe.each(databaseTargets())('users projection: $name', (target) => {
  let database: Database;
  let spec: ReturnType<typeof projectionSpec>;
  let vault: PersonalDataVault;
  /** A username as registration seals it (the blind index is not what this model reads). */
  const sealed = async (userId: string, username: string) => ({
    sealed: await vault.encrypt(userId, username),
    lookup: `lookup-${username}`,
  });
  beforeAll(async () => {
    database = await target.open();
    spec = projectionSpec(database.db, usersProjection);
    vault = createPostgresVault(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('follows accounts and their sessions; an erased account keeps its row without personal data; applied twice, the same rows', async () => {
    const log = recordedLog([
      on('u1', { type: 'UserRegistered', data: registered('u1', await sealed('u1', 'ada')) }),
      on('u1', {
        type: 'SessionStarted',
        data: {
          userId: 'u1',
          sessionId: 's1',
          tokenHash: 'h1',
          expiresAt: '2026-02-01T00:00:00.000Z',
          method: 'signup',
          isTestUser: false,
        },
      }),
      on('u1', { type: 'EmailVerified', data: { userId: 'u1', method: 'code' } }),
      on('u1', { type: 'NotificationSettingsChanged', data: { userId: 'u1', settings: { allowUpdateEmails: false } } }),
      on('u1', { type: 'UsernameChanged', data: { userId: 'u1', to: await sealed('u1', 'ada2') } }),
      on('u1', {
        type: 'VerificationCodeIssued',
        data: { userId: 'u1', codeId: 'c1', codeHash: 'x', expiresAt: '2026-01-01T00:10:00.000Z', attempts: 5 },
      }),
      on('u2', { type: 'UserRegistered', data: registered('u2', await sealed('u2', 'bob')) }),
      on('u2', {
        type: 'SessionStarted',
        data: {
          userId: 'u2',
          sessionId: 's2',
          tokenHash: 'h2',
          expiresAt: '2026-02-01T00:00:00.000Z',
          method: 'password',
          isTestUser: false,
        },
      }),
      on('u2', { type: 'SessionEnded', data: { userId: 'u2', sessionId: 's2', reason: 'account_deleted' } }),
      on('u2', { type: 'AccountDeleted', data: { userId: 'u2' } }),
      // Registered before usernames were sealed: upcast to the name in clear.
      on('u3', { type: 'UserRegistered', data: registered('u3', { clear: 'cleo' }) }),
    ]);
    const { users, sessions } = await spec.given(log, 3);
    // Erasure destroys the key after AccountDeleted: rebuilt then, the name can no longer be opened, and the rows are the same.
    await vault.forget('u2');
    expect(await spec.given(log, 3)).toEqual({ users, sessions });
    expect(
      users!.map((row) => [
        row.id,
        row.username,
        row.verification,
        row.email_enc,
        row.password_hash,
        row.erased,
        (row.notifications as Record<string, boolean>).allowUpdateEmails,
        Number(row.last_position),
      ]),
    ).toEqual([
      ['u1', 'ada2', 'verified', 'email-u1', '$argon2id$hash', false, false, 5],
      ['u2', erasedUsername('u2'), 'pending', null, null, true, true, 10],
      ['u3', 'cleo', 'pending', 'email-u3', '$argon2id$hash', false, true, 11],
    ]);
    expect(
      sessions!.map((row) => [
        row.session_id,
        row.user_id,
        row.method,
        row.ended_at === null ? null : (row.ended_at as Date).toISOString(),
      ]),
    ).toEqual([
      ['s1', 'u1', 'signup', null],
      ['s2', 'u2', 'password', '2026-01-01T00:08:00.000Z'],
    ]);
  });
});
