import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionRoutes } from './account-deletion.js';
import { adminUserHistoryRoutes } from './admin-user-history.js';
import { adminUserListRoutes } from './admin-user-list.js';
import { adminUserStatusRoutes } from './admin-user-status.js';
import { adminUserUpdateRoutes } from './admin-user-update.js';
import type { AccountRouteDeps } from './deps.js';
import { emailUnsubscribeRoutes } from './email-unsubscribe.js';
import { memberActivityRoutes } from './member-activity.js';
import { passwordRoutes } from './password.js';
import { profileRoutes } from './profile.js';
import { publicProfileRoutes } from './public-profile.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';
import { testUserRoutes } from './test-user.js';
import { verificationRoutes } from './verification.js';

export type { AccountRouteDeps } from './deps.js';

/**
 * Sign-up, sign-in, sessions, verification, passwords, profile and test-user mode
 * (browse-search-accounts.md section 7); the admin's user management; a member's rewards and saved
 * posts; the e-mails' unsubscribe link.
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const routes of [
      signUpRoutes,
      signInRoutes,
      verificationRoutes,
      passwordRoutes,
      profileRoutes,
      accountDeletionRoutes,
      publicProfileRoutes,
      testUserRoutes,
      adminUserListRoutes,
      adminUserStatusRoutes,
      adminUserUpdateRoutes,
      adminUserHistoryRoutes,
      memberActivityRoutes,
      emailUnsubscribeRoutes,
    ]) {
      await app.register(routes(deps));
    }
  };
}
