/** Texts, limits and timings of the shell's client behaviours (generator-admin-site.md sections 2, 4 and 9). */

import { BRAND_NAME } from './brand.js';

export const COOKIE_CONSENT = {
  cookieName: 'cookieConsent',
  /** Consent lasts 150 days. */
  days: 150,
  all: 'all',
  essentials: 'essentials',
  /**
   * The bar's buttons post the choice here (under /api) with the page to come back to: a choice
   * made before the app has started still counts, the server setting the same cookie.
   */
  formPath: '/cookie-consent',
} as const;
export type CookieConsent = typeof COOKIE_CONSENT.all | typeof COOKIE_CONSENT.essentials;

export const BANNERS = {
  /**
   * The dismissed banners' names, comma-separated, in a cookie ("remembered locally"): the server
   * renders a returning visitor's page without them, so a dismissed banner never flashes back.
   */
  cookieName: 'dismissedBanners',
  /** A dismissal is remembered for a year. */
  days: 365,
  /** The layout offset while the selling banner shows. */
  sellingBannerOffsetPx: 72,
  /** The × posts the banner's name here (under /api) before the app has started, as the cookie bar's buttons do. */
  dismissPath: '/banner-dismissal',
  sellingText: 'Template stores are now live',
  sellingButton: 'Sell templates',
  aiText: 'Discover our new AI Template Generator!',
  aiButton: 'Try it',
} as const;

/** The two promotional banners, both shown until dismissed. */
export const BANNER_NAMES = ['selling', 'ai'] as const;
export type BannerName = (typeof BANNER_NAMES)[number];

export const ENGAGEMENT = {
  /** Shown once per visitor, this long after arriving. */
  delayMs: 30_000,
  /** The new-visitor cookie: set when the modal shows, for 30 days. */
  cookieName: 'newVisitor',
  flagDays: 30,
  /** Pages where the modal never appears (prefixes match sub-pages); the editor is the create form of a stored post. */
  excludedPaths: [
    '/login',
    '/signup',
    '/create',
    '/editor',
    '/contact-us',
    '/forgot-password',
    '/admin',
    '/account',
    '/onboarding',
    '/topics',
    '/apps',
    '/users',
    '/search',
  ],
  signedOutTitle: `Welcome to ${BRAND_NAME}!`,
  signedOutText: 'Browse hundreds of ready-to-use templates made by a community of makers — free to explore, no account needed.',
  signedInTitle: 'Share what you make',
  signedInText: 'Have a template that saves you time? Post it for the community, or tell us how we can make the site better for you.',
} as const;

export const LOGIN_PROMPT_TITLE = `Join the ${BRAND_NAME} community`;
export const LOGIN_PROMPT_TEXT = 'Log in or join free to like, save, comment on, buy and request templates.';

/** After login, a redirect URL carrying this parameter opens the request modal (after a 1 s pause). */
export const SHOW_REQUEST_MODAL_PARAM = 'showRequestModal';
export const REQUEST_MODAL_DELAY_MS = 1000;

/** A script chunk that has not arrived after 120 s fails with a ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Set while the account signed in on this browser is shown the test-user switch (admins, and anyone in
 * test-user mode), whose navigation bar takes two rows from 1100 px. A page is drawn before it knows
 * who is signed in: with this cookie it is drawn with the two rows, so it does not move down when the
 * session comes (a layout shift of 0.35–0.45 on every page an admin opened at 1280 px).
 * The login's answer sets it (before the page it goes to is requested), a sign-out's clears it, and the
 * app keeps it as each session says.
 */
export const TEST_USER_SWITCH_HINT = { cookieName: 'testUserSwitch', shown: '1', days: 30 } as const;

/** The cookies a server-rendered page depends on: the page cache keeps one copy per combination of their values. */
export const PAGE_COOKIE_NAMES = [COOKIE_CONSENT.cookieName, BANNERS.cookieName, TEST_USER_SWITCH_HINT.cookieName] as const;
export type PageCookies = Record<(typeof PAGE_COOKIE_NAMES)[number], string | null>;
