import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { accountDeciderFor, type AccountCommand } from './decider.js';
import {
  withClearNewUsername,
  withClearUsername,
  type AccountEvent,
  type SealedUsername,
  type SessionStarted,
  type UserRegistered,
} from './events.js';
import { ACCOUNT_MESSAGES, SESSION_LIFETIME_MS, TEST_USER_SESSION_LIFETIME_MS } from './rules.js';
import { USER_MANAGEMENT_MESSAGES } from './user-management.js';

const userId = 'user-1';
const data: UserRegistered['data'] & { username: SealedUsername } = {
  userId,
  username: { sealed: 'pd1:bmFtZQ==', lookup: 'username-lookup-1' },
  emailEnc: 'pd1:ZW1haWw=',
  emailLookup: 'lookup-1',
  displayNameEnc: null,
  lvl: 'base',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  googleKey: null,
  verification: 'pending',
};
const register: AccountCommand = { type: 'RegisterUser', data };
const registered: UserRegistered = { type: 'UserRegistered', data };
const NOW = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-22T10:20:00.000Z';
const session = (sessionId: string): SessionStarted => ({
  type: 'SessionStarted',
  data: { userId, sessionId, tokenHash: `hash-${sessionId}`, expiresAt: '2026-12-22T10:00:00.000Z', method: 'password', isTestUser: false },
});
const codeIssued: AccountEvent = {
  type: 'VerificationCodeIssued',
  data: { userId, codeId: 'code-1', codeHash: 'right', expiresAt: '2026-11-22T10:10:00.000Z', attempts: 5 },
};
const resetRequested: AccountEvent = {
  type: 'PasswordResetRequested',
  data: { userId, resetId: 'reset-1', tokenHash: 'reset-hash', expiresAt: '2026-11-22T11:00:00.000Z' },
};

const spec = deciderSpec(accountDeciderFor(userId));

describe('account decider', () => {
  it('registers a new user, and refuses the same account twice', () => {
    spec.given([]).when(register).then([registered]);
    spec.given([registered]).when(register).thenThrows('conflict', 'This account already exists.');
  });

  it('refuses commands on accounts that do not exist or were erased', () => {
    spec.given([]).when({ type: 'MarkAccountSetupPageViewed' }).thenThrows('not_found', 'This user does not exist');
    spec
      .given([registered, { type: 'AccountDeleted', data: { userId } }])
      .when({ type: 'MarkAccountSetupPageViewed' })
      .thenThrows('not_found', 'This user does not exist');
  });

  it('renames by the blind index: a new name is sealed in the event, the same name (even spelt in clear before) decides nothing', () => {
    const sealedTo: SealedUsername = { sealed: 'pd1:bmV3', lookup: 'username-lookup-2' };
    spec
      .given([registered])
      .when({ type: 'ChangeUsername', data: { to: sealedTo } })
      .then([{ type: 'UsernameChanged', data: { userId, to: sealedTo } }]);
    spec
      .given([registered])
      .when({ type: 'ChangeUsername', data: { to: { sealed: 'pd1:b3RoZXI=', lookup: data.username.lookup } } })
      .then([]);
    // An account registered before usernames were sealed: its v1 events, as the upcasters lift them.
    const v1: UserRegistered = {
      type: 'UserRegistered',
      data: withClearUsername({ ...data, username: 'ada_lovelace' }) as UserRegistered['data'],
    };
    expect(v1.data.username).toEqual({ clear: 'ada_lovelace' });
    expect(withClearNewUsername({ userId, from: 'ada_lovelace', to: 'ada' })).toEqual({ userId, to: { clear: 'ada' } });
    spec
      .given([v1])
      .when({ type: 'ChangeUsername', data: { to: sealedTo } })
      .then([{ type: 'UsernameChanged', data: { userId, to: sealedTo } }]);
  });

  it('starts a session only with the password hash that is current, and never for a blocked account', () => {
    const start = (checkedPasswordHash: string | null): AccountCommand => ({
      type: 'StartSession',
      data: { sessionId: 's1', tokenHash: 'hash-s1', expiresAt: '2026-12-22T10:00:00.000Z', method: 'password', checkedPasswordHash },
    });
    spec
      .given([registered])
      .when(start(data.passwordHash))
      .then([session('s1')]);
    spec.given([registered]).when(start('an-older-hash')).thenThrows('invalid', 'Invalid email/password combination.');
    spec
      .given([registered, { type: 'VerificationStatusChanged', data: { userId, from: 'pending', to: 'blocked', reason: 'spam' } }])
      .when(start(data.passwordHash))
      .thenThrows('forbidden', ACCOUNT_MESSAGES.accountBlocked);
  });

  it('folds without changing a state it was given: the sessions an earlier state holds stay in it', () => {
    const decider = accountDeciderFor(userId);
    const earlier = [registered, session('s1'), session('s2')].reduce(decider.evolve, decider.initialState());
    const ended: AccountEvent = { type: 'SessionEnded', data: { userId, sessionId: 's1', reason: 'logout' } };
    const later = [ended, session('s3')].reduce(decider.evolve, earlier);
    const endS1: AccountCommand = { type: 'EndSession', data: { sessionId: 's1', reason: 'logout' } };
    expect(decider.decide(endS1, earlier)).toEqual([ended]);
    expect(decider.decide(endS1, later)).toEqual([]);
    expect([[...earlier.sessions.keys()], [...later.sessions.keys()]]).toEqual([
      ['s1', 's2'],
      ['s2', 's3'],
    ]);
  });

  it('forgets the oldest sessions that had expired when a later one started, so a password change ends only the others', () => {
    const decider = accountDeciderFor(userId);
    const startedAt = (sessionId: string, at: string, isTestUser = false): SessionStarted => ({
      type: 'SessionStarted',
      data: {
        userId,
        sessionId,
        tokenHash: `hash-${sessionId}`,
        expiresAt: new Date(Date.parse(at) + (isTestUser ? TEST_USER_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS)).toISOString(),
        method: isTestUser ? 'test_user' : 'password',
        isTestUser,
      },
    });
    // s1 expires on 31 January, the test session t1 on 5 February at 01:00, s2 on 4 March, s3 (started on 1 March) on 31 March.
    const history = [
      registered,
      startedAt('s1', '2026-01-01T00:00:00.000Z'),
      startedAt('s2', '2026-02-02T00:00:00.000Z'),
      startedAt('t1', '2026-02-05T00:00:00.000Z', true),
    ];
    const s3 = startedAt('s3', '2026-03-01T00:00:00.000Z');
    // s1 had expired when s3 started; t1 too, but it waits behind s2, which had not: kept as before.
    expect([...[...history, s3].reduce(decider.evolve, decider.initialState()).sessions.keys()]).toEqual(['s2', 't1', 's3']);
    const changed: AccountEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'new-hash', reason: 'changed', resetId: null } };
    spec
      .given([...history, s3])
      .when({ type: 'ChangePassword', data: { checkedPasswordHash: data.passwordHash!, passwordHash: 'new-hash' } })
      .then([
        changed,
        ...['s2', 't1', 's3'].map((sessionId): AccountEvent => ({
          type: 'SessionEnded',
          data: { userId, sessionId, reason: 'password_changed' },
        })),
      ]);
    // A sign-in a day for a year keeps the last 30 days' sessions (the one of 30 days before expires as the last starts), not every one.
    const daily = Array.from({ length: 365 }, (_, day) =>
      startedAt(`d${day}`, new Date(Date.parse('2026-01-01T00:00:00.000Z') + day * 24 * 60 * 60 * 1000).toISOString()),
    );
    const afterAYear = [registered, ...daily].reduce(decider.evolve, decider.initialState());
    expect(afterAYear.sessions.size).toBe(30);
    expect([...afterAYear.sessions.keys()][0]).toBe('d335');
  });

  it('counts down wrong codes, verifies with the right one, and refuses after the attempts or expiry', () => {
    const submit = (codeHash: string, now = NOW): AccountCommand => ({ type: 'SubmitVerificationCode', data: { codeHash, now } });
    spec
      .given([registered, codeIssued])
      .when(submit('wrong'))
      .then([{ type: 'VerificationCodeRejected', data: { userId, codeId: 'code-1', attemptsRemaining: 4 } }]);
    spec
      .given([registered, codeIssued])
      .when(submit('right'))
      .then([{ type: 'EmailVerified', data: { userId, method: 'code' } }]);
    const exhausted: AccountEvent = { type: 'VerificationCodeRejected', data: { userId, codeId: 'code-1', attemptsRemaining: 0 } };
    spec.given([registered, codeIssued, exhausted]).when(submit('right')).thenThrows('invalid', 'Please Try Again');
    spec.given([registered, codeIssued]).when(submit('right', LATER)).thenThrows('invalid', ACCOUNT_MESSAGES.otpExpired);
    spec
      .given([registered, codeIssued, { type: 'EmailVerified', data: { userId, method: 'code' } }])
      .when(submit('right'))
      .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyVerified);
  });

  it('resets a password once with a live token and ends every session; a later password change voids older tokens', () => {
    const reset: AccountCommand = { type: 'ResetPassword', data: { tokenHash: 'reset-hash', passwordHash: 'new-hash', now: NOW } };
    spec
      .given([registered, session('s1'), session('s2'), resetRequested])
      .when(reset)
      .then([
        { type: 'PasswordChanged', data: { userId, passwordHash: 'new-hash', reason: 'reset', resetId: 'reset-1' } },
        { type: 'SessionEnded', data: { userId, sessionId: 's1', reason: 'password_changed' } },
        { type: 'SessionEnded', data: { userId, sessionId: 's2', reason: 'password_changed' } },
      ]);
    const used: AccountEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'new-hash', reason: 'reset', resetId: 'reset-1' } };
    spec.given([registered, resetRequested, used]).when(reset).thenThrows('invalid', 'Invalid Token: Token is expired.');
    const changed: AccountEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'other', reason: 'changed', resetId: null } };
    spec.given([registered, resetRequested, changed]).when(reset).thenThrows('invalid', 'Invalid Token: Token is expired.');
    spec
      .given([registered, resetRequested])
      .when({ type: 'ResetPassword', data: { tokenHash: 'reset-hash', passwordHash: 'x', now: '2026-11-22T12:00:00.000Z' } })
      .thenThrows('invalid', 'Invalid Token: Token is expired.');
  });

  it('lets only admins start test-user mode, and stops only a test-user session', () => {
    const startTest: AccountCommand = { type: 'StartTestUserMode', data: { sessionId: 't1', tokenHash: 'test-hash', expiresAt: LATER } };
    spec.given([registered]).when(startTest).thenThrows('forbidden', 'You do not have permission to access this resource.');
    const admin = [registered, { type: 'UserLevelChanged', data: { userId, from: 'base', to: 'admin' } } as AccountEvent];
    spec
      .given(admin)
      .when(startTest)
      .then([
        { type: 'TestUserModeStarted', data: { userId, sessionId: 't1' } },
        {
          type: 'SessionStarted',
          data: { userId, sessionId: 't1', tokenHash: 'test-hash', expiresAt: LATER, method: 'test_user', isTestUser: true },
        },
      ]);
    spec
      .given([...admin, session('s1')])
      .when({ type: 'StopTestUserMode', data: { sessionId: 's1' } })
      .thenThrows('conflict', 'Test-user mode is not on for this session.');
  });

  it('blocking ends the sessions; deleting ends them and erases the account', () => {
    spec
      .given([registered, session('s1')])
      .when({ type: 'ChangeVerificationStatus', data: { to: 'blocked', reason: 'spam', decidedBy: 'admin', decidedById: 'admin-1' } })
      .then([
        { type: 'VerificationStatusChanged', data: { userId, from: 'pending', to: 'blocked', reason: 'spam' } },
        { type: 'SessionEnded', data: { userId, sessionId: 's1', reason: 'blocked' } },
      ]);
    spec
      .given([registered, session('s1')])
      .when({ type: 'DeleteAccount' })
      .then([
        { type: 'SessionEnded', data: { userId, sessionId: 's1', reason: 'account_deleted' } },
        { type: 'AccountDeleted', data: { userId } },
      ]);
  });

  it('lets admins block only members; only an owner (or the operator) blocks or unblocks an admin or an owner', () => {
    const asLevel = (to: 'admin' | 'owner') => [
      registered,
      { type: 'UserLevelChanged', data: { userId, from: 'base', to } } as AccountEvent,
    ];
    const block = (decidedBy: 'admin' | 'owner' | 'operator' | 'base') => ({
      type: 'ChangeVerificationStatus' as const,
      data: { to: 'blocked' as const, reason: 'abuse', decidedBy, decidedById: decidedBy === 'operator' ? null : `${decidedBy}-1` },
    });
    const blocked = {
      type: 'VerificationStatusChanged',
      data: { userId, from: 'pending', to: 'blocked', reason: 'abuse' },
    } as AccountEvent;
    spec.given([registered]).when(block('admin')).then([blocked]);
    spec.given([registered]).when(block('base')).thenThrows('forbidden', ACCOUNT_MESSAGES.statusChangeNeedsOwner);
    spec.given(asLevel('admin')).when(block('admin')).thenThrows('forbidden', ACCOUNT_MESSAGES.statusChangeNeedsOwner);
    spec.given(asLevel('owner')).when(block('admin')).thenThrows('forbidden', ACCOUNT_MESSAGES.statusChangeNeedsOwner);
    spec
      .given([...asLevel('owner'), blocked])
      .when({ type: 'ChangeVerificationStatus', data: { to: 'verified', reason: 'sorry', decidedBy: 'admin', decidedById: 'admin-1' } })
      .thenThrows('forbidden', ACCOUNT_MESSAGES.statusChangeNeedsOwner);
    spec.given(asLevel('admin')).when(block('owner')).then([blocked]);
    spec.given(asLevel('owner')).when(block('owner')).then([blocked]);
    spec.given(asLevel('owner')).when(block('operator')).then([blocked]);
  });

  it('refuses a blocked account verifying itself with a code or link issued before the block: only an admin lifts a block', () => {
    const linkIssued: AccountEvent = {
      type: 'VerificationLinkIssued',
      data: { userId, linkId: 'link-1', tokenHash: 'link-hash', expiresAt: '2026-11-23T10:00:00.000Z' },
    };
    const blocked: AccountEvent = { type: 'VerificationStatusChanged', data: { userId, from: 'pending', to: 'blocked', reason: 'spam' } };
    spec
      .given([registered, linkIssued, blocked])
      .when({ type: 'VerifyByLink', data: { tokenHash: 'link-hash', now: NOW } })
      .thenThrows('forbidden', ACCOUNT_MESSAGES.accountBlocked);
    spec
      .given([registered, codeIssued, blocked])
      .when({ type: 'SubmitVerificationCode', data: { codeHash: 'right', now: NOW } })
      .thenThrows('forbidden', ACCOUNT_MESSAGES.accountBlocked);
  });

  it('refuses anyone changing their own level or status: an owner could leave the portal with no owner', () => {
    const owner = [registered, { type: 'UserLevelChanged', data: { userId, from: 'base', to: 'owner' } } as AccountEvent];
    spec
      .given(owner)
      .when({ type: 'ChangeLevel', data: { to: 'base', decidedById: userId } })
      .thenThrows('conflict', USER_MANAGEMENT_MESSAGES.notYourself);
    spec
      .given(owner)
      .when({ type: 'ChangeVerificationStatus', data: { to: 'blocked', reason: 'me', decidedBy: 'owner', decidedById: userId } })
      .thenThrows('conflict', USER_MANAGEMENT_MESSAGES.notYourself);
    spec
      .given(owner)
      .when({ type: 'ChangeLevel', data: { to: 'base', decidedById: null } })
      .then([{ type: 'UserLevelChanged', data: { userId, from: 'owner', to: 'base' } }]);
  });
});
