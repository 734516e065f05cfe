import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';

import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { PRICE_REQUEST_MESSAGES } from '@domain/templates/admin-edit.js';
import { resourcePath } from '@/lib/paths.js';
import { decidePriceRequest, fetchPriceRequests, type PriceRequest } from '../admin-api.js';
import { formatDateTime } from '@/lib/date-time.js';
import { useLoad } from '@/lib/use-load.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { ADMIN_DECISION_REASON_MAX } from '@domain/templates/rules.js';

function RequestRow({ request, onDecided }: { request: PriceRequest; onDecided: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function decide(approve: boolean) {
    setBusy(true);
    try {
      showToast('success', await decidePriceRequest(request, approve, reason));
      onDecided();
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error), TOAST_ERROR_TIMEOUT_MS);
      onDecided();
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="admin-user" aria-label={request.title}>
      <p>
        <Link to={resourcePath(request.titleUrl)}>{request.title}</Link> — {request.requester.username ?? 'a deleted account'} asks for{' '}
        <strong>${request.requestedPrice.toFixed(2)}</strong> (now ${request.currentPrice.toFixed(2)})
      </p>
      <p className="admin-list__note">{formatDateTime(request.requestedAt)}</p>
      <div className="admin-user__form">
        <label className="admin-list__control admin-list__control--grow" htmlFor={`${id}-reason`}>
          Reason (optional, sent to the author)
          <input
            className="form-field__input"
            id={`${id}-reason`}
            value={reason}
            onChange={keepingAtMost(ADMIN_DECISION_REASON_MAX, setReason)}
          />
        </label>
        <div className="admin-user__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide(true)}>
            Approve
          </button>
          <button type="button" className="button button--danger-outline" disabled={busy} onClick={() => void decide(false)}>
            Decline
          </button>
        </div>
      </div>
    </li>
  );
}

/** Price-change requests: authors' requests (made from their post) approved or declined; the author is told by e-mail. */
export function PriceRequests() {
  const { state, reload } = useLoad(useCallback((signal: AbortSignal) => fetchPriceRequests(signal), []));
  return (
    <div className="admin-list">
      <h2 className="admin-page__heading">Price-change requests</h2>
      {state.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {state.phase === 'failed' && <p role="alert">{state.message}</p>}
      {state.phase === 'loaded' && state.value.length === 0 && <p className="empty-state">{PRICE_REQUEST_MESSAGES.none}</p>}
      {state.phase === 'loaded' && state.value.length > 0 && (
        <ul className="admin-users" aria-label="Price-change requests">
          {state.value.map((request) => (
            <RequestRow key={`${request.resourceId}-${request.requestedAt}`} request={request} onDecided={reload} />
          ))}
        </ul>
      )}
    </div>
  );
}
