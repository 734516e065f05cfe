import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';

import { BETA_OPTIONS, guestDetailsProblem, SUPPORT_LIMITS, SUPPORT_MESSAGES, SUPPORT_TEXTS, type BetaOption } from '@domain/support/rules.js';
import { ApiError, apiRequest, userMessageOf } from '@/lib/api-client.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { refreshSession, useSession } from '@/lib/session.js';
import './support.css';

interface ChatMessage {
  sender: 'user' | 'bot';
  text: string;
  sources?: { title: string; path: string }[];
}

type Screen = 'feedback' | 'register' | 'chat' | 'confirmed';

/** The open chatbot: the beta-feedback screen, then the chat (registration first for guests), then the confirmation (spec section 4). */
export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const ids = { text: useId(), name: useId(), email: useId(), message: useId(), title: useId() };
  const [screen, setScreen] = useState<Screen>('feedback');
  const [selection, setSelection] = useState<BetaOption | null>(null);
  const [betaText, setBetaText] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([{ sender: 'bot', text: SUPPORT_TEXTS.chatGreeting }]);
  const [draft, setDraft] = useState('');
  const [conversationId, setConversationId] = useState(() => crypto.randomUUID());
  const panelRef = useRef<HTMLElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const asking = useRef(false);
  const guest = user === null;

  useEffect(() => {
    panelRef.current?.focus();
  }, [screen]);
  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages]);

  const guestDetails = () => (guest ? { userName: name.trim(), userEmail: email.trim() } : {});

  async function sendFeedback(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selection === null) {
      setError(SUPPORT_MESSAGES.selectOption);
      return;
    }
    setError(null);
    if (selection === 'Chat') {
      setScreen(guest && guestDetailsProblem(name, email) !== null ? 'register' : 'chat');
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
      await apiRequest('/chatbot/feedback', {
        method: 'POST',
        authFailures: 'silent',
        body: { betaSelection: selection, betaText: betaText.trim(), isLoggedIn: !guest, currentPage: pathname, timestamp: new Date().toISOString(), ...guestDetails() },
      });
      setScreen('confirmed');
    } catch (failure) {
      // What was typed stays in the form; the server's reason (a 429's wait) or an outage's apology above it.
      setError(userMessageOf(failure, SUPPORT_MESSAGES.requestFailed));
    } finally {
      setSending(false);
    }
  }

  function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = guestDetailsProblem(name, email);
    setError(problem);
    if (problem === null) setScreen('chat');
  }

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = draft.trim();
    // Empty messages are ignored (spec section 5). One question at a time: a second Enter before the
    // re-render that disables Send would otherwise send it twice.
    if (message === '' || asking.current) return;
    asking.current = true;
    setError(null);
    setDraft('');
    const asked: ChatMessage = { sender: 'user', text: message };
    setMessages((current) => [...current, asked]);
    setSending(true);
    try {
      const answer = await apiRequest<{ reply?: string; sources?: { title: string; path: string }[] }>('/chatbot/chat', {
        method: 'POST',
        authFailures: 'silent',
        body: { message, conversationId, ...guestDetails() },
      });
      const reply = answer.reply?.trim();
      setMessages((current) => [...current, reply ? { sender: 'bot', text: reply, sources: answer.sources ?? [] } : { sender: 'bot', text: SUPPORT_MESSAGES.noResponse }]);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      // A refused question goes back into the box, out of the log, to be sent again.
      const putBack = () => {
        setDraft(message);
        setMessages((current) => current.filter((shown) => shown !== asked));
      };
      if (status === 403 || status === 409) {
        // Another account's conversation (a member who signed out meanwhile) or a full one: go on in a new one.
        setConversationId(crypto.randomUUID());
        putBack();
        setMessages((current) => [...current, { sender: 'bot', text: status === 403 ? SUPPORT_MESSAGES.conversationClosed : SUPPORT_MESSAGES.conversationFull }]);
      } else if (status === 400 && !guest && (await refreshSession()) === null) {
        putBack();
        setError(SUPPORT_MESSAGES.signedOutMeanwhile);
        setScreen('register');
      } else {
        // Refused (too fast, …) or not answered: the question waits in the box, the reason above it.
        putBack();
        setError(userMessageOf(error, SUPPORT_MESSAGES.requestFailed));
      }
    } finally {
      asking.current = false;
      setSending(false);
    }
  }

  const guestFields = (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.name}>
          Name
        </label>
        <input id={ids.name} className="field__input" autoComplete="name" value={name} onChange={keepingAtMost(SUPPORT_LIMITS.nameMax, setName)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.email}>
          Email
        </label>
        <input id={ids.email} className="field__input" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
    </>
  );
  const errorLine = error !== null && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );

  return (
    <section ref={panelRef} className="support-panel" role="dialog" aria-labelledby={ids.title} tabIndex={-1} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <header className="support-panel__header">
        <h2 id={ids.title}>{screen === 'chat' || screen === 'register' ? SUPPORT_TEXTS.chatTitle : SUPPORT_TEXTS.panelTitle}</h2>
        <button type="button" className="support-panel__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>

      {screen === 'feedback' && (
        <form className="support-panel__body form-stack" onSubmit={(event) => void sendFeedback(event)} noValidate>
          <p className="muted">{SUPPORT_TEXTS.panelIntro}</p>
          <fieldset className="support-options">
            <legend className="visually-hidden">What is it about?</legend>
            {BETA_OPTIONS.map((option) => (
              <label key={option} className={`support-option${selection === option ? ' support-option--chosen' : ''}`}>
                <input type="radio" name="beta-selection" className="visually-hidden" checked={selection === option} onChange={() => setSelection(option)} />
                {option}
              </label>
            ))}
          </fieldset>
          {selection !== 'Chat' && (
            <>
              <div className="field">
                <label className="field__label" htmlFor={ids.text}>
                  Tell us more
                </label>
                <textarea id={ids.text} className="field__input" rows={3} value={betaText} onChange={keepingAtMost(SUPPORT_LIMITS.feedbackMax, setBetaText)} />
              </div>
              {guest && guestFields}
            </>
          )}
          {errorLine}
          <button type="submit" className="button button--primary" disabled={sending}>
            {selection === 'Chat' ? 'Start chat' : 'Send'}
          </button>
        </form>
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

      {screen === 'chat' && (
        <div className="support-panel__body support-chat">
          <ol ref={logRef} className="support-chat__log" aria-live="polite">
            {messages.map((message, index) => (
              <li key={index} className={`support-chat__message support-chat__message--${message.sender}`}>
                <span className="visually-hidden">{message.sender === 'user' ? 'You: ' : 'Bot: '}</span>
                <p>{message.text}</p>
                {message.sources && message.sources.length > 0 && (
                  <p className="support-chat__sources">
                    {SUPPORT_TEXTS.sourcesLabel}:{' '}
                    {message.sources.map((source, sourceIndex) => (
                      <span key={`${source.path}-${sourceIndex}`}>
                        {sourceIndex > 0 && ', '}
                        <Link to={source.path} onClick={onClose}>
                          {source.title}
                        </Link>
                      </span>
                    ))}
                  </p>
                )}
              </li>
            ))}
            {sending && <li className="support-chat__message support-chat__message--bot muted">…</li>}
          </ol>
          {errorLine}
          <form className="support-chat__form" onSubmit={(event) => void ask(event)}>
            <label className="visually-hidden" htmlFor={ids.message}>
              Your question
            </label>
            <input id={ids.message} className="field__input" placeholder="Ask a question" value={draft} onChange={keepingAtMost(SUPPORT_LIMITS.messageMax, setDraft)} />
            <button type="submit" className="button button--primary" disabled={sending}>
              Send
            </button>
          </form>
        </div>
      )}

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
