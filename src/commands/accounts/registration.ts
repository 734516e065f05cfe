import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../adapters/security/passwords.js';
import { accountDeciderFor } from '../../domain/accounts/decider.js';
import { userStream, type UserLevel, type VerificationStatus } from '../../domain/accounts/events.js';
import { ACCOUNT_MESSAGES, normaliseEmail } from '../../domain/accounts/rules.js';
import type { ClaimKind } from '../../domain/accounts/uniqueness.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { releaseIfAbandoned } from './abandoned-claims.js';
import { claimUsername, claimValue, clearUsernameClaim, releaseValue } from './claims.js';
import { emailLookupOf, nowOf, usernameLookupOf, type AccountServiceDeps } from './deps.js';
import { EMPTY_PROFILE, type ProfileDocument } from './profile.js';

export interface RegistrationInput {
  userId?: string;
  username: string;
  email: string;
  password: string | null;
  /** An Argon2id hash made earlier (the demo catalogue hashes each password once for all its members). */
  passwordHash?: string;
  googleKey?: string | null;
  displayName?: string | null;
  lvl?: UserLevel;
  verification?: VerificationStatus;
  actor?: Actor;
  /** Makes a repeated registration (a re-run seed) a no-op. */
  idempotencyKey?: string;
}

/**
 * Claims the username, the e-mail address and the Google identity, then registers the account.
 * A failed step releases what was claimed before it, so a refused sign-up leaves nothing behind.
 */
export async function registerAccount(
  deps: Pick<AccountServiceDeps, 'commands' | 'vault'>,
  input: RegistrationInput,
): Promise<{ userId: string; position: bigint | null }> {
  const userId = input.userId ?? randomUUID();
  const actor: Actor = input.actor ?? { userId, role: 'base' };
  const emailLookup = await emailLookupOf(deps.vault, input.email);
  const usernameLookup = await usernameLookupOf(deps.vault, input.username);
  const googleKey = input.googleKey ?? null;
  const claimed: [ClaimKind, string][] = [];
  try {
    // Only claims made by this call are released on failure: a repeated registration must not free its own names.
    const keep = (kind: ClaimKind, value: string, result: { events: readonly unknown[] }) => {
      if (result.events.length > 0) claimed.push([kind, value]);
    };
    const usernameTaken = ACCOUNT_MESSAGES.usernameNotAvailable(input.username);
    keep('username', usernameLookup, await claimUsername(deps.commands, input.username, usernameLookup, userId, usernameTaken, actor));
    keep('email', emailLookup, await claimValue(deps.commands, 'email', emailLookup, userId, ACCOUNT_MESSAGES.emailTaken, actor));
    if (googleKey !== null) {
      const googleTaken = 'This Google account is already linked to another user.';
      keep('google', googleKey, await claimValue(deps.commands, 'google', googleKey, userId, googleTaken, actor));
    }
    const passwordHash = input.passwordHash ?? (input.password === null ? null : await hashPassword(input.password));
    const result = await deps.commands.handle(
      accountDeciderFor(userId),
      userStream(userId),
      {
        type: 'RegisterUser',
        data: {
          userId,
          username: { sealed: await deps.vault.encrypt(userId, input.username), lookup: usernameLookup },
          emailEnc: await deps.vault.encrypt(userId, normaliseEmail(input.email)),
          emailLookup,
          displayNameEnc: input.displayName ? await deps.vault.encrypt(userId, input.displayName) : null,
          lvl: input.lvl ?? 'base',
          passwordHash,
          googleKey,
          verification: input.verification ?? 'pending',
        },
      },
      { actor, idempotencyKey: input.idempotencyKey },
    );
    if (!input.displayName) return { userId, position: result.position };
    // A known name (Google's, the demo catalogue's) starts the profile, so cards and profile agree.
    const [firstName = '', ...rest] = input.displayName.trim().split(/\s+/u);
    const profile: ProfileDocument = { info: { ...EMPTY_PROFILE.info, firstName, lastName: rest.join(' ') }, social: EMPTY_PROFILE.social };
    const named = await deps.commands.handle(
      accountDeciderFor(userId),
      userStream(userId),
      {
        type: 'UpdateProfile',
        data: {
          profileEnc: await deps.vault.encrypt(userId, JSON.stringify(profile)),
          displayNameEnc: await deps.vault.encrypt(userId, input.displayName.trim()),
        },
      },
      { actor, idempotencyKey: input.idempotencyKey && `${input.idempotencyKey}-profile` },
    );
    return { userId, position: named.position };
  } catch (error) {
    for (const [kind, value] of claimed.reverse()) await releaseValue(deps.commands, kind, value, userId, actor);
    throw error;
  }
}

/** Registers; a name or address held by a crashed sign-up's abandoned claim is released and the sign-up retried once. */
export async function register(deps: AccountServiceDeps, input: RegistrationInput): Promise<{ userId: string; position: bigint | null }> {
  try {
    return await registerAccount(deps, input);
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    const claims: [ClaimKind, string][] = [
      ['username', await usernameLookupOf(deps.vault, input.username)],
      // A sign-up that crashed before usernames were sealed claimed the name in clear.
      ['username', clearUsernameClaim(input.username)],
      ['email', await emailLookupOf(deps.vault, input.email)],
      ...(input.googleKey ? [['google', input.googleKey] as [ClaimKind, string]] : []),
    ];
    const released = await Promise.all(claims.map(([kind, value]) => releaseIfAbandoned(deps, kind, value, nowOf(deps))));
    if (!released.includes(true)) throw error;
    return registerAccount(deps, input);
  }
}
