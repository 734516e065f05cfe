import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { SUPPORT_LIMITS, SUPPORT_TEXTS } from '@domain/support/rules.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import type { ChatMessage, SupportChatState } from './use-support-chat.js';

/** The chat screen: the log of questions and answers, then the question box. */
export function SupportChat({ chat, errorLine, onClose }: { chat: SupportChatState; errorLine: ReactNode; onClose: () => void }) {
  const messageId = useId();
  return (
    <div className="support-panel__body support-chat">
      <ol ref={chat.logRef} className="support-chat__log" aria-live="polite">
        {chat.messages.map((message, index) => (
          <ChatLogEntry key={index} message={message} onClose={onClose} />
        ))}
        {chat.sending && <li className="support-chat__message support-chat__message--bot muted">…</li>}
      </ol>
      {errorLine}
      <form className="support-chat__form" onSubmit={(event) => void chat.ask(event)}>
        <label className="visually-hidden" htmlFor={messageId}>
          Your question
        </label>
        <input
          id={messageId}
          className="field__input"
          placeholder="Ask a question"
          value={chat.draft}
          onChange={keepingAtMost(SUPPORT_LIMITS.messageMax, chat.setDraft)}
        />
        <button type="submit" className="button button--primary" disabled={chat.sending}>
          Send
        </button>
      </form>
    </div>
  );
}

function ChatLogEntry({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  return (
    <li className={`support-chat__message support-chat__message--${message.sender}`}>
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
  );
}
