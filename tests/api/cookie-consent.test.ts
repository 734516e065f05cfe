import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { BANNERS, COOKIE_CONSENT } from '../../src/web/lib/shell-constants.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { RETURN_PATH_REFUSED } from '../../src/api/routes/cookie-consent.js';

const CONSENT_MAX_AGE_S = 150 * 24 * 60 * 60;

describe('the cookie bar form: POST /api/cookie-consent (app.inject on embedded PGlite)', () => {
  let harness: ApiHarness;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 91 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/cookie-consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('takes the form from a page of this site', async () => {
    const answer = await post(
      { consent: COOKIE_CONSENT.all, returnTo: '/' },
      { host: 'tessera.test', origin: 'http://tessera.test', 'sec-fetch-site': 'same-origin' },
    );
    expect(answer.statusCode).toBe(303);
    expect(answer.cookies.map((cookie) => cookie.name)).toEqual(['cookieConsent']);
  });

  // A page elsewhere posting the form would choose "all" for a visitor who never did.
  it.each<Record<string, string>>([
    { host: 'tessera.test', origin: 'https://evil.example' },
    { host: 'tessera.test', referer: 'https://evil.example/page' },
    { host: 'tessera.test', 'sec-fetch-site': 'cross-site' },
  ])('refuses a cross-site post (%j) with a 403 and sets nothing', async (headers) => {
    const answer = await post({ consent: COOKIE_CONSENT.all, returnTo: '/' }, headers);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: true, message: ACCESS_MESSAGES.crossSite });
    expect(answer.cookies).toEqual([]);
  });

  it.each([COOKIE_CONSENT.essentials, COOKIE_CONSENT.all])(
    'sets the consent cookie to %s for 150 days, readable by the app, and sends the browser back',
    async (consent) => {
      const answer = await post({ consent, returnTo: '/search?q=notion' });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/search?q=notion');
      expect(answer.headers['cache-control']).toBe('no-store');
      const cookie = answer.cookies.find((set) => set.name === 'cookieConsent');
      expect(cookie).toMatchObject({ value: consent, path: '/', maxAge: CONSENT_MAX_AGE_S, sameSite: 'Lax' });
      // The app reads the cookie and may change the choice later: it is no httpOnly cookie.
      expect(cookie?.httpOnly).toBeUndefined();
    },
  );

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'search', ''])(
    'refuses the return path %j with a 400 and sets nothing',
    async (returnTo) => {
      const answer = await post({ consent: COOKIE_CONSENT.all, returnTo });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: true, message: RETURN_PATH_REFUSED });
      expect(answer.headers.location).toBeUndefined();
      expect(answer.cookies).toEqual([]);
    },
  );

  it.each<Record<string, string>>([{ consent: 'analytics', returnTo: '/' }, { returnTo: '/' }, { consent: COOKIE_CONSENT.all }])(
    'refuses the form %j with a 400',
    async (fields) => {
      const answer = await post(fields);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: true });
      expect(answer.cookies).toEqual([]);
    },
  );

  describe("a banner's × before the app has started: POST /api/banner-dismissal", () => {
    const dismiss = (fields: Record<string, string>, cookie?: string) =>
      harness.app.inject({
        method: 'POST',
        url: `/api${BANNERS.dismissPath}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      });

    it('remembers the banner for a year as the app does, keeps those dismissed before, and sends the browser back', async () => {
      const first = await dismiss({ banner: 'ai', returnTo: '/search?q=notion' });
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe('/search?q=notion');
      expect(first.cookies.find((set) => set.name === BANNERS.cookieName)).toMatchObject({
        value: 'ai',
        path: '/',
        maxAge: BANNERS.days * 24 * 60 * 60,
        sameSite: 'Lax',
      });
      const second = await dismiss({ banner: 'selling', returnTo: '/' }, `${BANNERS.cookieName}=ai`);
      expect(second.cookies.find((set) => set.name === BANNERS.cookieName)?.value).toBe('selling,ai');
    });

    it.each<[Record<string, string>, Record<string, string>, number]>([
      [{ banner: 'cookies', returnTo: '/' }, {}, 400],
      [{ banner: 'ai', returnTo: 'https://evil.example/' }, {}, 400],
      [{ banner: 'ai', returnTo: '/' }, { host: 'tessera.test', origin: 'https://evil.example' }, 403],
    ])('refuses %j (headers %j) with %i and sets nothing', async (fields, headers, status) => {
      const answer = await harness.app.inject({
        method: 'POST',
        url: `/api${BANNERS.dismissPath}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(answer.statusCode).toBe(status);
      expect(answer.cookies).toEqual([]);
    });
  });
});
