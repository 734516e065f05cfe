import { useState } from 'react';

import { Modal } from '@/components/ui/Modal.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { showToast } from '@/components/ui/toasts.js';
import { fetchResourcePurchases, refundPurchase, type ResourcePurchase } from '../api.js';

const PURCHASE_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Admins: the purchases of a paid post, each with a Refund button (POST /refund). The buyer loses
 * access and the seller's totals drop it; both are told by e-mail.
 */
export function RefundButton({ resourceId, title }: { resourceId: string; title: string }) {
  const [purchases, setPurchases] = useState<ResourcePurchase[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** The purchase whose refund the admin is asked to confirm, in the portal's own dialog. */
  const [confirming, setConfirming] = useState<ResourcePurchase | null>(null);

  async function open() {
    try {
      setPurchases((await fetchResourcePurchases(resourceId)).purchases);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'The purchases could not be loaded.');
    }
  }

  async function refund(purchase: ResourcePurchase) {
    setConfirming(null);
    setBusy(purchase.purchaseId);
    try {
      showToast('success', (await refundPurchase(resourceId, purchase.buyerId)).message);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'The refund did not go through.');
    }
    // Either way the list is read again: a refusal often means another admin refunded it meanwhile.
    try {
      setPurchases((await fetchResourcePurchases(resourceId)).purchases);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'The purchases could not be loaded.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void open()}>
        Refunds
      </button>
      <Modal open={purchases !== null} title={`Purchases of "${title}"`} onClose={() => setPurchases(null)}>
        {purchases?.length === 0 && <p>Nobody has bought this post.</p>}
        <ul className="refund-list">
          {purchases?.map((purchase) => (
            <li key={purchase.purchaseId} className="refund-list__row">
              <span>
                {purchase.buyerUsername ?? 'Erased user'} · ${purchase.amount.toFixed(2)} · {PURCHASE_DATE.format(new Date(purchase.date))}
              </span>
              {purchase.refunded ? (
                <span className="muted">Refunded</span>
              ) : (
                <button
                  type="button"
                  className="button button--danger-outline"
                  disabled={busy !== null}
                  onClick={() => setConfirming(purchase)}
                >
                  {busy === purchase.purchaseId ? 'Refunding…' : 'Refund'}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Modal>
      <ModalForm
        open={confirming !== null}
        title="Refund this purchase?"
        titleTone="danger"
        onClose={() => setConfirming(null)}
        onSubmit={() => void (confirming && refund(confirming))}
        submitLabel="Refund"
        submitTone="danger"
        pending={busy !== null}
      >
        {confirming && (
          <p>
            Refund {confirming.buyerUsername ?? 'this buyer'} ${confirming.amount.toFixed(2)} for &quot;{title}&quot;? The buyer loses
            access to the template.
          </p>
        )}
      </ModalForm>
    </>
  );
}
