import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sameSitePath } from '../../domain/shared/paths.js';
import { COOKIE_CONSENT } from '../../web/features/shell/constants.js';
import { refuseCrossSite } from '../auth/access-hook.js';
import { HttpError } from '../errors.js';

export const RETURN_PATH_REFUSED = 'returnTo must be a path on this site, such as /search.';
const DAY_SECONDS = 24 * 60 * 60;
/** Two short fields: a longer form is no form of ours. */
const FORM_BODY_LIMIT_BYTES = 4_096;

const consentForm = z.object({
  consent: z.enum([COOKIE_CONSENT.all, COOKIE_CONSENT.essentials]),
  returnTo: z.string().max(2_048),
});

/**
 * The cookie bar's form, for a click before the app has started (or without scripts): sets the
 * consent cookie exactly as the app does (readable by it, which may change it later) and sends
 * the browser back to the page it was on, which the server then draws without the bar.
 */
export function cookieConsentRoutes(deps: { secureCookies: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.post(
      COOKIE_CONSENT.formPath,
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Record the cookie choice of a page drawn by the server (a form post), then go back to that page (303)',
          tags: ['content'],
          body: consentForm,
        },
      },
      async (request, reply) => {
        // A page of another site could otherwise post this form and choose "all" for the visitor.
        refuseCrossSite(request);
        const returnPath = sameSitePath(request.body.returnTo);
        if (returnPath === null) throw new HttpError(400, RETURN_PATH_REFUSED);
        reply.setCookie(COOKIE_CONSENT.cookieName, request.body.consent, {
          path: '/',
          sameSite: 'lax',
          secure: deps.secureCookies,
          maxAge: COOKIE_CONSENT.days * DAY_SECONDS,
        });
        return reply.header('cache-control', 'no-store').redirect(returnPath, 303);
      },
    );
  };
}
