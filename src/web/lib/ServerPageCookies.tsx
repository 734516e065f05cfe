import { createContext, useContext } from 'react';

import { readCookie } from './browser-storage.js';
import type { PageCookies } from './shell-constants.js';
import { pageCookiesOf } from './page-cookies.js';

/**
 * On the server, the page cookies the request came with; absent in the browser, which reads its own.
 * Both sides draw the same page from them, so a visitor who has chosen never sees the cookie bar or a
 * dismissed banner flash in and out while the page hydrates.
 */
export const ServerPageCookies = createContext<PageCookies | undefined>(undefined);

/** The page cookies the server rendered with, or the browser's own. */
export function usePageCookies(): PageCookies {
  return useContext(ServerPageCookies) ?? pageCookiesOf(readCookie);
}
