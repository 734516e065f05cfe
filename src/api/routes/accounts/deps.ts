import type { FastifyRequest } from 'fastify';
import type { AccountService } from '../../../commands/accounts/account-service.js';
import type { GoogleTokenSignIn } from '../../../commands/accounts/google-sign-in.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import type { Viewer } from '../../access.js';
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../errors.js';

/** The read models' database: routes read it through the read models' queries only. */
export type ReadModelDb = AppDeps['database']['db'];
/** The personal-data vault: opens what the read models keep encrypted. */
export type Vault = AppDeps['vault'];

export interface AccountRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  accounts: AccountService;
  images: AppDeps['images'];
  /** Waits (bounded) until the read models show a command's effect: read-your-writes. */
  settle(position: bigint | null): Promise<void>;
  signInWithGoogle: GoogleTokenSignIn;
  googleClientId: string | null;
  /** Cookies marked Secure (behind HTTPS). */
  secureCookies: boolean;
}

export const anyone = { access: 'anyone' as const };
export const signedInOnly = { access: 'signed_in' as const };
export const tags = ['accounts'];

export function signedIn(request: FastifyRequest): Viewer {
  if (request.viewer === null) throw new HttpError(401, ACCOUNT_MESSAGES.signInRequired);
  return request.viewer;
}
