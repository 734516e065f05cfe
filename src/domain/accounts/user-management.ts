import type { UserLevel } from './events.js';
import { ACCOUNT_MESSAGES, mayChangeStatusOf } from './rules.js';

/** The admin portal's user management: texts and timings (spec sections 4 and 9), shared by the API and the web app. */
export const USER_MANAGEMENT_MESSAGES = {
  updated: 'User successfully updated!',
  levelNeedsOwner: 'Only an owner can change a level.',
  reasonRequired: 'Please give a reason for the status change.',
  notYourself: 'You cannot change your own level or status.',
  nothingToChange: 'Choose a new level or status first.',
  erasedAccount: 'A deleted account cannot be changed.',
  /** Nobody could make owners or manage admins any more: only the operator's command line could. */
  lastOwnerDelete: 'You are the only owner of Tessera: make another member an owner before you delete your account.',
  lastOwnerChange: 'This is the only owner of Tessera: make another member an owner first.',
  /** The users view is behind the log: an owner change waits for it, since it decides on it. */
  ownerChangeBusy: 'Account changes are still being applied. Please try again in a moment.',
} as const;

/** Spec: "User successfully updated!" stays 3 seconds. */
export const USER_UPDATED_VISIBLE_MS = 3_000;

/** Only an owner changes levels (spec: roles). */
export function mayChangeLevel(viewer: UserLevel): boolean {
  return viewer === 'owner';
}

/** An admin changes the status of base members only; an owner anyone's (the account decider enforces it too). */
export function mayChangeStatus(viewer: UserLevel, target: UserLevel): boolean {
  return mayChangeStatusOf(viewer, target);
}

/** A row of user management as the locks need it: whose account, and whether it was deleted. */
interface ManagedAccount {
  isViewer: boolean;
  lvl: UserLevel;
  erased: boolean;
}

/** Why the viewer cannot change this account's level (the API's own refusal), or null when they can. */
export function levelLockReason(viewer: UserLevel, account: ManagedAccount): string | null {
  if (account.isViewer) return USER_MANAGEMENT_MESSAGES.notYourself;
  if (account.erased) return USER_MANAGEMENT_MESSAGES.erasedAccount;
  return mayChangeLevel(viewer) ? null : USER_MANAGEMENT_MESSAGES.levelNeedsOwner;
}

/** Why the viewer cannot change this account's status, or null when they can. */
export function statusLockReason(viewer: UserLevel, account: ManagedAccount): string | null {
  if (account.isViewer) return USER_MANAGEMENT_MESSAGES.notYourself;
  if (account.erased) return USER_MANAGEMENT_MESSAGES.erasedAccount;
  return mayChangeStatus(viewer, account.lvl) ? null : ACCOUNT_MESSAGES.statusChangeNeedsOwner;
}
