import { useState } from 'react';
import { Link } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { PAYMENTS_HELP_LINK_LABEL, PAYMENTS_HELP_PATH } from '@/lib/paths.js';
import { COMMISSION_SENTENCE, commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { usePayoutAccount, type PayoutChange } from '../use-payout-account.js';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replaceAll('_', ' ');

/**
 * The payments tab (spec 4, Payout account): Connect to Stripe; Complete Stripe Onboarding while
 * details are missing; Stripe Connected with Disconnect once charges are enabled; otherwise the
 * status with Continue Onboarding and Start Fresh. Disconnect and Start Fresh ask first, then the
 * status is read again after 300 ms.
 */
export function PaymentsTab({ userId, verified }: { userId: string; verified: boolean }) {
  const { state, busy, onboard, change } = usePayoutAccount(userId);
  const [confirming, setConfirming] = useState<PayoutChange | null>(null);

  function confirmChange(confirmed: PayoutChange) {
    setConfirming(null);
    void change(confirmed);
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
            Status: <strong>{capitalised(payout.status)}</strong>. The payment provider still needs details before your account can take
            payments.
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
      {payout?.provider === 'sandbox' && (
        <p className="muted payments-tab__sandbox">Payments run in the local sandbox: no real money moves.</p>
      )}
      <p>
        <Link to={PAYMENTS_HELP_PATH}>{PAYMENTS_HELP_LINK_LABEL}</Link>
      </p>
      <ConfirmPayoutChangeModal confirming={confirming} onConfirm={confirmChange} onClose={() => setConfirming(null)} />
    </section>
  );
}

interface ConfirmPayoutChangeModalProps {
  confirming: PayoutChange | null;
  onConfirm: (change: PayoutChange) => void;
  onClose: () => void;
}

/** Disconnect and Start Fresh ask first (spec 4). */
function ConfirmPayoutChangeModal({ confirming, onConfirm, onClose }: ConfirmPayoutChangeModalProps) {
  return (
    <Modal
      open={confirming !== null}
      title={confirming === 'disconnect' ? 'Disconnect your payout account?' : 'Start onboarding afresh?'}
      tone="danger"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => onConfirm(confirming!)}>
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
