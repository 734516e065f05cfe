import { useState } from 'react';

import { COMMERCE_MESSAGES } from '../../../../domain/commerce/messages.js';
import { Modal } from '../../../components/ui/Modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { signedInUser } from '../../session/session.js';
import { openLoginPrompt } from '../../shell/client-state.js';
import { createCheckoutSession } from '../api.js';

type Problem = { title: string; text: string } | null;

/**
 * Buy: asks the server for a checkout session (priced from the post) and goes to the provider's
 * hosted checkout. Visitors get the login prompt; an author without a payout account gets the
 * spec's 'Payment Error'; anything else the generic checkout error.
 */
export function BuyButton({ resourceId, priceText }: { resourceId: string; priceText: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  async function buy() {
    if ((await signedInUser()) === null) return openLoginPrompt();
    setBusy(true);
    try {
      const session = await createCheckoutSession(resourceId);
      window.location.assign(session.url);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.message === COMMERCE_MESSAGES.paymentErrorText) setProblem({ title: COMMERCE_MESSAGES.paymentErrorTitle, text: COMMERCE_MESSAGES.paymentErrorText });
      else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) setProblem({ title: 'Error', text: error.message });
      else setProblem({ title: 'Error', text: COMMERCE_MESSAGES.checkoutFailed });
    }
  }

  return (
    <>
      <button type="button" className="button button--primary detail-actions__buy" disabled={busy} aria-busy={busy} onClick={() => void buy()}>
        {busy ? 'Opening checkout…' : `Buy for ${priceText}`}
      </button>
      <Modal open={problem !== null} title={problem?.title ?? ''} tone="danger" onClose={() => setProblem(null)}>
        <p>{problem?.text}</p>
      </Modal>
    </>
  );
}
