import { describe, expect, it } from 'vitest';

import { accountTabFromHash, accountTabHash } from './account-tabs.js';

describe('account tab hashes', () => {
  it('reads the spec hashes', () => {
    expect(accountTabFromHash('#settings-tabs-tab-payments')).toBe('payments');
    expect(accountTabFromHash('#settings-tabs-tab-notifications')).toBe('notifications');
    expect(accountTabFromHash('#settings-tabs-tab-rewards')).toBe('rewards');
  });

  it('falls back to the profile tab', () => {
    expect(accountTabFromHash('')).toBe('profile');
    expect(accountTabFromHash('#settings-tabs-tab-admin')).toBe('profile');
  });

  it('writes the hash a tab is reached by', () => {
    expect(accountTabHash('rewards')).toBe('#settings-tabs-tab-rewards');
  });
});
