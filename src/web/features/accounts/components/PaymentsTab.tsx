import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { PAYOUT_STATUS_REFRESH_DELAY_MS } from '@domain/commerce/payout-account.js';
import { Modal } from '@/components/ui/Modal.js';
import { PAYMENTS_HELP_LINK_LABEL, PAYMENTS_HELP_PATH } from '@/lib/paths.js';
import { COMMISSION_SENTENCE, commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { showToast } from '@/components/ui/toasts.js';
import { disconnectPayoutAccount, fetchPayoutAccountStatus, resetOnboarding, startOnboarding, type PayoutAccountStatus } from '@/features/commerce/index.js';

type StatusState = { status: 'loading' } | { status: 'failed' } | { status: 'known'; payout: PayoutAccountStatus };
type Confirming = 'disconnect' | 'reset' | null;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replaceAll('_', ' ');

/**
 * The payments tab (spec 4, Payout account): Connect to Stripe; Complete Stripe Onboarding while
 * details are missing; Stripe Connected with Disconnect once charges are enabled; otherwise the
 * status with Continue Onboarding and Start Fresh. Disconnect and Start Fresh ask first, then the
 * status is read again after 300 ms.
 */
export function PaymentsTab({ userId, verified }: { userId: string; verified: boolean }) {
  const [state, setState] = useState<StatusState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);

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

  async function confirmChange(change: Exclude<Confirming, null>) {
    setConfirming(null);
    setBusy(true);
    try {
      await (change === 'disconnect' ? disconnectPayoutAccount(userId) : resetOnboarding(userId));
      showToast('success', change === 'disconnect' ? 'Your payout account was disconnected.' : 'Onboarding was reset. Connect again to start fresh.');
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'That did not work. Please try again.');
    }
    // Spec 9: the status is read again about 300 ms later.
    window.setTimeout(() => {
      void load().finally(() => setBusy(false));
    }, PAYOUT_STATUS_REFRESH_DELAY_MS);
  }

  const payout = state.status === 'known' ? state.payout : null;
  return (
    <section className="status-panel payments-tab" aria-labelledby="payments-heading" aria-busy={state.status === 'loading' || busy}>
      <h2 id="payments-heading" className="status-panel__title">
        Payout account
      </h2>
      {state.status === 'loading' && <p className="muted">Loading your payout status…</p>}
      {state.status === 'failed' && <p>The payout status could not be loaded. Please reload the page.</p>}
      {payout?.status === 'not_connected' && <NotConnected verified={verified} busy={busy} onConnect={() => void onboard()} />}
      {payout?.status === 'pending' && (
        <>
          <p>Your payout account is open but its details are not submitted yet.</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onboard()}>
            Complete Stripe Onboarding
          </button>
        </>
      )}
      {payout?.status === 'enabled' && (
        <>
          <p className="payments-tab__connected">
            <strong>Stripe Connected</strong>
            {payout.email ? ` · ${payout.email}` : ''}
          </p>
          <p>Your store is active: you can set prices on your templates.</p>
          <button type="button" className="button button--danger-outline" disabled={busy} onClick={() => setConfirming('disconnect')}>
            Disconnect
          </button>
        </>
      )}
      {payout?.status === 'restricted' && (
        <>
          <p>
            Status: <strong>{capitalised(payout.status)}</strong>. The payment provider still needs details before your account can take payments.
          </p>
          <div className="payments-tab__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void onboard()}>
              Continue Onboarding
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming('reset')}>
              Start Fresh
            </button>
          </div>
        </>
      )}
      {payout?.provider === 'sandbox' && <p className="muted payments-tab__sandbox">Payments run in the local sandbox: no real money moves.</p>}
      <p>
        <Link to={PAYMENTS_HELP_PATH}>{PAYMENTS_HELP_LINK_LABEL}</Link>
      </p>

      <Modal
        open={confirming !== null}
        title={confirming === 'disconnect' ? 'Disconnect your payout account?' : 'Start onboarding afresh?'}
        tone="danger"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirmChange(confirming!)}>
              {confirming === 'disconnect' ? 'Disconnect' : 'Start Fresh'}
            </button>
          </>
        }
      >
        <p>
          {confirming === 'disconnect'
            ? 'Buyers will not be able to buy your paid posts until you connect a payout account again.'
            : 'The half-finished account is dropped; you will connect a new one from the start.'}
        </p>
      </Modal>
    </section>
  );
}

/** What follows the offer to connect a payout account, by the commission on sales. */
const PAYOUT_COMMISSION = { ...COMMISSION_SENTENCE, beta: ' No commission during the beta.' };

/**
 * No payout account yet. The server refuses to connect an unverified member, so such a member is
 * told to verify instead of being offered a button that could only end in 'Access Denied'.
 */
export function NotConnected({ verified, busy, onConnect }: { verified: boolean; busy: boolean; onConnect: () => void }) {
  const commission = commissionMention(usePlatformFeePercent(), PAYOUT_COMMISSION);
  return (
    <>
      <p>{`${COMMERCE_MESSAGES.activateStore}: connect a payout account to set prices on your templates.${commission}`}</p>
      {verified ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={onConnect}>
          Connect to Stripe
        </button>
      ) : (
        <p className="payments-tab__verify-first">{COMMERCE_MESSAGES.verifyToConnect}</p>
      )}
    </>
  );
}
