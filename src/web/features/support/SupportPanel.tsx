import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { guestDetailsProblem, SUPPORT_LIMITS, SUPPORT_MESSAGES, SUPPORT_TEXTS } from '@domain/support/rules.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { useSession } from '@/lib/session.js';
import { SupportChat } from './SupportChat.js';
import { SupportFeedbackForm } from './SupportFeedbackForm.js';
import { useSupportChat } from './use-support-chat.js';
import './support.css';

type Screen = 'feedback' | 'register' | 'chat' | 'confirmed';

/** The open chatbot: the beta-feedback screen, then the chat (registration first for guests), then the confirmation (spec section 4). */
export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const titleId = useId();
  const [screen, setScreen] = useState<Screen>('feedback');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const guest = user === null;
  const chat = useSupportChat({
    guest,
    guestDetails: () => (guest ? { userName: name.trim(), userEmail: email.trim() } : {}),
    setError,
    onSignedOut: () => setScreen('register'),
  });

  useEffect(() => {
    panelRef.current?.focus();
  }, [screen]);

  function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = guestDetailsProblem(name, email);
    setError(problem);
    if (problem === null) setScreen('chat');
  }

  const guestFields = <GuestDetailsFields name={name} email={email} setName={setName} setEmail={setEmail} />;
  const errorLine = error !== null && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );

  return (
    <section
      ref={panelRef}
      className="support-panel"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <header className="support-panel__header">
        <h2 id={titleId}>{screen === 'chat' || screen === 'register' ? SUPPORT_TEXTS.chatTitle : SUPPORT_TEXTS.panelTitle}</h2>
        <button type="button" className="support-panel__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>

      {screen === 'feedback' && (
        <SupportFeedbackForm
          guest={guest}
          name={name}
          email={email}
          guestFields={guestFields}
          errorLine={errorLine}
          setError={setError}
          onChat={(needsRegistration) => setScreen(needsRegistration ? 'register' : 'chat')}
          onSent={() => setScreen('confirmed')}
        />
      )}

      {screen === 'register' && (
        <form className="support-panel__body form-stack" onSubmit={register} noValidate>
          <p className="muted">{SUPPORT_TEXTS.registrationIntro}</p>
          {guestFields}
          {errorLine}
          <button type="submit" className="button button--primary">
            Start chat
          </button>
        </form>
      )}

      {screen === 'chat' && <SupportChat chat={chat} errorLine={errorLine} onClose={onClose} />}

      {screen === 'confirmed' && (
        <div className="support-panel__body">
          <p role="status">{SUPPORT_MESSAGES.feedbackThanks}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </div>
      )}
    </section>
  );
}

interface GuestDetailsFieldsProps {
  name: string;
  email: string;
  setName: (name: string) => void;
  setEmail: (email: string) => void;
}

/** Who a guest is: asked with the feedback, or before the chat. */
function GuestDetailsFields({ name, email, setName, setEmail }: GuestDetailsFieldsProps) {
  const nameId = useId();
  const emailId = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          Name
        </label>
        <input
          id={nameId}
          className="field__input"
          autoComplete="name"
          value={name}
          onChange={keepingAtMost(SUPPORT_LIMITS.nameMax, setName)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={emailId}>
          Email
        </label>
        <input
          id={emailId}
          className="field__input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
    </>
  );
}
