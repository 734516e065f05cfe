import { useState } from 'react';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { ApiError } from '@/lib/api-client.js';
import { signedInOrLoginPrompt } from '@/lib/session.js';
import { createCheckoutSession } from '../api.js';

type Problem = { title: string; text: string } | null;

/**
 * Starting a checkout with any provider: visitors get the login prompt; then `open` asks the server
 * (which prices from the post) for the provider's page and the browser goes there. An author
 * without a payout account gets the spec's 'Payment Error'; other refusals their own message;
 * anything else the generic checkout error.
 */
export function useCheckoutStart(open: () => Promise<string>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  async function start() {
    if ((await signedInOrLoginPrompt()) === null) return;
    setBusy(true);
    try {
      window.location.assign(await open());
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.message === COMMERCE_MESSAGES.paymentErrorText)
        setProblem({ title: COMMERCE_MESSAGES.paymentErrorTitle, text: COMMERCE_MESSAGES.paymentErrorText });
      else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
        setProblem({ title: 'Error', text: error.message });
      else setProblem({ title: 'Error', text: COMMERCE_MESSAGES.checkoutFailed });
    }
  }

  const problemModal = (
    <Modal open={problem !== null} title={problem?.title ?? ''} tone="danger" onClose={() => setProblem(null)}>
      <p>{problem?.text}</p>
    </Modal>
  );
  return { busy, start: () => void start(), problemModal };
}

/** Buy: the card checkout session's hosted page. */
export function BuyButton({ resourceId, priceText }: { resourceId: string; priceText: string }) {
  const { busy, start, problemModal } = useCheckoutStart(async () => (await createCheckoutSession(resourceId)).url);
  return (
    <>
      <button type="button" className="button button--primary detail-actions__buy" disabled={busy} aria-busy={busy} onClick={start}>
        {busy ? 'Opening checkout…' : `Buy for ${priceText}`}
      </button>
      {problemModal}
    </>
  );
}
