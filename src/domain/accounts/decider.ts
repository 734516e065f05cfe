import type { Map as PersistentMap } from 'immutable';
import { accountSnapshot, evolveAccount, initialAccountState, type AccountState, type ExpiringSecret } from './account-state.js';
import { DomainError, type Decider, type Role } from '../shared/events.js';
import {
  sameStoredUsername,
  type AccountEvent,
  type SealedUsername,
  type SessionEndReason,
  type SessionEnded,
  type SessionMethod,
  type UserLevel,
  type UserRegistered,
  type VerificationStatus,
} from './events.js';
import { ACCOUNT_MESSAGES, mayChangeStatusOf } from './rules.js';
import { USER_MANAGEMENT_MESSAGES } from './user-management.js';

export type { AccountState } from './account-state.js';

type Now = { now: string };

export type AccountCommand =
  | { type: 'RegisterUser'; data: UserRegistered['data'] & { username: SealedUsername } }
  | { type: 'LinkGoogleIdentity'; data: { googleKey: string } }
  | {
      type: 'StartSession';
      data: {
        sessionId: string;
        tokenHash: string;
        expiresAt: string;
        method: SessionMethod;
        /** The hash the password was checked against. */ checkedPasswordHash: string | null;
      };
    }
  | { type: 'EndSession'; data: { sessionId: string; reason: SessionEndReason } }
  | { type: 'IssueVerificationCode'; data: { codeId: string; codeHash: string; expiresAt: string; attempts: number } }
  | { type: 'SubmitVerificationCode'; data: { codeHash: string } & Now }
  | { type: 'IssueVerificationLink'; data: { linkId: string; tokenHash: string; expiresAt: string } }
  | { type: 'VerifyByLink'; data: { tokenHash: string } & Now }
  | { type: 'RequestPasswordReset'; data: { resetId: string; tokenHash: string; expiresAt: string } }
  | { type: 'CheckResetToken'; data: { tokenHash: string } & Now }
  | { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string } & Now }
  | { type: 'ChangePassword'; data: { checkedPasswordHash: string; passwordHash: string } }
  /** An operator at the server's command line gives the account a new password (a lost admin password). */
  | { type: 'SetPasswordByOperator'; data: { passwordHash: string } }
  | { type: 'UpdateProfile'; data: { profileEnc: string; displayNameEnc: string | null } }
  | { type: 'ChangeUsername'; data: { to: SealedUsername } }
  | { type: 'ChangeNotificationSettings'; data: { settings: Record<string, boolean> } }
  | { type: 'ChooseFavouriteApps'; data: { apps: string[] } }
  | { type: 'MakeCreatorChoice'; data: { isCreator: boolean } }
  | { type: 'MarkAccountSetupPageViewed' }
  | { type: 'ChangeProfilePicture'; data: { pictureUrl: string | null } }
  | { type: 'ChangeLevel'; data: { to: UserLevel; /** The deciding actor's user id (null: the operator). */ decidedById: string | null } }
  | {
      type: 'ChangeVerificationStatus';
      data: {
        to: VerificationStatus;
        reason: string;
        /** The deciding actor's role and user id (the actor is in the event's metadata). */ decidedBy: Role;
        decidedById: string | null;
      };
    }
  | { type: 'StartTestUserMode'; data: { sessionId: string; tokenHash: string; expiresAt: string } }
  | { type: 'StopTestUserMode'; data: { sessionId: string } }
  | { type: 'DeleteAccount' };

function endAllSessions(state: AccountState, userId: string, reason: SessionEndReason): SessionEnded[] {
  return [...state.sessions.keys()].map((sessionId) => ({ type: 'SessionEnded', data: { userId, sessionId, reason } }));
}

function liveSecret<T extends ExpiringSecret>(secrets: PersistentMap<string, T>, tokenHash: string, now: string): T | null {
  const secret = secrets.get(tokenHash);
  return secret && !secret.used && secret.expiresAt > now ? secret : null;
}

type CommandOf<T extends AccountCommand['type']> = Extract<AccountCommand, { type: T }>;

/** Signing in: the Google identity, sessions, and test-user mode (staff seeing the site as a new member). */
function decideSignIn(
  userId: string,
  state: AccountState,
  command: CommandOf<'LinkGoogleIdentity' | 'StartSession' | 'EndSession' | 'StartTestUserMode' | 'StopTestUserMode'>,
): AccountEvent[] {
  switch (command.type) {
    case 'LinkGoogleIdentity':
      return state.googleKey === command.data.googleKey
        ? []
        : [{ type: 'GoogleIdentityLinked', data: { userId, googleKey: command.data.googleKey } }];
    case 'StartSession':
      if (state.verification === 'blocked') throw new DomainError('forbidden', ACCOUNT_MESSAGES.accountBlocked);
      // The password may have changed between checking it and starting the session.
      if (command.data.checkedPasswordHash !== null && command.data.checkedPasswordHash !== state.passwordHash) {
        throw new DomainError('invalid', ACCOUNT_MESSAGES.loginFailed);
      }
      return [
        {
          type: 'SessionStarted',
          data: {
            userId,
            sessionId: command.data.sessionId,
            tokenHash: command.data.tokenHash,
            expiresAt: command.data.expiresAt,
            method: command.data.method,
            isTestUser: false,
          },
        },
      ];
    case 'EndSession':
      return state.sessions.has(command.data.sessionId)
        ? [{ type: 'SessionEnded', data: { userId, sessionId: command.data.sessionId, reason: command.data.reason } }]
        : [];
    case 'StartTestUserMode':
      if (state.lvl === 'base') throw new DomainError('forbidden', ACCOUNT_MESSAGES.accessDenied);
      return [
        { type: 'TestUserModeStarted', data: { userId, sessionId: command.data.sessionId } },
        {
          type: 'SessionStarted',
          data: {
            userId,
            sessionId: command.data.sessionId,
            tokenHash: command.data.tokenHash,
            expiresAt: command.data.expiresAt,
            method: 'test_user',
            isTestUser: true,
          },
        },
      ];
    case 'StopTestUserMode':
      if (!state.sessions.get(command.data.sessionId)?.isTestUser)
        throw new DomainError('conflict', 'Test-user mode is not on for this session.');
      return [
        { type: 'TestUserModeStopped', data: { userId, sessionId: command.data.sessionId } },
        { type: 'SessionEnded', data: { userId, sessionId: command.data.sessionId, reason: 'test_user_stopped' } },
      ];
  }
}

/** Verifying the e-mail address, by code or by link. */
function decideVerification(
  userId: string,
  state: AccountState,
  command: CommandOf<'IssueVerificationCode' | 'IssueVerificationLink' | 'SubmitVerificationCode' | 'VerifyByLink'>,
): AccountEvent[] {
  switch (command.type) {
    case 'IssueVerificationCode':
    case 'IssueVerificationLink':
      if (state.verification === 'verified') throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyVerified);
      if (state.verification === 'blocked') throw new DomainError('forbidden', ACCOUNT_MESSAGES.accountBlocked);
      return command.type === 'IssueVerificationCode'
        ? [{ type: 'VerificationCodeIssued', data: { userId, ...command.data } }]
        : [{ type: 'VerificationLinkIssued', data: { userId, ...command.data } }];
    case 'SubmitVerificationCode': {
      if (state.verification === 'verified') throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyVerified);
      // Verifying sets the status to verified: a code or link issued before a block must not lift it.
      if (state.verification === 'blocked') throw new DomainError('forbidden', ACCOUNT_MESSAGES.accountBlocked);
      const code = state.code;
      if (code === null || code.used || code.attemptsRemaining <= 0) throw new DomainError('invalid', ACCOUNT_MESSAGES.otpTryAgain);
      if (code.expiresAt <= command.data.now) throw new DomainError('invalid', ACCOUNT_MESSAGES.otpExpired);
      if (code.codeHash === command.data.codeHash) return [{ type: 'EmailVerified', data: { userId, method: 'code' } }];
      return [{ type: 'VerificationCodeRejected', data: { userId, codeId: code.codeId, attemptsRemaining: code.attemptsRemaining - 1 } }];
    }
    case 'VerifyByLink':
      if (state.verification === 'verified') return [];
      if (state.verification === 'blocked') throw new DomainError('forbidden', ACCOUNT_MESSAGES.accountBlocked);
      if (liveSecret(state.links, command.data.tokenHash, command.data.now) === null)
        throw new DomainError('invalid', ACCOUNT_MESSAGES.verificationLinkInvalid);
      return [{ type: 'EmailVerified', data: { userId, method: 'link' } }];
  }
}

/** The password: reset by a link, changed by the member, or set by an operator. Every change ends every session. */
function decidePassword(
  userId: string,
  state: AccountState,
  command: CommandOf<'RequestPasswordReset' | 'CheckResetToken' | 'ResetPassword' | 'ChangePassword' | 'SetPasswordByOperator'>,
): AccountEvent[] {
  switch (command.type) {
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { userId, ...command.data } }];
    case 'CheckResetToken':
      if (liveSecret(state.resets, command.data.tokenHash, command.data.now) === null)
        throw new DomainError('invalid', ACCOUNT_MESSAGES.resetTokenInvalid);
      return [];
    case 'ResetPassword': {
      const reset = liveSecret(state.resets, command.data.tokenHash, command.data.now);
      if (reset === null) throw new DomainError('invalid', ACCOUNT_MESSAGES.resetTokenInvalid);
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, reason: 'reset', resetId: reset.resetId } },
        ...endAllSessions(state, userId, 'password_changed'),
      ];
    }
    case 'ChangePassword':
      if (state.passwordHash === null || state.passwordHash !== command.data.checkedPasswordHash) {
        throw new DomainError('invalid', ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, reason: 'changed', resetId: null } },
        ...endAllSessions(state, userId, 'password_changed'),
      ];
    case 'SetPasswordByOperator':
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, reason: 'set_by_operator', resetId: null } },
        ...endAllSessions(state, userId, 'password_changed'),
      ];
  }
}

/** What the member says about themselves and how they use the site. */
function decideProfile(
  userId: string,
  state: AccountState,
  command: CommandOf<
    | 'UpdateProfile'
    | 'ChangeUsername'
    | 'ChangeNotificationSettings'
    | 'ChooseFavouriteApps'
    | 'MakeCreatorChoice'
    | 'MarkAccountSetupPageViewed'
    | 'ChangeProfilePicture'
  >,
): AccountEvent[] {
  switch (command.type) {
    case 'UpdateProfile':
      return [{ type: 'ProfileUpdated', data: { userId, ...command.data } }];
    case 'ChangeUsername':
      return sameStoredUsername(state.username, command.data.to)
        ? []
        : [{ type: 'UsernameChanged', data: { userId, to: command.data.to } }];
    case 'ChangeNotificationSettings':
      return [{ type: 'NotificationSettingsChanged', data: { userId, settings: command.data.settings } }];
    case 'ChooseFavouriteApps':
      return [{ type: 'FavouriteAppsChosen', data: { userId, apps: command.data.apps } }];
    case 'MakeCreatorChoice':
      return [{ type: 'CreatorChoiceMade', data: { userId, isCreator: command.data.isCreator } }];
    case 'MarkAccountSetupPageViewed':
      return [{ type: 'AccountSetupPageViewed', data: { userId } }];
    case 'ChangeProfilePicture':
      return [{ type: 'ProfilePictureChanged', data: { userId, pictureUrl: command.data.pictureUrl } }];
  }
}

/** Decisions of staff (or the operator) about the account, and its deletion. */
function decideManagement(
  userId: string,
  state: AccountState,
  command: CommandOf<'ChangeLevel' | 'ChangeVerificationStatus' | 'DeleteAccount'>,
): AccountEvent[] {
  switch (command.type) {
    case 'ChangeLevel':
      // Nobody changes their own level or status: an owner who demoted or blocked themselves could leave the portal with no owner.
      if (command.data.decidedById === userId) throw new DomainError('conflict', USER_MANAGEMENT_MESSAGES.notYourself);
      return state.lvl === command.data.to ? [] : [{ type: 'UserLevelChanged', data: { userId, from: state.lvl, to: command.data.to } }];
    case 'ChangeVerificationStatus':
      if (command.data.decidedById === userId) throw new DomainError('conflict', USER_MANAGEMENT_MESSAGES.notYourself);
      if (!mayChangeStatusOf(command.data.decidedBy, state.lvl))
        throw new DomainError('forbidden', ACCOUNT_MESSAGES.statusChangeNeedsOwner);
      if (state.verification === command.data.to) return [];
      return [
        { type: 'VerificationStatusChanged', data: { userId, from: state.verification, to: command.data.to, reason: command.data.reason } },
        ...(command.data.to === 'blocked' ? endAllSessions(state, userId, 'blocked') : []),
      ];
    case 'DeleteAccount':
      return [...endAllSessions(state, userId, 'account_deleted'), { type: 'AccountDeleted', data: { userId } }];
  }
}

/** The user's own account stream: every decision about it, with its invariants. */
export function accountDeciderFor(userId: string): Decider<AccountState, AccountCommand, AccountEvent> {
  return {
    initialState: initialAccountState,
    evolve: evolveAccount,
    // Each sign-in starts a session on the member's stream, and few end with a logout.
    snapshot: accountSnapshot,
    decide(command, state) {
      if (command.type === 'RegisterUser') {
        if (state.registered) throw new DomainError('conflict', 'This account already exists.');
        return [{ type: 'UserRegistered', data: command.data }];
      }
      if (!state.registered || state.erased) throw new DomainError('not_found', ACCOUNT_MESSAGES.userDoesNotExist);

      switch (command.type) {
        case 'LinkGoogleIdentity':
        case 'StartSession':
        case 'EndSession':
        case 'StartTestUserMode':
        case 'StopTestUserMode':
          return decideSignIn(userId, state, command);
        case 'IssueVerificationCode':
        case 'IssueVerificationLink':
        case 'SubmitVerificationCode':
        case 'VerifyByLink':
          return decideVerification(userId, state, command);
        case 'RequestPasswordReset':
        case 'CheckResetToken':
        case 'ResetPassword':
        case 'ChangePassword':
        case 'SetPasswordByOperator':
          return decidePassword(userId, state, command);
        case 'UpdateProfile':
        case 'ChangeUsername':
        case 'ChangeNotificationSettings':
        case 'ChooseFavouriteApps':
        case 'MakeCreatorChoice':
        case 'MarkAccountSetupPageViewed':
        case 'ChangeProfilePicture':
          return decideProfile(userId, state, command);
        case 'ChangeLevel':
        case 'ChangeVerificationStatus':
        case 'DeleteAccount':
          return decideManagement(userId, state, command);
      }
    },
  };
}
