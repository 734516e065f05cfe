import { trailActorLabel, trailFileName, type PostTrail } from '@domain/audit/trail.js';
import { apiRequest } from '@/lib/api-client.js';
import { formatDateTime } from '@/lib/date-time.js';
import { LoadedPanel } from './LoadedPanel.js';
import './moderation.css';

/** A short form of a 64-digit hash, enough to compare by eye. */
const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * Every moderation and money decision on a post, each with its place in the audit chain, and the
 * whole trail as a file its author can keep and check without us (`npm run audit -- verify-trail`).
 */
export function TrailPanel({ resourceId }: { resourceId: string }) {
  return (
    <LoadedPanel
      loadKey={resourceId}
      what="the trail"
      load={(signal) => apiRequest<PostTrail>(`/resources/${encodeURIComponent(resourceId)}/trail`, { signal, authFailures: 'silent' })}
    >
      {(trail) => <Trail trail={trail} />}
    </LoadedPanel>
  );
}

function Trail({ trail }: { trail: PostTrail }) {
  function download() {
    const url = URL.createObjectURL(new Blob([JSON.stringify(trail, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = trailFileName(trail.resourceId);
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="trail-panel">
      <p className="history-panel__note">
        Each decision is chained to every event before it by a SHA-256 hash, so no entry can be changed or removed unseen.
      </p>
      {trail.entries.length === 0 ? (
        <p className="history-panel__note">No decisions on this post yet.</p>
      ) : (
        <ol className="history-panel" aria-label="Decision trail">
          {trail.entries.map((entry) => (
            <li key={entry.position} className="history-panel__entry">
              <div className="history-panel__head">
                <span className="history-panel__title">{entry.title}</span>
                <time className="history-panel__time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </time>
              </div>
              <dl className="history-panel__facts">
                <div>
                  <dt>By</dt>
                  <dd>{trailActorLabel(entry.actorRole)}</dd>
                </div>
                {entry.reason !== null && (
                  <div>
                    <dt>Reason</dt>
                    <dd className="history-panel__reason">{entry.reason}</dd>
                  </div>
                )}
                <div>
                  <dt>Chain</dt>
                  <dd className="trail-panel__link">
                    {entry.link === null ? (
                      'being linked'
                    ) : (
                      <>
                        #{entry.position} · <code title={entry.link.hash}>{shortHash(entry.link.hash)}</code>
                      </>
                    )}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button button--secondary" onClick={download}>
        Download the trail (JSON)
      </button>
      {trail.head !== null && (
        <p className="history-panel__note trail-panel__head">
          Chain head now: #{trail.head.position} · <code title={trail.head.hash}>{shortHash(trail.head.hash)}</code>
        </p>
      )}
    </div>
  );
}
