import { googleTokenSignIn, type GoogleTokenSignIn } from '../commands/accounts/google-sign-in.js';
import type { Infrastructure } from './infrastructure.js';

/** The account use cases the routes take beside AccountService (composed with the infrastructure). */
export interface AccountUseCases {
  /** Verifies a Google ID token, then signs in (or signs up) its account. */
  signInWithGoogle: GoogleTokenSignIn;
}

export function composeAccountUseCases(infrastructure: Pick<Infrastructure, 'accounts' | 'google'>): AccountUseCases {
  return { signInWithGoogle: googleTokenSignIn(infrastructure.google, infrastructure.accounts) };
}
