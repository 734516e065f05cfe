import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import {
  BETA_OPTIONS,
  guestDetailsProblem,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  SUPPORT_TEXTS,
  type BetaOption,
} from '@domain/support/rules.js';
import { apiRequest, userMessageOf } from '@/lib/api-client.js';
import { keepingAtMost } from '@/lib/character-limit.js';

interface SupportFeedbackFormProps {
  guest: boolean;
  name: string;
  email: string;
  /** The guest's name and email fields, shown under the text for a guest. */
  guestFields: ReactNode;
  errorLine: ReactNode;
  setError: (error: string | null) => void;
  /** Chat was chosen: registration first if the guest has not given valid details yet. */
  onChat: (needsRegistration: boolean) => void;
  onSent: () => void;
}

/** The panel's first screen: what the beta feedback is about, a text, and (for guests) who sends it. */
export function SupportFeedbackForm({ guest, name, email, guestFields, errorLine, setError, onChat, onSent }: SupportFeedbackFormProps) {
  const { pathname } = useLocation();
  const textId = useId();
  const [selection, setSelection] = useState<BetaOption | null>(null);
  const [betaText, setBetaText] = useState('');
  const [sending, setSending] = useState(false);

  async function sendFeedback(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selection === null) {
      setError(SUPPORT_MESSAGES.selectOption);
      return;
    }
    setError(null);
    if (selection === 'Chat') {
      onChat(guest && guestDetailsProblem(name, email) !== null);
      return;
    }
    if (guest) {
      const problem = guestDetailsProblem(name, email);
      if (problem) {
        setError(problem);
        return;
      }
    }
    setSending(true);
    try {
      const guestDetails = guest ? { userName: name.trim(), userEmail: email.trim() } : {};
      await apiRequest('/chatbot/feedback', {
        method: 'POST',
        authFailures: 'silent',
        body: {
          betaSelection: selection,
          betaText: betaText.trim(),
          isLoggedIn: !guest,
          currentPage: pathname,
          timestamp: new Date().toISOString(),
          ...guestDetails,
        },
      });
      onSent();
    } catch (failure) {
      // What was typed stays in the form; the server's reason (a 429's wait) or an outage's apology above it.
      setError(userMessageOf(failure, SUPPORT_MESSAGES.requestFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="support-panel__body form-stack" onSubmit={(event) => void sendFeedback(event)} noValidate>
      <p className="muted">{SUPPORT_TEXTS.panelIntro}</p>
      <fieldset className="support-options">
        <legend className="visually-hidden">What is it about?</legend>
        {BETA_OPTIONS.map((option) => (
          <label key={option} className={`support-option${selection === option ? ' support-option--chosen' : ''}`}>
            <input
              type="radio"
              name="beta-selection"
              className="visually-hidden"
              checked={selection === option}
              onChange={() => setSelection(option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
      {selection !== 'Chat' && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={textId}>
              Tell us more
            </label>
            <textarea
              id={textId}
              className="field__input"
              rows={3}
              value={betaText}
              onChange={keepingAtMost(SUPPORT_LIMITS.feedbackMax, setBetaText)}
            />
          </div>
          {guest && guestFields}
        </>
      )}
      {errorLine}
      <button type="submit" className="button button--primary" disabled={sending}>
        {selection === 'Chat' ? 'Start chat' : 'Send'}
      </button>
    </form>
  );
}
