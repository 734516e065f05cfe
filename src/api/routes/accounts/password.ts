import { setTimeout } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, passwordProblem } from '../../../domain/accounts/rules.js';
import { changePasswordSchema } from '../../../domain/accounts/schemas.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { clearSessionCookie } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { anyone, signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { noErrorAnswer, sessionFields } from './schemas.js';
import { accountKey, startedSession } from './session-answers.js';
import { newPasswordText } from './sign-up.js';
import { tokenText } from './verification.js';

/** Every password-reset request is answered after this long, whether or not the account exists (its e-mail goes out meanwhile). */
const PASSWORD_RESET_ANSWER_MS = 750;

/** Changing the password, and resetting a forgotten one with an e-mailed link. */
export function passwordRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/change-password',
      {
        config: signedInOnly,
        schema: { tags, summary: 'Change the password (ends every session)', body: changePasswordSchema, response: { 200: noErrorAnswer } },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        await enforceLimit(request, 'passwordChecksPerAccount', `user:${viewer.userId}`);
        await deps.settle((await deps.accounts.changePassword(viewer.userId, request.body.cp, request.body.np, actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { error: false as const, message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.post(
      '/request-password-reset',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'E-mail a password reset link',
          body: z.object({ username: z.string().min(1).max(400) }),
          response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
        },
      },
      async (request) => {
        await enforceLimit(request, 'mailsPerAddress', request.ip);
        await enforceLimit(request, 'mailsPerAccount', await accountKey(deps, request.body.username));
        // The answer must not tell whether the account exists: the reset and its e-mail (much slower for a
        // real account) go on in the background, and every request is answered after the same time.
        void deps.accounts
          .requestPasswordReset(request.body.username)
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'));
        await setTimeout(PASSWORD_RESET_ANSWER_MS);
        return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
      },
    );

    app.post(
      '/check-token',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Is this reset link still valid?',
          body: z.object({ t: tokenText, u: z.string().max(200) }),
          response: { 200: z.object({ error: z.literal(false) }) },
        },
      },
      async (request) => {
        await deps.accounts.checkResetToken(request.body.u, request.body.t);
        return { error: false as const };
      },
    );

    app.post(
      '/change-password-and-login',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Set a new password with a reset link and sign in',
          body: z.object({ u: z.string().max(200), t: tokenText, p: newPasswordText }),
          response: { 200: noErrorAnswer.extend(sessionFields) },
        },
      },
      async (request, reply) => {
        const problem = passwordProblem(request.body.p);
        if (problem) throw new HttpError(400, problem);
        const { userId, session } = await deps.accounts.resetPassword(request.body.u, request.body.t, request.body.p);
        return {
          error: false as const,
          message: 'Your password has been changed.',
          ...(await startedSession(deps, request, reply, session, userId)),
        };
      },
    );
  };
}
