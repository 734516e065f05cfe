import { Link } from 'react-router';

import { resourceAsOfPath } from '@/lib/paths.js';
import { LoadedPanel } from './LoadedPanel.js';
import type { HistoryEntry } from '@domain/templates/history.js';
import { fetchResourceHistory } from './history-api.js';
import { adminStatusLabel } from '@domain/templates/lifecycle.js';
import { formatDateTime } from '@/lib/date-time.js';
import { inTimeOrder } from './moderation-view.js';
import './moderation.css';

/** Who did it: the username, or what the server knows of them when it hides or has no user (the author's view, the system, the operator's command line). */
export function actorName(entry: HistoryEntry): string {
  if (entry.actor.username !== null) return entry.actor.username;
  if (entry.actor.userId === null && entry.actor.role === 'system') return 'System';
  if (entry.actor.userId === null && entry.actor.role === 'operator') return 'Operator (command line)';
  return 'Someone';
}

/**
 * Every event that touched a resource, oldest first (spec: full history for the author, owner and admin).
 * Self-contained: give it a resource id anywhere (admin portal, resource page).
 */
export function HistoryPanel({ resourceId, titleUrl }: { resourceId: string; titleUrl?: string }) {
  return (
    <LoadedPanel
      loadKey={resourceId}
      what="the history"
      load={async (signal) => inTimeOrder((await fetchResourceHistory(resourceId, signal)).history)}
    >
      {(entries) => <HistoryEntries entries={entries} titleUrl={titleUrl} />}
    </LoadedPanel>
  );
}

/** `titleUrl`: each decision and report opens the post as it was at its moment (author and admins may), so a moderator judges what the reporter saw. */
function HistoryEntries({ entries, titleUrl }: { entries: HistoryEntry[]; titleUrl: string | undefined }) {
  if (entries.length === 0) return <p className="history-panel__note">Nothing has happened to this post yet.</p>;

  return (
    <ol className="history-panel" aria-label="History">
      {entries.map((entry) => (
        <li key={entry.id} className="history-panel__entry">
          <div className="history-panel__head">
            <span className="history-panel__title">{entry.title}</span>
            <time className="history-panel__time" dateTime={entry._date}>
              {formatDateTime(entry._date)}
            </time>
          </div>
          {titleUrl !== undefined && (entry.status !== null || entry.type === 'TemplateReported') && (
            <Link className="history-panel__as-of" to={resourceAsOfPath(titleUrl, entry._date)}>
              View as it was
            </Link>
          )}
          <dl className="history-panel__facts">
            <div>
              <dt>By</dt>
              <dd className="history-panel__actor">{actorName(entry)}</dd>
            </div>
            {entry.reason !== null && (
              <div>
                <dt>Reason</dt>
                <dd className="history-panel__reason">{entry.reason}</dd>
              </div>
            )}
            {entry.status !== null && (
              <div>
                <dt>Status</dt>
                <dd>{adminStatusLabel(entry.status)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
