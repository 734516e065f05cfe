import { lazy, Suspense, useContext, type ComponentType } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { neverNotifies, useBrowserStore } from '@/lib/browser-store.js';
import { deleteCookie, readCookie, writeCookie } from '@/lib/browser-storage.js';
import { TEST_USER_SWITCH_HINT } from '@/lib/shell-constants.js';
import { ServerPageCookies } from '@/lib/ServerPageCookies.js';
import { showsTestUserSwitch } from '@/lib/user-facts.js';

/*
 * The test-user switch's code loads only for those who see it (admins, and anyone in test-user mode):
 * every other visit would carry it in the script each page loads first. A chunk that fails to load
 * leaves the switch out rather than the page.
 */
const NOTHING: ComponentType = () => null;
const SimulateNewUserToggle = lazy(() =>
  import('./SimulateNewUserToggle.js').then(
    (module) => ({ default: module.SimulateNewUserToggle }),
    () => ({ default: NOTHING }),
  ),
);
const SwitchBackToAdminButton = lazy(() =>
  import('./SimulateNewUserToggle.js').then(
    (module) => ({ default: module.SwitchBackToAdminButton }),
    () => ({ default: NOTHING }),
  ),
);

const SWITCH_PLACE_CLASS = 'navbar__switch-place';
const expectedByCookie = () => readCookie(TEST_USER_SWITCH_HINT.cookieName) === TEST_USER_SWITCH_HINT.shown;

/** Keeps TEST_USER_SWITCH_HINT as the session says, for the pages this browser opens next. */
export function rememberTestUserSwitch(shown: boolean): void {
  if (expectedByCookie() === shown) return;
  if (shown) writeCookie(TEST_USER_SWITCH_HINT.cookieName, TEST_USER_SWITCH_HINT.shown, TEST_USER_SWITCH_HINT.days);
  else deleteCookie(TEST_USER_SWITCH_HINT.cookieName);
}

/**
 * Whether the page the server sent draws the switch's place in the navigation bar, read before React
 * hydrates it. The cookie may have changed since the request (the page before sets it as it leaves),
 * and hydration must draw what the server drew.
 */
const placeInServerPage = typeof document !== 'undefined' && document.querySelector(`.navbar__inner > .${SWITCH_PLACE_CLASS}`) !== null;

/** Whether the session that is loading will show the switch, as far as this browser knows (TEST_USER_SWITCH_HINT). */
export function useTestUserSwitchExpected(): boolean {
  const serverCookies = useContext(ServerPageCookies);
  const drawnByServer = serverCookies === undefined ? placeInServerPage : serverCookies[TEST_USER_SWITCH_HINT.cookieName] !== null;
  return useBrowserStore(neverNotifies, expectedByCookie, drawnByServer);
}

export function TestUserModeSwitch({ user }: { user: CurrentUser | null }) {
  if (!showsTestUserSwitch(user)) return null;
  return (
    <Suspense fallback={<TestUserSwitchPlace />}>{user.isTestUser ? <SwitchBackToAdminButton /> : <SimulateNewUserToggle />}</Suspense>
  );
}

/**
 * Where the switch will be, while its code or the session that shows it loads: in the navigation bar
 * from 1100 px it takes the bar's two rows at once, so the page under the bar does not move down when
 * the switch comes (a layout shift of 0.35–0.45 on every page an admin opened at 1280 px).
 */
export function TestUserSwitchPlace() {
  return <span className={SWITCH_PLACE_CLASS} aria-hidden="true" />;
}
