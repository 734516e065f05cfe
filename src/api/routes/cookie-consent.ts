import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';

import { sameSitePath } from '../../domain/shared/paths.js';
import { DAY_SECONDS } from '../../domain/shared/durations.js';
import { BANNER_NAMES, BANNERS, COOKIE_CONSENT } from '../../web/lib/shell-constants.js';
import { dismissedBannerNames } from '../../web/lib/page-cookies.js';
import { refuseCrossSite } from '../auth/access-hook.js';
import { HttpError } from '../errors.js';

export const RETURN_PATH_REFUSED = 'returnTo must be a path on this site, such as /search.';
/** Two short fields: a longer form is no form of ours. */
const FORM_BODY_LIMIT_BYTES = 4_096;

const returnTo = z.string().max(2_048);
const consentForm = z.object({ consent: z.enum([COOKIE_CONSENT.all, COOKIE_CONSENT.essentials]), returnTo });
const dismissalForm = z.object({ banner: z.enum(BANNER_NAMES), returnTo });
/** Both forms answer with a redirect, never a 2xx: there is no body to describe. */
const backToPage = { 303: z.null().describe('No body: back to returnTo (Location), the cookie set') };

/**
 * The shell's forms, for a click before the app has started (or without scripts): the cookie bar's
 * choice and a banner's ×. Each sets its cookie exactly as the app does (readable by it, which may
 * change it later) and sends the browser back to the page it was on, which the server then draws
 * without the bar or the banner. A page of another site cannot post them (a forged "all" consent).
 */
export function cookieConsentRoutes(deps: { secureCookies: boolean }): FastifyPluginAsyncZod {
  /** Sets the cookie for `days` and answers 303 back to `returnTo`, a path on this site (else 400, nothing set). */
  function setCookieAndReturn(
    request: FastifyRequest,
    reply: FastifyReply,
    cookie: { name: string; value: string; days: number },
    returnTo: string,
  ) {
    // A page of another site could otherwise post these forms and choose "all" for the visitor.
    refuseCrossSite(request);
    const returnPath = sameSitePath(returnTo);
    if (returnPath === null) throw new HttpError(400, RETURN_PATH_REFUSED);
    reply.setCookie(cookie.name, cookie.value, {
      path: '/',
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: cookie.days * DAY_SECONDS,
    });
    return reply.header('cache-control', 'no-store').redirect(returnPath, 303);
  }

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.post(
      COOKIE_CONSENT.formPath,
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Record the cookie choice of a page drawn by the server (a form post), then go back to that page (303)',
          tags: ['content'],
          body: consentForm,
          response: backToPage,
        },
      },
      async (request, reply) =>
        setCookieAndReturn(
          request,
          reply,
          { name: COOKIE_CONSENT.cookieName, value: request.body.consent, days: COOKIE_CONSENT.days },
          request.body.returnTo,
        ),
    );
    app.post(
      BANNERS.dismissPath,
      {
        config: { access: 'anyone' },
        schema: {
          summary: "Dismiss a banner of a page drawn by the server (a form post: the banner's ×), then go back to that page (303)",
          tags: ['content'],
          body: dismissalForm,
          response: backToPage,
        },
      },
      async (request, reply) => {
        // Added to those dismissed before, in the app's spelling of the cookie.
        const dismissed = dismissedBannerNames(`${request.cookies[BANNERS.cookieName] ?? ''},${request.body.banner}`).join(',');
        return setCookieAndReturn(
          request,
          reply,
          { name: BANNERS.cookieName, value: dismissed, days: BANNERS.days },
          request.body.returnTo,
        );
      },
    );
  };
}
