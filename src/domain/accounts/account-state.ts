import { Map as PersistentMap } from 'immutable';
import { AccountSessions, type AccountSession } from './account-sessions.js';
import type { DeciderSnapshot } from '../shared/events.js';
import type { AccountEvent, StoredUsername, UserLevel, VerificationStatus } from './events.js';

export interface ExpiringSecret {
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

/** The account stream's state: what its commands are decided on. */
export interface AccountState {
  registered: boolean;
  erased: boolean;
  /** Sealed with its blind index (in clear for an account registered before usernames were sealed); null before registration. */
  username: StoredUsername | null;
  lvl: UserLevel;
  verification: VerificationStatus;
  passwordHash: string | null;
  googleKey: string | null;
  /** Sessions not ended: one per sign-in, less those that had expired by a later one. */
  sessions: AccountSessions;
  code: { codeId: string; codeHash: string; expiresAt: string; attemptsRemaining: number; used: boolean } | null;
  links: PersistentMap<string, ExpiringSecret>;
  resets: PersistentMap<string, ExpiringSecret & { resetId: string }>;
}

export const initialAccountState = (): AccountState => ({
  registered: false,
  erased: false,
  username: null,
  lvl: 'base',
  verification: 'pending',
  passwordHash: null,
  googleKey: null,
  sessions: AccountSessions.none,
  code: null,
  links: PersistentMap(),
  resets: PersistentMap(),
});

/** Folds one of the account stream's events into its state. */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        registered: true,
        username: event.data.username,
        lvl: event.data.lvl,
        verification: event.data.verification,
        passwordHash: event.data.passwordHash,
        googleKey: event.data.googleKey,
      };
    case 'GoogleIdentityLinked':
      return { ...state, googleKey: event.data.googleKey };
    case 'SessionStarted':
      return {
        ...state,
        sessions: state.sessions.started(event.data.sessionId, { isTestUser: event.data.isTestUser, expiresAt: event.data.expiresAt }),
      };
    case 'SessionEnded':
      return { ...state, sessions: state.sessions.ended(event.data.sessionId) };
    case 'VerificationCodeIssued':
      return {
        ...state,
        code: {
          codeId: event.data.codeId,
          codeHash: event.data.codeHash,
          expiresAt: event.data.expiresAt,
          attemptsRemaining: event.data.attempts,
          used: false,
        },
      };
    case 'VerificationCodeRejected':
      return state.code?.codeId === event.data.codeId
        ? { ...state, code: { ...state.code, attemptsRemaining: event.data.attemptsRemaining } }
        : state;
    case 'VerificationLinkIssued':
      return {
        ...state,
        links: state.links.set(event.data.tokenHash, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false }),
      };
    case 'EmailVerified':
      return { ...state, verification: 'verified', code: state.code && { ...state.code, used: true }, links: PersistentMap() };
    case 'PasswordResetRequested':
      return {
        ...state,
        resets: state.resets.set(event.data.tokenHash, {
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          used: false,
          resetId: event.data.resetId,
        }),
      };
    case 'PasswordChanged':
      // Any change of password makes every outstanding reset link useless.
      return { ...state, passwordHash: event.data.passwordHash, resets: PersistentMap() };
    case 'UsernameChanged':
      return { ...state, username: event.data.to };
    case 'UserLevelChanged':
      return { ...state, lvl: event.data.to };
    case 'VerificationStatusChanged':
      return { ...state, verification: event.data.to };
    case 'AccountDeleted':
      return { ...state, erased: true, sessions: AccountSessions.none, passwordHash: null, googleKey: null };
    default:
      return state;
  }
}

/** The state as JSON: its persistent collections as their entries, in order. */
type AccountStateJson = Omit<AccountState, 'sessions' | 'links' | 'resets'> & {
  sessions: [string, AccountSession][];
  links: [string, ExpiringSecret][];
  resets: [string, ExpiringSecret & { resetId: string }][];
};

/** The account stream's snapshot: its sessions, links and resets as their entries. */
export const accountSnapshot: DeciderSnapshot<AccountState> = {
  // 2: sessions keep when they expire. 3: the username is sealed (older snapshots held it in clear).
  name: 'account.3',
  toJson: (state): AccountStateJson => ({ ...state, sessions: [...state.sessions], links: [...state.links], resets: [...state.resets] }),
  fromJson: (json) => {
    const state = json as AccountStateJson;
    return {
      ...state,
      sessions: AccountSessions.of(state.sessions),
      links: PersistentMap(state.links),
      resets: PersistentMap(state.resets),
    };
  },
};
