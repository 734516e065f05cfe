import { useEffect, useState } from 'react';

import { apiRequest } from '@/lib/api-client.js';
import './admin-support.css';

interface FeedbackRow {
  _id: string;
  betaSelection: string;
  betaText: string | null;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  currentPage: string;
  receivedAt: string;
}
interface ChatRow {
  exchangeId: string;
  conversationId: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  question: string | null;
  reply: string;
  sources: { title: string; path: string }[];
  answeredBy: string;
  known: boolean;
  answeredAt: string;
}

const ERASED = '(erased)';
const when = (iso: string) => new Date(iso).toLocaleString();
const who = (row: { userId: string | null; userName: string | null; userEmail: string | null }) =>
  row.userId !== null ? `Member ${row.userId.slice(0, 8)}` : `${row.userName ?? ERASED} <${row.userEmail ?? ERASED}>`;

/** The admin portal's section for beta feedback and help chats (newest first). */
export function AdminSupportSection() {
  const [feedback, setFeedback] = useState<FeedbackRow[] | null>(null);
  const [chats, setChats] = useState<ChatRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiRequest<{ data: FeedbackRow[] }>('/admin/support/feedback').then(
      (answer) => setFeedback(answer.data),
      () => setFailed(true),
    );
    apiRequest<{ data: ChatRow[] }>('/admin/support/chats').then(
      (answer) => setChats(answer.data),
      () => setFailed(true),
    );
  }, []);
  if (failed) return <p role="alert">An error occurred</p>;
  return (
    <div className="admin-support">
      <h2 className="admin-page__heading">Beta feedback</h2>
      {feedback === null ? (
        <p className="muted">Loading…</p>
      ) : feedback.length === 0 ? (
        <p className="muted">No feedback yet.</p>
      ) : (
        <ul className="admin-support__list">
          {feedback.map((row) => (
            <li key={row._id} className="admin-support__item">
              <p>
                <strong>{row.betaSelection}</strong> · {who(row)} · on {row.currentPage || '/'} ·{' '}
                <span className="muted">{when(row.receivedAt)}</span>
              </p>
              <p>{row.betaText ?? ERASED}</p>
            </li>
          ))}
        </ul>
      )}
      <h2 className="admin-page__heading">Help chats</h2>
      {chats === null ? (
        <p className="muted">Loading…</p>
      ) : chats.length === 0 ? (
        <p className="muted">No chats yet.</p>
      ) : (
        <ul className="admin-support__list">
          {chats.map((row) => (
            <li key={row.exchangeId} className="admin-support__item">
              <p>
                {who(row)} · <span className="muted">{when(row.answeredAt)}</span> · {row.answeredBy === 'model' ? 'model' : 'help pages'}
                {row.known ? '' : ' · not answered'}
              </p>
              <p>
                <strong>Q:</strong> {row.question ?? ERASED}
              </p>
              <p className="admin-support__reply">
                <strong>A:</strong> {row.reply}
              </p>
              {row.sources.length > 0 && <p className="muted">Sources: {row.sources.map((source) => source.path).join(', ')}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
