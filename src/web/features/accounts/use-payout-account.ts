import { useCallback, useEffect, useState } from 'react';

import { PAYOUT_STATUS_REFRESH_DELAY_MS } from '@domain/commerce/payout-account.js';
import { showToast } from '@/components/ui/toasts.js';
import {
  disconnectPayoutAccount,
  fetchPayoutAccountStatus,
  resetOnboarding,
  startOnboarding,
  type PayoutAccountStatus,
} from '@/features/commerce/index.js';

type StatusState = { status: 'loading' } | { status: 'failed' } | { status: 'known'; payout: PayoutAccountStatus };
/** The change asked for, awaiting the member's confirmation. */
export type PayoutChange = 'disconnect' | 'reset';

/** A member's payout account: its status, onboarding at the provider, and disconnect or reset (the status read again after). */
export function usePayoutAccount(userId: string) {
  const [state, setState] = useState<StatusState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchPayoutAccountStatus(userId, signal).then(
        (payout) => setState({ status: 'known', payout }),
        (error: unknown) => {
          if (signal?.aborted) return;
          console.error('Could not read the payout status', error);
          setState({ status: 'failed' });
        },
      ),
    [userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function onboard() {
    setBusy(true);
    try {
      const { accountLinkUrl } = await startOnboarding(userId);
      window.location.assign(accountLinkUrl);
    } catch (error) {
      setBusy(false);
      showToast('error', error instanceof Error ? error.message : 'The payout provider could not be reached. Please try again.');
    }
  }

  async function change(kind: PayoutChange) {
    setBusy(true);
    try {
      await (kind === 'disconnect' ? disconnectPayoutAccount(userId) : resetOnboarding(userId));
      showToast(
        'success',
        kind === 'disconnect' ? 'Your payout account was disconnected.' : 'Onboarding was reset. Connect again to start fresh.',
      );
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'That did not work. Please try again.');
    }
    // Spec 9: the status is read again about 300 ms later.
    window.setTimeout(() => {
      void load().finally(() => setBusy(false));
    }, PAYOUT_STATUS_REFRESH_DELAY_MS);
  }

  return { state, busy, onboard, change };
}
