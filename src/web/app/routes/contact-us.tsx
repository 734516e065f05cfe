import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { CONTACT_REASONS, OUTREACH_LIMITS, OUTREACH_MESSAGES, type ContactReason } from '@domain/outreach/rules.js';
import { useSession } from '@/lib/session.js';
import { openLoginPrompt } from '@/lib/client-state.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { SENDING_LABEL, useSubmission } from '@/lib/use-submission.js';
import { characterCount } from '@domain/shared/characters.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** The submit button's labels (generator-admin-site.md section 4). */
export const CONTACT_BUTTON_LABELS = {
  idle: 'Submit',
  sending: SENDING_LABEL,
  sent: 'Submitted',
  failed: OUTREACH_MESSAGES.contactFailed,
  rateLimited: OUTREACH_MESSAGES.tooManyRequests,
} as const;
type SendState = keyof typeof CONTACT_BUTTON_LABELS;

const isRateLimited = (failure: unknown) => failure instanceof ApiError && failure.status === 429;
/** Only a refusal of what was typed (a 400) is said under the form; the button tells the rest. */
const refusalOf = (failure: unknown) =>
  failure instanceof ApiError && failure.status === 400 ? failure.message.replace(/^\w+: /u, '') : null;
const SEND_STATE_OF = { idle: 'idle', pending: 'sending', done: 'sent', failed: 'failed' } as const;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The form's starting values from the query: the reserved-username hand-off and reason=marketing. */
export function contactPrefill(parameters: URLSearchParams): { name: string; reason: ContactReason | '' } {
  if (parameters.get('forwardedFromReserved') === 'true') {
    return { name: capitalised(parameters.get('reservedUsername')?.trim() ?? ''), reason: 'reserved-account' };
  }
  return { name: '', reason: parameters.get('reason') === 'marketing' ? 'marketing' : '' };
}

type ContactFields = { name: string; email: string; reason: ContactReason | ''; message: string };
type EditField = <Field extends keyof ContactFields>(field: Field) => (value: ContactFields[Field]) => void;

/** The form's values and its request: prefilled from the query, the email from the session, sent to /contact-us. */
function useContactForm() {
  const [parameters] = useSearchParams();
  const { user, loading } = useSession();
  const [prefill] = useState(() => contactPrefill(parameters));
  const [fields, setFields] = useState<ContactFields>({ name: prefill.name, email: '', reason: prefill.reason, message: '' });
  const submission = useSubmission(refusalOf);
  const state: SendState =
    submission.status === 'failed' && isRateLimited(submission.failure) ? 'rateLimited' : SEND_STATE_OF[submission.status];
  const forwardedFromReserved = parameters.get('forwardedFromReserved') === 'true';

  // The spec opens the login prompt for visitors who are not signed in; people claiming a reserved
  // name cannot sign in with it, so they are left to write straight away.
  useEffect(() => {
    if (!loading && user === null && !forwardedFromReserved) openLoginPrompt();
  }, [loading, user, forwardedFromReserved]);

  useEffect(() => {
    if (user?.email) setFields((typed) => ({ ...typed, email: typed.email || (user.email ?? '') }));
  }, [user]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { name, email, reason, message } = fields;
    const outcome = await submission.submit(() =>
      apiRequest('/contact-us', {
        method: 'POST',
        body: { name, email, message, ...(reason === '' ? {} : { reason }) },
        authFailures: 'silent',
      }),
    );
    if (outcome?.ok) setFields((sent) => ({ ...sent, message: '' }));
  }

  // An edit takes back the last answer, so the button offers to submit again.
  const edit: EditField = (field) => (value) => {
    setFields((typed) => ({ ...typed, [field]: value }));
    submission.reset();
  };

  return { fields, edit, send, state, error: submission.error };
}

/** Name, email, reason and message, each with its label; the name and message kept to their limits. */
function ContactFieldset({ fields, edit }: { fields: ContactFields; edit: EditField }) {
  const ids = { name: useId(), email: useId(), reason: useId(), message: useId(), counter: useId() };
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.name}>
          Name
        </label>
        <input
          id={ids.name}
          className="field__input"
          required
          autoComplete="name"
          value={fields.name}
          onChange={keepingAtMost(OUTREACH_LIMITS.nameMax, edit('name'))}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.email}>
          Email
        </label>
        <input
          id={ids.email}
          className="field__input"
          type="email"
          required
          autoComplete="email"
          value={fields.email}
          onChange={(event) => edit('email')(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.reason}>
          Reason <span className="muted">(optional)</span>
        </label>
        <select
          id={ids.reason}
          className="field__input"
          value={fields.reason}
          onChange={(event) => edit('reason')(event.target.value as ContactReason | '')}
        >
          <option value="">Choose a reason</option>
          {CONTACT_REASONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.message}>
          Message
        </label>
        <textarea
          id={ids.message}
          className="field__input"
          required
          rows={6}
          aria-describedby={ids.counter}
          value={fields.message}
          onChange={keepingAtMost(OUTREACH_LIMITS.messageMax, edit('message'))}
        />
        <span id={ids.counter} className="field__counter muted">
          {characterCount(fields.message)}/{OUTREACH_LIMITS.messageMax}
        </span>
      </div>
    </>
  );
}

export function ContactPage() {
  const { fields, edit, send, state, error } = useContactForm();

  return (
    <div className="container content-page narrow-page">
      <PageHead title="Contact Us" description={PAGE_DESCRIPTIONS.contactUs} />
      <h1>Contact Us</h1>
      <p className="page-subtitle">
        Questions, ideas, a bug, or a reserved username to claim? Write to us — we answer within two working days.
      </p>

      <form className="form-stack contact-form" onSubmit={(event) => void send(event)}>
        <ContactFieldset fields={fields} edit={edit} />
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`button button--primary contact-form__submit contact-form__submit--${state}`}
          disabled={state === 'sending' || state === 'sent' || state === 'rateLimited'}
        >
          {CONTACT_BUTTON_LABELS[state]}
        </button>
        <p role="status" className="form-success">
          {state === 'sent' ? OUTREACH_MESSAGES.contactSent : ''}
        </p>
      </form>
    </div>
  );
}
