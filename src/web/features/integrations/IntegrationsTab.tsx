import { useCallback, useEffect, useState, type FormEvent } from 'react';

import './integrations.css';

import { TOKEN_SCOPES, type AccessTokenSummary, type TokenScope } from '@domain/integrations/tokens.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@domain/integrations/webhook-catalogue.js';
import type { WebhookDeliveryAttempt, WebhookEndpointSummary } from '@domain/integrations/webhooks.js';
import { userMessageOf } from '@/lib/api-client.js';
import { SENDING_LABEL, useSubmission } from '@/lib/use-submission.js';
import {
  createToken,
  createWebhook,
  deleteWebhook,
  fetchDeliveries,
  fetchTokens,
  fetchWebhooks,
  replayWebhook,
  revokeToken,
  setWebhookActive,
} from './api.js';

const LOAD_FAILED = 'Could not load your integrations. Please reload the page.';
const SEND_FAILED = 'That did not work. Please try again.';
const TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso === null ? 'never' : TIME.format(new Date(iso)));

/** Shown once, right after it was made: a token or a signing secret. */
function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div className="form-alert form-alert--success" role="status">
      <p>{label} — copy it now, it is not shown again:</p>
      <code className="integrations__secret">{value}</code>
    </div>
  );
}

function Tokens() {
  const [tokens, setTokens] = useState<AccessTokenSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [made, setMade] = useState<string | null>(null);
  const submission = useSubmission((failure) => userMessageOf(failure, SEND_FAILED));
  const reload = useCallback(() => fetchTokens().then(setTokens, () => setFailed(true)), []);
  useEffect(() => void reload(), [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const outcome = await submission.submit(() => createToken(name, scopes));
    if (outcome?.ok) {
      setMade(outcome.answer.token);
      setName('');
      await reload();
    }
  }

  return (
    <section aria-labelledby="tokens-heading" className="integrations__section">
      <h2 id="tokens-heading">Personal access tokens</h2>
      <p className="muted">
        Your own scripts call the API as you with <code>Authorization: Bearer &lt;token&gt;</code>. A token has exactly its scopes and never
        reaches admin pages.
      </p>
      {failed && <p className="form-alert form-alert--danger">{LOAD_FAILED}</p>}
      {tokens !== null && tokens.length > 0 && (
        <ul className="integrations__list" aria-label="Your tokens">
          {tokens.map((token) => (
            <li key={token.id} className="integrations__item">
              <strong>{token.name}</strong> <span className="muted">{token.scopes.join(', ')}</span>{' '}
              <span className="muted">· last used {when(token.lastUsedAt)}</span>{' '}
              <button type="button" className="button button--danger-outline" onClick={() => void revokeToken(token.id).then(reload)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {made !== null && <ShownOnce label="Your new token" value={made} />}
      <form className="integrations__form" onSubmit={(event) => void create(event)}>
        <label>
          Name <input value={name} required maxLength={60} onChange={(event) => setName(event.target.value)} />
        </label>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />{' '}
            {scope}
          </label>
        ))}
        <button type="submit" className="button" disabled={submission.pending}>
          {submission.pending ? SENDING_LABEL : 'Create token'}
        </button>
        {submission.error && <p className="form-alert form-alert--danger">{submission.error}</p>}
      </form>
    </section>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [attempts, setAttempts] = useState<WebhookDeliveryAttempt[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchDeliveries(endpointId, controller.signal).then(setAttempts, () => setAttempts([]));
    return () => controller.abort();
  }, [endpointId]);
  if (attempts === null) return <p className="muted">Loading deliveries…</p>;
  if (attempts.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="integrations__log">
      <caption className="muted">Latest delivery attempts</caption>
      <thead>
        <tr>
          <th>Time</th>
          <th>Event</th>
          <th>Attempt</th>
          <th>Answer</th>
          <th>Latency</th>
          <th>Next retry</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((attempt) => (
          <tr key={`${attempt.eventId}-${attempt.replayId ?? 'live'}-${attempt.attempt}`}>
            <td>{when(attempt.at)}</td>
            <td>
              {attempt.type} <code className="muted">{attempt.eventId.slice(0, 8)}</code>
              {attempt.replayId !== null && ' (replay)'}
            </td>
            <td>{attempt.attempt}</td>
            <td>{attempt.statusCode ?? attempt.error}</td>
            <td>{attempt.latencyMs} ms</td>
            <td>{attempt.nextRetryAt === null ? attempt.outcome : when(attempt.nextRetryAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Endpoint({ endpoint, onChanged }: { endpoint: WebhookEndpointSummary; onChanged: () => Promise<void> }) {
  const [showLog, setShowLog] = useState(false);
  const [since, setSince] = useState('');
  const submission = useSubmission((failure) => userMessageOf(failure, SEND_FAILED));
  const act = (send: () => Promise<unknown>) => void submission.submit(send).then(onChanged);
  return (
    <li className="integrations__item">
      <strong>{endpoint.url}</strong> <span className="muted">{endpoint.events.join(', ')}</span>{' '}
      <span className={`status-badge status-badge--${endpoint.active ? 'verified' : 'pending'}`}>
        {endpoint.active ? 'Active' : `Paused${endpoint.pausedReason ? `: ${endpoint.pausedReason}` : ''}`}
      </span>
      <div className="integrations__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => act(() => setWebhookActive(endpoint.id, !endpoint.active))}
        >
          {endpoint.active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
          Deliveries
        </button>
        <label>
          Replay since <input type="datetime-local" value={since} onChange={(event) => setSince(event.target.value)} />
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={since === ''}
          onClick={() => act(() => replayWebhook(endpoint.id, new Date(since).toISOString()))}
        >
          Replay
        </button>
        <button type="button" className="button button--danger-outline" onClick={() => act(() => deleteWebhook(endpoint.id))}>
          Delete
        </button>
      </div>
      {submission.error && <p className="form-alert form-alert--danger">{submission.error}</p>}
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

function Webhooks() {
  const [endpoints, setEndpoints] = useState<WebhookEndpointSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['sale.completed']);
  const [secret, setSecret] = useState<string | null>(null);
  const submission = useSubmission((failure) => userMessageOf(failure, SEND_FAILED));
  const reload = useCallback(() => fetchWebhooks().then(setEndpoints, () => setFailed(true)), []);
  useEffect(() => void reload(), [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const outcome = await submission.submit(() => createWebhook(url, events));
    if (outcome?.ok) {
      setSecret(outcome.answer.secret);
      setUrl('');
      await reload();
    }
  }

  return (
    <section aria-labelledby="webhooks-heading" className="integrations__section">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted">
        Tessera posts your events to your server, signed with the endpoint&apos;s secret (header <code>Tessera-Signature</code>), in order,
        retried for 24 hours.
      </p>
      {failed && <p className="form-alert form-alert--danger">{LOAD_FAILED}</p>}
      {endpoints !== null && endpoints.length > 0 && (
        <ul className="integrations__list" aria-label="Your webhook endpoints">
          {endpoints.map((endpoint) => (
            <Endpoint key={endpoint.id} endpoint={endpoint} onChanged={reload} />
          ))}
        </ul>
      )}
      {secret !== null && <ShownOnce label="The endpoint's signing secret" value={secret} />}
      <form className="integrations__form" onSubmit={(event) => void create(event)}>
        <label>
          URL{' '}
          <input
            type="url"
            value={url}
            required
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://example.com/tessera"
          />
        </label>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => setEvents(event.target.checked ? [...events, type] : events.filter((t) => t !== type))}
            />{' '}
            {type}
          </label>
        ))}
        <button type="submit" className="button" disabled={submission.pending}>
          {submission.pending ? SENDING_LABEL : 'Add endpoint'}
        </button>
        {submission.error && <p className="form-alert form-alert--danger">{submission.error}</p>}
      </form>
    </section>
  );
}

/** The account page's Integrations tab: access tokens and webhooks. Loaded only when the tab opens. */
export default function IntegrationsTab() {
  return (
    <div className="integrations">
      <Tokens />
      <Webhooks />
    </div>
  );
}
