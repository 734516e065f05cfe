import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { CHECKOUT_PRICE_HOLD_MS } from '@domain/commerce/checkout-timing.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { confirmPurchase } from '@/features/commerce/api.js';
import { refreshSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';

/** A buyer back without a session (it ended while they paid) signs in and comes back here, to the result. */
export async function successLoader({ request }: LoaderFunctionArgs) {
  await requireSignedIn(request);
  return null;
}

/** What the page says when the buyer does not go on to the post, and where it offers to go instead. */
const ENDINGS = {
  failed: {
    title: COMMERCE_MESSAGES.purchaseFailureTitle,
    text: COMMERCE_MESSAGES.purchaseFailureText,
    next: { to: '/purchased-posts', label: 'Purchased Posts' },
  },
  postRemoved: {
    title: COMMERCE_MESSAGES.postRemovedTitle,
    text: COMMERCE_MESSAGES.postRemovedText,
    next: { to: '/search', label: 'Explore Templates' },
  },
  quoteExpired: {
    title: COMMERCE_MESSAGES.quoteExpiredTitle,
    text: COMMERCE_MESSAGES.quoteExpiredText(CHECKOUT_PRICE_HOLD_MS / 60_000),
    next: { to: '/purchased-posts', label: 'Purchased Posts' },
  },
} as const;

/**
 * /success?resourceid=…&sessionid=… (spec 2.9): the buyer is back from checkout. The server
 * confirms the purchase with the provider and says where to go: the post, with the result modal.
 */
export function SuccessPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const resourceId = searchParams.get('resourceid') ?? '';
  const sessionId = searchParams.get('sessionid') ?? '';
  const [outcome, setOutcome] = useState<'confirming' | keyof typeof ENDINGS>('confirming');

  useEffect(() => {
    if (resourceId === '' || sessionId === '') {
      setOutcome('failed');
      return;
    }
    let cancelled = false;
    confirmPurchase(resourceId, sessionId).then(
      async (answer) => {
        // The side menu's Purchased Posts count and the cards' checkmarks come from the session.
        await refreshSession();
        if (cancelled) return;
        if (answer.postRemoved) setOutcome('postRemoved');
        else if (answer.quoteExpired) setOutcome('quoteExpired');
        else void navigate(answer.redirectUrl, { replace: true });
      },
      (error: unknown) => {
        console.error('The purchase could not be confirmed', error);
        if (!cancelled) setOutcome('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [resourceId, sessionId, navigate]);

  return (
    <div className="container narrow-page">
      <title>{documentTitle('Payment')}</title>
      {outcome !== 'confirming' && (
        <section className="empty-state" role="alert">
          <h1>{ENDINGS[outcome].title}</h1>
          <p>{ENDINGS[outcome].text}</p>
          <Link to={ENDINGS[outcome].next.to} className="button button--primary">
            {ENDINGS[outcome].next.label}
          </Link>
        </section>
      )}
      {outcome === 'confirming' && (
        <section className="empty-state" aria-busy="true">
          <h1>Confirming your payment…</h1>
          <p className="muted">This takes a moment; please keep this page open.</p>
        </section>
      )}
    </div>
  );
}
