/** The account page's tabs and their URL hashes (spec section 2: #settings-tabs-tab-payments …; profile is the default). */

export const ACCOUNT_TABS = ['profile', 'payments', 'notifications', 'rewards', 'integrations'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = {
  profile: 'Profile',
  payments: 'Payments',
  notifications: 'Notifications',
  rewards: 'Rewards',
  integrations: 'Integrations',
};

const TAB_ID_PREFIX = 'settings-tabs-tab-';

export function accountTabElementId(tab: AccountTab): string {
  return `${TAB_ID_PREFIX}${tab}`;
}

export function accountTabHash(tab: AccountTab): string {
  return `#${accountTabElementId(tab)}`;
}

/** The path of the account page open at `tab`: links in the app and in e-mails. */
export function accountTabPath(tab: AccountTab): string {
  return `/account${accountTabHash(tab)}`;
}

/** The tab a hash selects; anything unknown selects the profile tab. */
export function accountTabFromHash(hash: string): AccountTab {
  const name = hash.replace(/^#/u, '').replace(TAB_ID_PREFIX, '');
  return ACCOUNT_TABS.find((tab) => tab === name) ?? 'profile';
}
