import type { FastifyRequest } from 'fastify';
import type { AccountService } from '../../../commands/accounts/account-service.js';
import type { GoogleTokenSignIn } from '../../../commands/accounts/google-sign-in.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import type { Viewer } from '../../access.js';
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../errors.js';
import type { ReadModelDb, Settle, Vault } from '../route-deps.js';

export interface AccountRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  accounts: AccountService;
  images: AppDeps['images'];
  settle: Settle;
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
