import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { loginSchema } from '../../../domain/accounts/schemas.js';
import { DomainError } from '../../../domain/shared/events.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { knownDeviceOf } from '../../auth/known-device.js';
import { clearSessionCookie } from '../../auth/sessions.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { anyone, signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { currentUserSchema, sessionFields, successAnswer } from './schemas.js';
import { loginAccount, me, startedSession } from './session-answers.js';
import { currentUserOf } from './user-views.js';

const signedInAnswer = z.object({ success: z.boolean(), message: z.string(), ...sessionFields });

/** Signing in (password, Google) and out, and what the web app asks of its session. */
export function signInRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: anyone,
        schema: { tags, summary: 'Sign in with username or e-mail and password', body: loginSchema, response: { 200: signedInAnswer } },
      },
      async (request, reply) => {
        // Counted atomically before the password is checked: parallel guesses cannot all get through.
        await enforceLimit(request, 'loginPerAddress', request.ip);
        const account = await loginAccount(deps, request.body.login);
        await enforceLimit(request, 'loginPerAddressAndAccount', `${request.ip}|${account.key}`);
        // The account's own budget across addresses: an attacker's addresses share it, the owner's known browsers do not.
        const knownDevice = account.userId === null ? null : await knownDeviceOf(request, deps.vault, account.userId);
        if (knownDevice === null) await enforceLimit(request, 'loginNewDevicesPerAccount', account.key);
        else await enforceLimit(request, 'loginPerKnownDevice', `${account.key}|${knownDevice}`);
        try {
          const { userId, session } = await deps.accounts.login(request.body.login, request.body.password);
          return { success: true, message: 'Logged in', ...(await startedSession(deps, request, reply, session, userId)) };
        } catch (error) {
          if (error instanceof DomainError && error.kind === 'invalid') {
            throw new HttpError(401, ACCOUNT_MESSAGES.loginFailed);
          }
          throw error;
        }
      },
    );

    app.get(
      '/auth/google/config',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'The Google client id, when Google sign-in is configured',
          response: { 200: z.object({ clientId: z.string().nullable() }) },
        },
      },
      async () => ({ clientId: deps.googleClientId }),
    );

    app.post(
      '/auth/googleLogin',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Sign in with a Google ID token',
          body: z.object({ token: z.string().max(8192) }),
          response: { 200: signedInAnswer.extend({ created: z.boolean() }) },
        },
      },
      async (request, reply) => {
        if (request.body.token === '') throw new HttpError(400, ACCOUNT_MESSAGES.googleNoCredential);
        const signedInWithGoogle = await deps.signInWithGoogle(request.body.token);
        if (signedInWithGoogle.rejected !== null) {
          request.log.info({ reason: signedInWithGoogle.rejected }, 'Google token rejected');
          throw new HttpError(401, ACCOUNT_MESSAGES.googleFailed);
        }
        const { userId, session, created } = signedInWithGoogle;
        return {
          success: true,
          message: created ? 'Welcome to Tessera!' : 'Logged in',
          created,
          ...(await startedSession(deps, request, reply, session, userId)),
        };
      },
    );

    app.post(
      '/logout',
      { config: anyone, schema: { tags, summary: 'End this session', response: { 200: successAnswer } } },
      async (request, reply) => {
        const viewer = request.viewer;
        if (viewer)
          await deps.settle((await deps.accounts.endSession(viewer.userId, viewer.sessionId, 'logout', actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { success: true };
      },
    );

    // The web app cannot read its httpOnly cookie to know whether it is signed in: it asks here, and a signed-out visitor is a normal answer, not an error.
    app.get(
      '/auth/session',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'The signed-in user, or null for a visitor',
          response: { 200: z.object({ user: currentUserSchema.nullable() }) },
        },
      },
      async (request) => ({ user: request.viewer ? await currentUserOf(deps.db, deps.accounts, deps.vault, request.viewer) : null }),
    );

    app.get(
      '/users/private/me',
      {
        config: { ...signedInOnly, tokenScope: 'read' },
        schema: { tags, summary: 'The signed-in user', response: { 200: currentUserSchema } },
      },
      async (request) => me(deps, signedIn(request)),
    );

    app.get(
      '/users/check',
      {
        config: signedInOnly,
        schema: { tags, summary: 'Is this session still valid?', response: { 200: z.object({ ok: z.boolean(), userId: z.string() }) } },
      },
      async (request) => ({ ok: true, userId: signedIn(request).userId }),
    );
  };
}
