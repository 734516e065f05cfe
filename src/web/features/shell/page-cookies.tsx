import { createContext, useContext } from 'react';

import { readCookie } from './browser-storage.js';
import { BANNERS, BANNER_NAMES, COOKIE_CONSENT, type BannerName, type PageCookies } from './constants.js';

/**
 * On the server, the page cookies the request came with; absent in the browser, which reads its own.
 * Both sides draw the same page from them, so a visitor who has chosen never sees the cookie bar or a
 * dismissed banner flash in and out while the page hydrates.
 */
export const ServerPageCookies = createContext<PageCookies | undefined>(undefined);

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
  };
}

/** The page cookies the server rendered with, or the browser's own. */
export function usePageCookies(): PageCookies {
  return useContext(ServerPageCookies) ?? pageCookiesOf(readCookie);
}

/** The banners the dismissed-banners cookie names, in their canonical order and spelling. */
export function dismissedBannerNames(cookieValue: string | null | undefined): BannerName[] {
  const named = new Set((cookieValue ?? '').split(','));
  return BANNER_NAMES.filter((name) => named.has(name));
}
