import type { CurrentUser } from '@domain/accounts/current-user.js';
import { isStaffLevel } from '@domain/accounts/access.js';

/** Only 'verified' counts (spec: a user counts as verified if verification.status is verified). */
export function isVerifiedUser(user: CurrentUser): boolean {
  return user.verification.status === 'verified';
}

/** Admins and owners see the Admin Portal. */
export function isAdminUser(user: CurrentUser): boolean {
  return isStaffLevel(user.lvl);
}

/** Spec: a Switch Back to Admin button in test-user mode; admins see the test-user switch. */
export function showsTestUserSwitch(user: CurrentUser | null): user is CurrentUser {
  return user !== null && (user.isTestUser || isAdminUser(user));
}

/** The counts the side menu shows beside Saved, Created and Purchased Posts. */
export function postCounts(user: CurrentUser): { saved: number; created: number; purchased: number } {
  return { saved: user.actions.saves.length, created: user.actions.posts.length, purchased: user.paid.length };
}

/** The name shown beside the picture: the display name when set, else the username. */
export function displayNameOf(user: CurrentUser): string {
  return user.info.displayName.trim() || user.username;
}
