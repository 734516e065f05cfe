import { lazy, Suspense, type ComponentType } from 'react';

import type { CurrentUser } from '../../../domain/accounts/current-user.js';
import { isAdminUser } from './user-facts.js';

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

/** Spec: a Switch Back to Admin button in test-user mode; admins see the test-user switch. */
export function TestUserModeSwitch({ user }: { user: CurrentUser | null }) {
  if (user === null || !(user.isTestUser || isAdminUser(user))) return null;
  return <Suspense fallback={null}>{user.isTestUser ? <SwitchBackToAdminButton /> : <SimulateNewUserToggle />}</Suspense>;
}
