import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { ACCOUNT_MESSAGES } from '../../../../domain/accounts/rules.js';
import { ApiError } from '../../../lib/api-client.js';
import { fetchPayoutStatus, type PayoutStatus } from '../api.js';

export const PAYMENTS_HELP_PATH = '/help/payments';

type StatusState = { status: 'loading' } | { status: 'unavailable' } | { status: 'known'; payout: PayoutStatus };

/** The payments tab: the payout account status, or a panel saying payouts are not available yet (no payout provider answers). */
export function PaymentsTab({ userId }: { userId: string }) {
  const [state, setState] = useState<StatusState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPayoutStatus(userId, controller.signal).then(
      (payout) => setState(typeof payout?.charges_enabled === 'boolean' ? { status: 'known', payout } : { status: 'unavailable' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 404: no payout provider is wired in yet, which is a state, not a failure.
        if (!(error instanceof ApiError && error.status === 404)) console.error('Could not read the payout status', error);
        setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [userId]);

  return (
    <section className="status-panel" aria-labelledby="payments-heading" aria-busy={state.status === 'loading'}>
      <h2 id="payments-heading" className="status-panel__title">
        Payout account
      </h2>
      {state.status === 'loading' && <p className="muted">Loading your payout status…</p>}
      {state.status === 'unavailable' && <p>{ACCOUNT_MESSAGES.payoutsUnavailable}</p>}
      {state.status === 'known' && (
        <p>{state.payout.charges_enabled ? 'Your store is active: you can set prices on your templates.' : 'Activate your store to begin selling'}</p>
      )}
      <p>
        <Link to={PAYMENTS_HELP_PATH}>How payments and payouts work</Link>
      </p>
    </section>
  );
}
