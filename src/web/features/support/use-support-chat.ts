import { useEffect, useRef, useState, type FormEvent } from 'react';

import { SUPPORT_MESSAGES, SUPPORT_TEXTS } from '@domain/support/rules.js';
import { ApiError, apiRequest, userMessageOf } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';

export interface ChatMessage {
  sender: 'user' | 'bot';
  text: string;
  sources?: { title: string; path: string }[];
}

interface SupportChatOptions {
  guest: boolean;
  /** The guest's name and email, sent with each question; nothing for a member. */
  guestDetails: () => { userName?: string; userEmail?: string };
  setError: (error: string | null) => void;
  /** The member signed out in another tab: the guest's registration screen takes over. */
  onSignedOut: () => void;
}

/**
 * The chat's conversation: held by the panel, not the chat screen, so a detour through registration
 * keeps the messages and the conversation id.
 */
export function useSupportChat({ guest, guestDetails, setError, onSignedOut }: SupportChatOptions) {
  const [messages, setMessages] = useState<ChatMessage[]>([{ sender: 'bot', text: SUPPORT_TEXTS.chatGreeting }]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [conversationId, setConversationId] = useState(() => crypto.randomUUID());
  const logRef = useRef<HTMLOListElement>(null);
  const asking = useRef(false);

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages]);

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
      setMessages((current) => [
        ...current,
        reply ? { sender: 'bot', text: reply, sources: answer.sources ?? [] } : { sender: 'bot', text: SUPPORT_MESSAGES.noResponse },
      ]);
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
        setMessages((current) => [
          ...current,
          { sender: 'bot', text: status === 403 ? SUPPORT_MESSAGES.conversationClosed : SUPPORT_MESSAGES.conversationFull },
        ]);
      } else if (status === 400 && !guest && (await refreshSession()) === null) {
        putBack();
        setError(SUPPORT_MESSAGES.signedOutMeanwhile);
        onSignedOut();
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

  return { messages, draft, setDraft, sending, ask, logRef };
}

export type SupportChatState = ReturnType<typeof useSupportChat>;
