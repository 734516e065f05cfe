import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffLevel } from '../../../domain/accounts/access.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { clearSessionCookie, setSessionCookie, wantsTokenInAnswer } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import { signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { sessionFields } from './schemas.js';
import { startedSession } from './session-answers.js';

const NOT_IN_TEST_USER_MODE = 'Test-user mode is not on for this session.';

/** An admin's test-user mode: the site as a member sees it, on a separate short-lived session. */
export function testUserRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/test-user/status',
      {
        config: signedInOnly,
        schema: { tags, summary: 'Is this a test-user session?', response: { 200: z.object({ isTestUser: z.boolean() }) } },
      },
      async (request) => ({ isTestUser: signedIn(request).impersonatedBy !== null }),
    );

    app.post(
      '/admin/test-user/toggle',
      {
        config: signedInOnly,
        schema: {
          tags: ['admin'],
          summary: 'Start or stop test-user mode (admins)',
          body: z.object({ action: z.enum(['start', 'stop']) }),
          response: { 200: z.object({ success: z.boolean(), token: z.string().nullable().optional(), message: z.string() }) },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        if (request.body.action === 'start') {
          // Started from a real admin session only (the access hook lets test-user sessions through for 'stop').
          if (viewer.impersonatedBy !== null) throw new HttpError(409, 'Test-user mode is already on.');
          if (!isStaffLevel(viewer.lvl)) throw new HttpError(403, ACCOUNT_MESSAGES.accessDenied);
          const session = await deps.accounts.startTestUserMode(viewer.userId, actorOf(viewer));
          await deps.settle(session.position);
          // A test-user session shows the Switch Back to Admin button where the switch was.
          setSessionCookie(reply, session.token, session.expiresAt, deps.secureCookies, true);
          return { success: true, ...(wantsTokenInAnswer(request) ? { token: session.token } : {}), message: 'Test-user mode is on.' };
        }
        if (viewer.impersonatedBy === null) throw new HttpError(409, NOT_IN_TEST_USER_MODE);
        await deps.settle((await deps.accounts.stopTestUserMode(viewer.userId, viewer.sessionId, actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { success: true, token: null, message: 'Test-user mode is off. Please log in as admin again.' };
      },
    );

    app.post(
      '/auth/relogin-admin',
      {
        config: signedInOnly,
        schema: {
          tags: ['admin'],
          summary: 'Leave test-user mode and sign in as the admin again',
          response: { 200: z.object({ success: z.boolean(), message: z.string(), ...sessionFields }) },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        if (viewer.impersonatedBy === null) throw new HttpError(409, NOT_IN_TEST_USER_MODE);
        const session = await deps.accounts.returnToAdmin(viewer.userId, viewer.sessionId, actorOf(viewer));
        return { success: true, message: 'Welcome back.', ...(await startedSession(deps, request, reply, session, viewer.userId)) };
      },
    );
  };
}
