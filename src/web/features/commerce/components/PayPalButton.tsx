import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { INSTRUMENT_DECLINED, PAYPAL_RETURN_PARAM } from '@domain/commerce/purchase.js';
import { capturePayPalOrder, createPayPalOrder } from '../api.js';
import { useCheckoutStart } from './BuyButton.js';

/**
 * Pay with PayPal: creates an order (priced by the server) and goes to its approval page; the
 * buyer comes back to the detail page, where PayPalReturn captures it. Refusals as for Buy.
 */
export function PayPalButton({ resourceId }: { resourceId: string }) {
  const { busy, start, problemModal } = useCheckoutStart(async () => (await createPayPalOrder(resourceId)).approveUrl);
  return (
    <>
      <button type="button" className="button detail-actions__paypal" disabled={busy} aria-busy={busy} onClick={start}>
        {busy ? 'Opening PayPal…' : 'Pay with PayPal'}
      </button>
      {problemModal}
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
    const finish = (success: boolean, redirectUrl?: string) =>
      window.location.replace(redirectUrl ?? `${window.location.pathname}?success=${success}`);
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
