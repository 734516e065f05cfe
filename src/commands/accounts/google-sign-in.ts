import {
  GoogleTokenRejectedError,
  type GoogleIdentity,
  type GoogleIdTokenVerifier,
  type GoogleRejection,
} from '../../adapters/identity/google.js';
import type { UserLevel } from '../../domain/accounts/events.js';
import { ACCOUNT_MESSAGES } from '../../domain/accounts/rules.js';
import { DomainError } from '../../domain/shared/events.js';
import { activeUserByGoogleKey, userByUsername } from '../../projections/read-models/users/queries.js';
import type { AccountServiceDeps } from './deps.js';
import { register } from './registration.js';
import type { AccountService } from './account-service.js';
import { findByLogin, startSession } from './sessions.js';

export type { GoogleIdentity } from '../../adapters/identity/google.js';

/** Signs in with a Google ID token: `rejected` names why Google's token was refused (nothing written then). */
export type GoogleTokenSignIn = (
  token: string,
) => Promise<{ rejected: GoogleRejection } | ({ rejected: null } & Awaited<ReturnType<typeof googleLogin>>)>;

export function googleTokenSignIn(verifier: GoogleIdTokenVerifier, accounts: Pick<AccountService, 'googleLogin'>): GoogleTokenSignIn {
  return async (token) => {
    let identity: GoogleIdentity;
    try {
      identity = await verifier.verify(token);
    } catch (error) {
      if (error instanceof GoogleTokenRejectedError) return { rejected: error.reason };
      throw error;
    }
    return { rejected: null, ...(await accounts.googleLogin(identity)) };
  };
}

export function googleKeyOf(deps: Pick<AccountServiceDeps, 'vault'>, issuer: string, subject: string): Promise<string> {
  return deps.vault.blindIndex(`google:${issuer}|${subject}`);
}

/** Signs in with a verified Google identity: the linked account, or a new verified account. */
export async function googleLogin(deps: AccountServiceDeps, identity: GoogleIdentity) {
  const key = await googleKeyOf(deps, identity.issuer, identity.subject);
  const linked = await activeUserByGoogleKey(deps.db, key);
  if (linked) {
    const session = await startSession(deps, linked.id, 'google', null, { userId: linked.id, role: linked.lvl as UserLevel });
    return { userId: linked.id, session, created: false };
  }
  if (!identity.email || !identity.emailVerified) throw new DomainError('invalid', ACCOUNT_MESSAGES.googleFailed);
  // An existing account with this address is not taken over by a Google sign-in: its owner signs in with the password.
  const existing = await findByLogin(deps, identity.email);
  if (existing) throw new DomainError('conflict', `${ACCOUNT_MESSAGES.emailTaken}. Please log in with your password.`);
  const username = await freeUsernameFrom(deps, identity.email.split('@')[0] ?? 'member');
  const { userId } = await register(deps, {
    username,
    email: identity.email,
    password: null,
    googleKey: key,
    displayName: identity.name,
    verification: 'verified',
  });
  const session = await startSession(deps, userId, 'google', null, { userId, role: 'base' });
  return { userId, session, created: true };
}

async function freeUsernameFrom(deps: Pick<AccountServiceDeps, 'db'>, seed: string): Promise<string> {
  const base = seed
    .toLowerCase()
    .replace(/[^a-z0-9._-]/gu, '')
    .slice(0, 20)
    .padEnd(3, '0');
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix}`;
    const taken = await userByUsername(deps.db, candidate);
    if (!taken) return candidate;
  }
}
