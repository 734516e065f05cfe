import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, emailProblem, passwordProblem, reservedUsername, usernameProblem } from '../../../domain/accounts/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { userByEmailLookup } from '../../../projections/read-models/users/queries.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { anyone, tags, type AccountRouteDeps } from './deps.js';
import { availabilityAnswer, sessionFields } from './schemas.js';
import { startedSession, usernameAnswer } from './session-answers.js';

/** Bounded by the body limit only, so an over-long new password gets the password rule's own message. */
export const newPasswordText = z.string();

/** The sign-up form: is a username or an address free, and the sign-up itself (which signs in). */
export function signUpRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/signup/username/check-availability',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Is this username free to take?',
          body: z.object({ username: z.string().max(200) }),
          response: { 200: availabilityAnswer },
        },
      },
      async (request) => {
        await enforceLimit(request, 'availabilityChecksPerAddress', request.ip);
        return usernameAnswer(deps, request.body.username, request.viewer);
      },
    );

    app.post(
      '/signup/email/check-availability',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Is this e-mail address free to use?',
          body: z.object({ email: z.string().max(400) }),
          response: { 200: availabilityAnswer },
        },
      },
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
          body: z.object({
            username: z.string().max(200),
            email: z.string().max(400),
            password: newPasswordText,
            agreeToTermsAndConditions: z.boolean().optional(),
          }),
          response: { 201: z.object({ ...sessionFields, message: z.string() }) },
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
        const { userId, session } = await deps.accounts.signUp({ username, email, password });
        const answer = await startedSession(deps, request, reply, session, userId);
        return reply.status(201).send({ ...answer, message: 'Welcome to Tessera!' });
      },
    );
  };
}
