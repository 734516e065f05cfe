import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import { GoogleTokenRejectedError, type GoogleIdTokenVerifier } from '../../adapters/identity/google.js';
import { passwordMatches } from '../../adapters/security/passwords.js';
import type { ImageStore } from '../../adapters/storage/images.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { AccountService, NewSession } from '../../commands/accounts/account-service.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, emailProblem, normaliseEmail, passwordProblem, PROFILE_PAGE_SIZE, reservedUsername, storedSocialValue, type SocialNetwork, usernameProblem, VERIFICATION_CODE } from '../../domain/accounts/rules.js';
import { changePasswordSchema, loginSchema, profileUpdateSchema } from '../../domain/accounts/schemas.js';
import { DomainError } from '../../domain/shared/events.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '../../domain/shared/images.js';
import type { Viewer } from '../access.js';
import { actorOf } from '../actors.js';
import { enforceLimit } from '../rate-limits.js';
import { clearSessionCookie, setSessionCookie, wantsTokenInAnswer } from '../auth/sessions.js';
import { HttpError } from '../errors.js';
import { uploadReadError } from '../uploads.js';
import { pageCounts } from '../../domain/shared/pagination.js';
import { authorResourcesPage } from '../../projections/read-models/templates/queries.js';
import { toResourceView } from '../../projections/read-models/templates/views.js';
import { existingUserById, userByEmailLookup, userByUsername } from '../../projections/read-models/users/queries.js';
import { currentUserOf, publicProfileOf } from './user-views.js';
import { showsTestUserSwitch } from '../../web/lib/user-facts.js';
import { isStaffLevel } from '../../domain/accounts/access.js';

export interface AccountRouteDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  accounts: AccountService;
  images: ImageStore;
  /** Waits (bounded) until the read models show a command's effect: read-your-writes. */
  settle(position: bigint | null): Promise<void>;
  google: GoogleIdTokenVerifier;
  googleClientId: string | null;
  /** Cookies marked Secure (behind HTTPS). */
  secureCookies: boolean;
}

/** Every password-reset request is answered after this long, whether or not the account exists (its e-mail goes out meanwhile). */
export const PASSWORD_RESET_ANSWER_MS = 750;

/** Bounded by the body limit only, so an over-long new password gets the password rule's own message. */
const newPasswordText = z.string();
/** A password to check against a stored one; longer ones cannot match any we accepted. */
const storedPasswordText = z.string().max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);
const tokenText = z.string().min(1).max(200);

function signedIn(request: FastifyRequest): Viewer {
  if (request.viewer === null) throw new HttpError(401, ACCOUNT_MESSAGES.signInRequired);
  return request.viewer;
}

/** Sign-up, sign-in, sessions, verification, passwords, profile and test-user mode (browse-search-accounts.md section 7). */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  /**
   * One key per account whichever way it is spelt (username, e-mail, letter case), so a limit on it
   * cannot be multiplied by spelling; a login naming no account gets a keyed digest, never clear text.
   */
  async function accountKey(login: string): Promise<string> {
    const account = await deps.accounts.findByLogin(login);
    return account ? `user:${account.id}` : `unknown:${await deps.vault.blindIndex(`rate-limit:${normaliseEmail(login)}`)}`;
  }

  async function startedSession(request: FastifyRequest, reply: FastifyReply, session: NewSession, userId: string) {
    await deps.settle(session.position);
    const row = await existingUserById(deps.db, userId);
    const viewer: Viewer = {
      userId,
      username: row.username,
      lvl: row.lvl as Viewer['lvl'],
      verification: row.verification as Viewer['verification'],
      sessionId: session.sessionId,
      impersonatedBy: null,
    };
    const user = await currentUserOf(deps.db, deps.accounts, deps.vault, viewer);
    setSessionCookie(reply, session.token, session.expiresAt, deps.secureCookies, showsTestUserSwitch(user));
    return { ...(wantsTokenInAnswer(request) ? { token: session.token } : {}), user };
  }

  async function me(viewer: Viewer) {
    const user = await currentUserOf(deps.db, deps.accounts, deps.vault, viewer);
    if (user === null) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
    return user;
  }

  async function usernameAnswer(username: string, viewer: Viewer | null) {
    const reserved = reservedUsername(username);
    if (reserved) return { available: false, message: ACCOUNT_MESSAGES.usernameReserved(reserved.label), reserved };
    const problem = usernameProblem(username);
    if (problem) return { available: false, message: problem };
    const owner = await userByUsername(deps.db, username);
    const available = owner === undefined || owner.id === viewer?.userId;
    return { available, message: available ? ACCOUNT_MESSAGES.usernameAvailable(username) : ACCOUNT_MESSAGES.usernameNotAvailable(username) };
  }

  return async (app) => {
    const anyone = { access: 'anyone' as const };
    const signedInOnly = { access: 'signed_in' as const };
    const tags = ['accounts'];

    app.post(
      '/signup/username/check-availability',
      { config: anyone, schema: { tags, summary: 'Is this username free to take?', body: z.object({ username: z.string().max(200) }) } },
      async (request) => {
        await enforceLimit(request, 'availabilityChecksPerAddress', request.ip);
        return usernameAnswer(request.body.username, request.viewer);
      },
    );

    app.post(
      '/signup/email/check-availability',
      { config: anyone, schema: { tags, summary: 'Is this e-mail address free to use?', body: z.object({ email: z.string().max(400) }) } },
      async (request) => {
        // Each answer says whether an address has an account: limited so nobody can test a list of them.
        await enforceLimit(request, 'availabilityChecksPerAddress', request.ip);
        const problem = emailProblem(request.body.email.trim());
        if (problem) return { available: false, message: problem };
        const existing = await userByEmailLookup(deps.db, await deps.accounts.emailLookup(request.body.email), { activeOnly: false });
        return existing ? { available: false, message: ACCOUNT_MESSAGES.emailTaken } : { available: true, message: '' };
      },
    );

    app.post(
      '/signupUser',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Create an account and sign in',
          body: z.object({ username: z.string().max(200), email: z.string().max(400), password: newPasswordText, agreeToTermsAndConditions: z.boolean().optional() }),
        },
      },
      async (request, reply) => {
        const { username, password, agreeToTermsAndConditions } = request.body;
        const email = request.body.email.trim();
        if (reservedUsername(username)) throw new HttpError(400, ACCOUNT_MESSAGES.signupFormNotFilled);
        const problem = usernameProblem(username) ?? emailProblem(email) ?? passwordProblem(password);
        if (problem) throw new HttpError(400, problem);
        if (agreeToTermsAndConditions !== true) throw new HttpError(400, ACCOUNT_MESSAGES.termsRequired);
        await enforceLimit(request, 'signupsPerAddress', request.ip);
        const { userId } = await deps.accounts.register({ username, email, password });
        const session = await deps.accounts.startSession(userId, 'signup', null, { userId, role: 'base' });
        const answer = await startedSession(request, reply, session, userId);
        return reply.status(201).send({ ...answer, message: 'Welcome to Tessera!' });
      },
    );

    app.post('/login', { config: anyone, schema: { tags, summary: 'Sign in with username or e-mail and password', body: loginSchema } }, async (request, reply) => {
      // Counted atomically before the password is checked: parallel guesses cannot all get through.
      await enforceLimit(request, 'loginPerAddress', request.ip);
      await enforceLimit(request, 'loginPerAddressAndAccount', `${request.ip}|${await accountKey(request.body.login)}`);
      try {
        const { userId, session } = await deps.accounts.login(request.body.login, request.body.password);
        return { success: true, message: 'Logged in', ...(await startedSession(request, reply, session, userId)) };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid') {
          throw new HttpError(401, ACCOUNT_MESSAGES.loginFailed);
        }
        throw error;
      }
    });

    app.get('/auth/google/config', { config: anyone, schema: { tags, summary: 'The Google client id, when Google sign-in is configured' } }, async () => ({
      clientId: deps.googleClientId,
    }));

    app.post('/auth/googleLogin', { config: anyone, schema: { tags, summary: 'Sign in with a Google ID token', body: z.object({ token: z.string().max(8192) }) } }, async (request, reply) => {
      if (request.body.token === '') throw new HttpError(400, ACCOUNT_MESSAGES.googleNoCredential);
      let identity;
      try {
        identity = await deps.google.verify(request.body.token);
      } catch (error) {
        if (error instanceof GoogleTokenRejectedError) {
          request.log.info({ reason: error.reason }, 'Google token rejected');
          throw new HttpError(401, ACCOUNT_MESSAGES.googleFailed);
        }
        throw error;
      }
      const { userId, session, created } = await deps.accounts.googleLogin(identity);
      return { success: true, message: created ? 'Welcome to Tessera!' : 'Logged in', created, ...(await startedSession(request, reply, session, userId)) };
    });

    app.post('/logout', { config: anyone, schema: { tags, summary: 'End this session' } }, async (request, reply) => {
      const viewer = request.viewer;
      if (viewer) await deps.settle((await deps.accounts.endSession(viewer.userId, viewer.sessionId, 'logout', actorOf(viewer))).position);
      clearSessionCookie(reply, deps.secureCookies);
      return { success: true };
    });

    // The web app cannot read its httpOnly cookie to know whether it is signed in: it asks here, and a signed-out visitor is a normal answer, not an error.
    app.get('/auth/session', { config: anyone, schema: { tags, summary: 'The signed-in user, or null for a visitor' } }, async (request) => ({
      user: request.viewer ? await currentUserOf(deps.db, deps.accounts, deps.vault, request.viewer) : null,
    }));

    app.get('/users/private/me', { config: signedInOnly, schema: { tags, summary: 'The signed-in user' } }, async (request) => me(signedIn(request)));

    app.get('/users/check', { config: signedInOnly, schema: { tags, summary: 'Is this session still valid?' } }, async (request) => ({ ok: true, userId: signedIn(request).userId }));

    app.post('/request-email-verify', { config: signedInOnly, schema: { tags, summary: 'E-mail a verification link' } }, async (request) => {
      const viewer = signedIn(request);
      await enforceLimit(request, 'mailsPerAccount', `user:${viewer.userId}`);
      await deps.accounts.sendVerificationLink(viewer.userId, actorOf(viewer));
      return { message: 'We have sent you a link to verify your e-mail address.' };
    });

    app.post('/verify-email', { config: anyone, schema: { tags, summary: 'Verify with the e-mailed link', body: z.object({ t: tokenText, u: z.string().max(200), s: z.string().max(20).optional() }) } }, async (request) => {
      await deps.settle((await deps.accounts.verifyByLink(request.body.u, request.body.t)).position);
      return { error: false, message: 'Your account is verified. You can log in now.', redirect: '/login' };
    });

    app.post('/generate-otp', { config: signedInOnly, schema: { tags, summary: 'E-mail a 6-digit verification code' } }, async (request) => {
      const viewer = signedIn(request);
      await enforceLimit(request, 'mailsPerAccount', `user:${viewer.userId}`);
      await deps.accounts.issueVerificationCode(viewer.userId, actorOf(viewer));
      return { message: ACCOUNT_MESSAGES.otpSent };
    });

    app.post(
      '/verify-otp',
      { config: signedInOnly, schema: { tags, summary: 'Check a verification code', body: z.object({ otp: z.string().max(20) }) } },
      async (request, reply) => {
        const viewer = signedIn(request);
        const code = request.body.otp.trim();
        if (!new RegExp(`^\\d{${VERIFICATION_CODE.digits}}$`, 'u').test(code)) throw new HttpError(400, `Please enter the ${VERIFICATION_CODE.digits}-digit code from the e-mail.`);
        const result = await deps.accounts.submitVerificationCode(viewer.userId, code, actorOf(viewer));
        await deps.settle(result.position);
        if (result.verified) return { verified: true, message: 'Your account is verified.' };
        const message = result.attemptsRemaining > 0 ? ACCOUNT_MESSAGES.otpIncorrect(result.attemptsRemaining) : ACCOUNT_MESSAGES.otpTryAgain;
        return reply.status(400).send({ error: true, verified: false, attempts: result.attemptsRemaining, message });
      },
    );

    app.post('/change-password', { config: signedInOnly, schema: { tags, summary: 'Change the password (ends every session)', body: changePasswordSchema } }, async (request, reply) => {
      const viewer = signedIn(request);
      await enforceLimit(request, 'passwordChecksPerAccount', `user:${viewer.userId}`);
      await deps.settle((await deps.accounts.changePassword(viewer.userId, request.body.cp, request.body.np, actorOf(viewer))).position);
      clearSessionCookie(reply, deps.secureCookies);
      return { error: false, message: ACCOUNT_MESSAGES.passwordChanged };
    });

    app.post('/request-password-reset', { config: anyone, schema: { tags, summary: 'E-mail a password reset link', body: z.object({ username: z.string().min(1).max(400) }) } }, async (request) => {
      await enforceLimit(request, 'mailsPerAddress', request.ip);
      await enforceLimit(request, 'mailsPerAccount', await accountKey(request.body.username));
      // The answer must not tell whether the account exists: the reset and its e-mail (much slower for a
      // real account) go on in the background, and every request is answered after the same time.
      void deps.accounts.requestPasswordReset(request.body.username).catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'));
      await setTimeout(PASSWORD_RESET_ANSWER_MS);
      return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
    });

    app.post('/check-token', { config: anyone, schema: { tags, summary: 'Is this reset link still valid?', body: z.object({ t: tokenText, u: z.string().max(200) }) } }, async (request) => {
      await deps.accounts.checkResetToken(request.body.u, request.body.t);
      return { error: false };
    });

    app.post(
      '/change-password-and-login',
      { config: anyone, schema: { tags, summary: 'Set a new password with a reset link and sign in', body: z.object({ u: z.string().max(200), t: tokenText, p: newPasswordText }) } },
      async (request, reply) => {
        const problem = passwordProblem(request.body.p);
        if (problem) throw new HttpError(400, problem);
        const { userId, session } = await deps.accounts.resetPassword(request.body.u, request.body.t, request.body.p);
        return { error: false, message: 'Your password has been changed.', ...(await startedSession(request, reply, session, userId)) };
      },
    );

    app.post('/users/me/update', { config: signedInOnly, schema: { tags, summary: 'Change parts of the profile', body: profileUpdateSchema } }, async (request) => {
      const viewer = signedIn(request);
      const { username, social, ...rest } = request.body;
      if (username !== undefined) {
        const answer = await usernameAnswer(username, viewer);
        if (!answer.available) throw new HttpError(answer.reserved ? 400 : 409, answer.reserved ? answer.message : ACCOUNT_MESSAGES.profileUsernameTaken);
      }
      const reducedSocial =
        social && Object.fromEntries(Object.entries(social).map(([network, value]) => [network, value === undefined ? undefined : storedSocialValue(network as SocialNetwork, value)]));
      await deps.settle(await deps.accounts.updateProfile(viewer.userId, { ...rest, username, social: reducedSocial }, actorOf(viewer)));
      return me({ ...viewer, username: username ?? viewer.username });
    });

    app.post('/users/me/picture', { config: signedInOnly, schema: { tags, summary: 'Upload a profile picture (multipart field "image")' } }, async (request) => {
      const viewer = signedIn(request);
      await enforceLimit(request, 'uploadsPerUser', viewer.userId);
      let file;
      try {
        file = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, parts: 5 } });
      } catch {
        throw new HttpError(400, 'Please send the picture as multipart/form-data in the field "image".');
      }
      if (!file || file.fieldname !== 'image') throw new HttpError(400, 'Please send the picture in the field "image".');
      const upload = await file.toBuffer().catch((error: unknown) => {
        throw uploadReadError(error);
      });
      if (file.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
      const url = await deps.images.store(upload, file.filename);
      const thumbnail = `${url}?v=${Date.now()}`;
      await deps.settle((await deps.accounts.changePicture(viewer.userId, thumbnail, actorOf(viewer))).position);
      return { thumbnail };
    });

    app.delete('/users/me/picture', { config: signedInOnly, schema: { tags, summary: 'Remove the profile picture' } }, async (request) => {
      const viewer = signedIn(request);
      await deps.settle((await deps.accounts.changePicture(viewer.userId, null, actorOf(viewer))).position);
      return me(viewer);
    });

    app.post('/users/me/delete', { config: signedInOnly, schema: { tags, summary: 'Delete my account (erases personal data)', body: z.object({ password: storedPasswordText.optional() }).optional() } }, async (request, reply) => {
      const viewer = signedIn(request);
      if (viewer.impersonatedBy !== null) throw new HttpError(403, 'Test-user sessions cannot delete the account.');
      const row = await existingUserById(deps.db, viewer.userId);
      // A stolen session alone cannot erase an account that has a password.
      if (row.password_hash !== null) {
        const password = request.body?.password ?? '';
        if (password === '') throw new HttpError(400, ACCOUNT_MESSAGES.deleteNeedsPassword);
        await enforceLimit(request, 'passwordChecksPerAccount', `user:${viewer.userId}`);
        if (!(await passwordMatches(row.password_hash, password))) throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      await deps.settle((await deps.accounts.deleteAccount(viewer.userId, actorOf(viewer))).position);
      clearSessionCookie(reply, deps.secureCookies);
      return { success: true };
    });

    app.get(
      '/users/public/:username',
      { config: anyone, schema: { tags, summary: 'A public profile with its posts', params: z.object({ username: z.string().max(200) }), querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }) } },
      async (request) => {
        const row = await userByUsername(deps.db, request.params.username);
        if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userDoesNotExist);
        const isOwner = request.viewer?.userId === row.id;
        const user = await publicProfileOf(deps.db, deps.accounts, row);
        const page = request.query.page;
        // Visitors see public posts; the owner also sees what is under review.
        const { rows, total } = await authorResourcesPage(deps.db, row.id, { page, pageSize: PROFILE_PAGE_SIZE, publicOnly: !isOwner });
        const counts = pageCounts(page, PROFILE_PAGE_SIZE, total);
        const first = total === 0 ? 0 : Math.min(total, (page - 1) * PROFILE_PAGE_SIZE + 1);
        const last = Math.min(total, page * PROFILE_PAGE_SIZE);
        return {
          user,
          isOwner,
          posts: await Promise.all(rows.map((post) => toResourceView(post, deps.vault))),
          pagination: { ...counts, showing: `Showing ${first} - ${last} of ${total}`, pageStatus: `${page} of ${counts.totalPages}` },
        };
      },
    );

    app.get('/users/test-user/status', { config: signedInOnly, schema: { tags, summary: 'Is this a test-user session?' } }, async (request) => ({
      isTestUser: signedIn(request).impersonatedBy !== null,
    }));

    app.post(
      '/admin/test-user/toggle',
      { config: signedInOnly, schema: { tags: ['admin'], summary: 'Start or stop test-user mode (admins)', body: z.object({ action: z.enum(['start', 'stop']) }) } },
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
        if (viewer.impersonatedBy === null) throw new HttpError(409, 'Test-user mode is not on for this session.');
        await deps.settle((await deps.accounts.stopTestUserMode(viewer.userId, viewer.sessionId, actorOf(viewer))).position);
        clearSessionCookie(reply, deps.secureCookies);
        return { success: true, token: null, message: 'Test-user mode is off. Please log in as admin again.' };
      },
    );

    app.post('/auth/relogin-admin', { config: signedInOnly, schema: { tags: ['admin'], summary: 'Leave test-user mode and sign in as the admin again' } }, async (request, reply) => {
      const viewer = signedIn(request);
      if (viewer.impersonatedBy === null) throw new HttpError(409, 'Test-user mode is not on for this session.');
      await deps.settle((await deps.accounts.stopTestUserMode(viewer.userId, viewer.sessionId, actorOf(viewer))).position);
      const session = await deps.accounts.startSession(viewer.userId, 'admin_relogin', null, { userId: viewer.userId, role: 'admin' });
      return { success: true, message: 'Welcome back.', ...(await startedSession(request, reply, session, viewer.userId)) };
    });
  };
}
