import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { COMMERCE_MESSAGES } from '../../../domain/commerce/messages.js';
import { requireSignedIn } from '../../features/accounts/route-guards.js';
import { confirmPurchase } from '../../features/commerce/api.js';
import { refreshSession } from '../../features/session/session.js';
import { documentTitle } from '../../lib/brand.js';

/** A buyer back without a session (it ended while they paid) signs in and comes back here, to the result. */
export async function successLoader({ request }: LoaderFunctionArgs) {
  await requireSignedIn(request);
  return null;
}

/**
 * /success?resourceid=…&sessionid=… (spec 2.9): the buyer is back from checkout. The server
 * confirms the purchase with the provider and says where to go: the post, with the result modal.
 */
export function SuccessPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const resourceId = searchParams.get('resourceid') ?? '';
  const sessionId = searchParams.get('sessionid') ?? '';
  const [outcome, setOutcome] = useState<'confirming' | 'failed' | 'postRemoved'>('confirming');

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
      {outcome === 'failed' && (
        <section className="empty-state" role="alert">
          <h1>{COMMERCE_MESSAGES.purchaseFailureTitle}</h1>
          <p>{COMMERCE_MESSAGES.purchaseFailureText}</p>
          <Link to="/purchased-posts" className="button button--primary">
            Purchased Posts
          </Link>
        </section>
      )}
      {outcome === 'postRemoved' && (
        <section className="empty-state" role="alert">
          <h1>{COMMERCE_MESSAGES.postRemovedTitle}</h1>
          <p>{COMMERCE_MESSAGES.postRemovedText}</p>
          <Link to="/search" className="button button--primary">
            Explore Templates
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
