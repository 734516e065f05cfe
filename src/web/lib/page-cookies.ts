/**
 * The cookies a server-rendered page is drawn from, read the same way on both sides. No React here:
 * the server imports this before it sets NODE_ENV, and React must first load after that.
 */
import { BANNERS, BANNER_NAMES, COOKIE_CONSENT, TEST_USER_SWITCH_HINT, type BannerName, type PageCookies } from './shell-constants.js';

/** The banners the dismissed-banners cookie names, in their canonical order and spelling. */
export function dismissedBannerNames(cookieValue: string | null | undefined): BannerName[] {
  const named = new Set((cookieValue ?? '').split(','));
  return BANNER_NAMES.filter((name) => named.has(name));
}

/**
 * The page cookies as the page draws them: only the values it knows, in one spelling, so any cookie a
 * visitor sends keys one of a few cached copies of a page.
 */
export function pageCookiesOf(read: (name: string) => string | null | undefined): PageCookies {
  const consent = read(COOKIE_CONSENT.cookieName);
  const dismissedBanners = dismissedBannerNames(read(BANNERS.cookieName));
  return {
    [COOKIE_CONSENT.cookieName]: consent === COOKIE_CONSENT.all || consent === COOKIE_CONSENT.essentials ? consent : null,
    [BANNERS.cookieName]: dismissedBanners.length === 0 ? null : dismissedBanners.join(','),
    [TEST_USER_SWITCH_HINT.cookieName]:
      read(TEST_USER_SWITCH_HINT.cookieName) === TEST_USER_SWITCH_HINT.shown ? TEST_USER_SWITCH_HINT.shown : null,
  };
}
