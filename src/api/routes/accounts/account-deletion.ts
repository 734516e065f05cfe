import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { existingUserById } from '../../../projections/read-models/users/queries.js';
import { actorOf } from '../../actors.js';
import { clearSessionCookie } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { successAnswer } from './schemas.js';

/** A password to check against a stored one; longer ones cannot match any we accepted. */
const storedPasswordText = z.string().max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

/** Deleting one's own account. */
export function accountDeletionRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts' | 'settle' | 'secureCookies'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/me/delete',
      {
        config: signedInOnly,
        schema: {
          tags,
          summary: 'Delete my account (erases personal data)',
          body: z.object({ password: storedPasswordText.optional() }).optional(),
          response: { 200: successAnswer },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        if (viewer.impersonatedBy !== null) throw new HttpError(403, 'Test-user sessions cannot delete the account.');
        const row = await existingUserById(deps.db, viewer.userId);
        // A stolen session alone cannot erase an account that has a password.
        if (row.password_hash !== null) {
          const password = request.body?.password ?? '';
          if (password === '') throw new HttpError(400, ACCOUNT_MESSAGES.deleteNeedsPassword);
          await enforceLimit(request, 'passwordChecksPerAccount', `user:${viewer.userId}`);
          if (!(await deps.accounts.isCurrentPassword(viewer.userId, password)))
            throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
        }
        await deps.settle((await deps.accounts.deleteAccount(viewer.userId, actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { success: true };
      },
    );
  };
}
