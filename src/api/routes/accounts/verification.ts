import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, VERIFICATION_CODE } from '../../../domain/accounts/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { anyone, signedIn, signedInOnly, tags, type AccountRouteDeps } from './deps.js';
import { messageAnswer } from './schemas.js';

export const tokenText = z.string().min(1).max(200);

/** E-mail verification: by the link mailed, or by the 6-digit code mailed. */
export function verificationRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/request-email-verify',
      { config: signedInOnly, schema: { tags, summary: 'E-mail a verification link', response: { 200: messageAnswer } } },
      async (request) => {
        const viewer = signedIn(request);
        await enforceLimit(request, 'mailsPerAccount', `user:${viewer.userId}`);
        await deps.accounts.sendVerificationLink(viewer.userId, actorOf(viewer));
        return { message: 'We have sent you a link to verify your e-mail address.' };
      },
    );

    app.post(
      '/verify-email',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Verify with the e-mailed link',
          body: z.object({ t: tokenText, u: z.string().max(200), s: z.string().max(20).optional() }),
          response: { 200: z.object({ error: z.literal(false), message: z.string(), redirect: z.string() }) },
        },
      },
      async (request) => {
        await deps.settle((await deps.accounts.verifyByLink(request.body.u, request.body.t)).position);
        return { error: false as const, message: 'Your account is verified. You can log in now.', redirect: '/login' };
      },
    );

    app.post(
      '/generate-otp',
      { config: signedInOnly, schema: { tags, summary: 'E-mail a 6-digit verification code', response: { 200: messageAnswer } } },
      async (request) => {
        const viewer = signedIn(request);
        await enforceLimit(request, 'mailsPerAccount', `user:${viewer.userId}`);
        await deps.accounts.issueVerificationCode(viewer.userId, actorOf(viewer));
        return { message: ACCOUNT_MESSAGES.otpSent };
      },
    );

    app.post(
      '/verify-otp',
      {
        config: signedInOnly,
        schema: {
          tags,
          summary: 'Check a verification code (a wrong one: 400 with the attempts left)',
          body: z.object({ otp: z.string().max(20) }),
          response: {
            200: z.object({ verified: z.literal(true), message: z.string() }),
            // Errors answer { error, message } too: the attempts are there only after a wrong code.
            400: z.object({
              error: z.literal(true),
              verified: z.literal(false).optional(),
              attempts: z.number().optional(),
              message: z.string(),
            }),
          },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        const code = request.body.otp.trim();
        if (!new RegExp(`^\\d{${VERIFICATION_CODE.digits}}$`, 'u').test(code))
          throw new HttpError(400, `Please enter the ${VERIFICATION_CODE.digits}-digit code from the e-mail.`);
        const result = await deps.accounts.submitVerificationCode(viewer.userId, code, actorOf(viewer));
        await deps.settle(result.position);
        if (result.verified) return { verified: true as const, message: 'Your account is verified.' };
        const message =
          result.attemptsRemaining > 0 ? ACCOUNT_MESSAGES.otpIncorrect(result.attemptsRemaining) : ACCOUNT_MESSAGES.otpTryAgain;
        return reply.status(400).send({ error: true as const, verified: false as const, attempts: result.attemptsRemaining, message });
      },
    );
  };
}
