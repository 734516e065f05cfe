import { useId, useState, type FormEvent } from 'react';

import { emailProblem } from '@domain/accounts/email-address.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/** The footer's newsletter box: one e-mail field; the server answers 'You are successfully subscribed'. */
export function NewsletterBox() {
  const inputId = useId();
  const statusId = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email.trim());
    if (problem !== null) {
      setStatus({ kind: 'error', message: problem });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const answer = await apiRequest<{ message: string }>('/email/subscribe', {
        method: 'POST',
        body: { email: email.trim() },
        authFailures: 'silent',
      });
      setStatus({ kind: 'done', message: answer.message });
      setEmail('');
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof ApiError ? error.message : 'Could not subscribe. Please try again.' });
    }
  }

  return (
    <form className="newsletter" onSubmit={(event) => void subscribe(event)} noValidate>
      <h2 className="site-footer__heading">Newsletter</h2>
      <p className="newsletter__lead">New templates and maker tips, once a month.</p>
      <div className="newsletter__row">
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <input
          id={inputId}
          className="field__input newsletter__input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-describedby={statusId}
          aria-invalid={status.kind === 'error' || undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p id={statusId} className={`newsletter__status newsletter__status--${status.kind}`} role="status">
        {status.kind === 'done' || status.kind === 'error' ? status.message : ''}
      </p>
    </form>
  );
}
