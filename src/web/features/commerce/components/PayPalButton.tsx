import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { COMMERCE_MESSAGES } from '../../../../domain/commerce/messages.js';
import { INSTRUMENT_DECLINED, PAYPAL_RETURN_PARAM } from '../../../../domain/commerce/purchase.js';
import { Modal } from '../../../components/ui/Modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { signedInUser } from '../../session/session.js';
import { openLoginPrompt } from '../../shell/client-state.js';
import { capturePayPalOrder, createPayPalOrder } from '../api.js';

type Problem = { title: string; text: string } | null;

/**
 * Pay with PayPal: creates an order (priced by the server) and goes to its approval page; the
 * buyer comes back to the detail page, where PayPalReturn captures it. Refusals as for Buy.
 */
export function PayPalButton({ resourceId }: { resourceId: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  async function pay() {
    if ((await signedInUser()) === null) return openLoginPrompt();
    setBusy(true);
    try {
      const order = await createPayPalOrder(resourceId);
      window.location.assign(order.approveUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.message === COMMERCE_MESSAGES.paymentErrorText) setProblem({ title: COMMERCE_MESSAGES.paymentErrorTitle, text: COMMERCE_MESSAGES.paymentErrorText });
      else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) setProblem({ title: 'Error', text: error.message });
      else setProblem({ title: 'Error', text: COMMERCE_MESSAGES.checkoutFailed });
    }
  }

  return (
    <>
      <button type="button" className="button detail-actions__paypal" disabled={busy} aria-busy={busy} onClick={() => void pay()}>
        {busy ? 'Opening PayPal…' : 'Pay with PayPal'}
      </button>
      <Modal open={problem !== null} title={problem?.title ?? ''} tone="danger" onClose={() => setProblem(null)}>
        <p>{problem?.text}</p>
      </Modal>
    </>
  );
}

/**
 * Back from approving a PayPal order (?paypal=1&token=ORDER): capture it once, then show the
 * purchase result modal (success=true/false); INSTRUMENT_DECLINED restarts at the approval page.
 */
export function PayPalReturn() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get(PAYPAL_RETURN_PARAM) !== null ? searchParams.get('token') : null;
  const captured = useRef<string | null>(null);

  useEffect(() => {
    if (orderId === null || captured.current === orderId) return;
    captured.current = orderId;
    // A full load, as the card checkout's return does: the page then shows the post as bought.
    const finish = (success: boolean, redirectUrl?: string) => window.location.replace(redirectUrl ?? `${window.location.pathname}?success=${success}`);
    capturePayPalOrder(orderId)
      .then((answer) => {
        if (answer.details?.[0]?.issue === INSTRUMENT_DECLINED && answer.restartUrl) return window.location.assign(answer.restartUrl);
        if (answer.details?.[0]) console.error('PayPal capture refused', answer.details[0].issue);
        finish(answer.purchased, answer.redirectUrl);
      })
      .catch((error: unknown) => {
        console.error('PayPal capture failed', error);
        finish(false);
      });
  }, [orderId]);

  return orderId === null ? null : (
    <p className="detail-actions__note" role="status">
      Confirming your PayPal payment…
    </p>
  );
}
