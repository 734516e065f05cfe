import { useEffect, useState } from 'react';
import type { VersionDiff, VersionField } from '@domain/templates/versions.js';
import { VERSION_MESSAGES } from '@domain/templates/versions.js';
import { apiRequest } from '@/lib/api-client.js';
import './versions.css';

/** The page's own date style ("Dec 7, 2026"), not the browser's locale default. */
const VERSION_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

interface VersionsAnswer {
  versions: { version: number; approvedAt: string; changeNote: string | null; changed: VersionField[] }[];
  viewer: {
    versionHeld: number | null;
    entitledFrom: number | null;
    latestVersion: number;
    updateAvailable: boolean;
    updateNotices: boolean | null;
  };
}

const path = (resourceId: string, rest = '') => `/resources/${encodeURIComponent(resourceId)}/versions${rest}`;

function Words({ changes }: { changes: { op: string; text: string }[] }) {
  return (
    <p className="versions__words">
      {changes.map((change, index) =>
        change.op === 'added' ? (
          <ins key={index}>{change.text}</ins>
        ) : change.op === 'removed' ? (
          <del key={index}>{change.text}</del>
        ) : (
          <span key={index}>{change.text}</span>
        ),
      )}
    </p>
  );
}

function DiffView({ diff }: { diff: VersionDiff }) {
  return (
    <div className="versions__diff" data-testid="version-diff">
      <h3>
        v{diff.from} → v{diff.to}
      </h3>
      {diff.title && <Words changes={diff.title} />}
      {diff.description && <Words changes={diff.description} />}
      {diff.instructions && <Words changes={diff.instructions} />}
      {diff.images && (
        <p>
          Images: {diff.images.added.length} added, {diff.images.removed.length} removed
        </p>
      )}
      {diff.price && (
        <p>
          Price: ${diff.price.from} → ${diff.price.to}
        </p>
      )}
      {diff.tags && <p>Tags: {[...diff.tags.added.map((tag) => `+${tag}`), ...diff.tags.removed.map((tag) => `−${tag}`)].join(', ')}</p>}
      {diff.linkChanged && <p>{VERSION_MESSAGES.linkChanged}</p>}
    </div>
  );
}

/** The changelog of a post, the diff of two versions, and a buyer's choice of version (loaded lazily: the initial bundle is full). */
export default function VersionsPanel({ resourceId }: { resourceId: string }) {
  const [answer, setAnswer] = useState<VersionsAnswer | null>(null);
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const load = () => apiRequest<VersionsAnswer>(path(resourceId)).then(setAnswer, () => setAnswer(null));
  useEffect(() => {
    void load();
  }, [resourceId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!answer || answer.versions.length === 0) return null;
  const { viewer } = answer;
  const compare = async (from: number, to: number) => setDiff(await apiRequest<VersionDiff>(path(resourceId, `/${from}/diff/${to}`)));
  const choose = async (version: number) => {
    await apiRequest(`/resources/${encodeURIComponent(resourceId)}/version-choice`, { method: 'POST', body: { version } });
    await load();
  };
  return (
    <section className="detail-panel versions" aria-labelledby="versions-heading">
      {viewer.versionHeld !== null && (
        <p className="versions__held" data-testid="version-held">
          You have v{viewer.versionHeld}
          {viewer.updateAvailable ? (
            <>
              {' '}
              · v{viewer.latestVersion} is available:{' '}
              <button type="button" className="link-button" onClick={() => void compare(viewer.versionHeld!, viewer.latestVersion)}>
                see what changed
              </button>{' '}
              ·{' '}
              <button type="button" className="link-button" onClick={() => void choose(viewer.latestVersion)}>
                Switch to v{viewer.latestVersion}
              </button>{' '}
              /{' '}
              <button type="button" className="link-button" onClick={() => setDiff(null)}>
                Keep v{viewer.versionHeld}
              </button>
            </>
          ) : (
            viewer.entitledFrom !== null &&
            viewer.entitledFrom < viewer.versionHeld && (
              <>
                {' '}
                ·{' '}
                <button type="button" className="link-button" onClick={() => void choose(viewer.entitledFrom!)}>
                  Back to v{viewer.entitledFrom}
                </button>
              </>
            )
          )}
        </p>
      )}
      <h2 id="versions-heading">Changelog</h2>
      <ol className="versions__list">
        {answer.versions.map((version) => (
          <li key={version.version}>
            <strong>v{version.version}</strong> ·{' '}
            <time dateTime={version.approvedAt}>{VERSION_DATE.format(new Date(version.approvedAt))}</time>
            {version.changeNote && <> · {version.changeNote}</>}
            {version.changed.length > 0 && <> · changed: {version.changed.join(', ')}</>}
            {version.version > 1 && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => void compare(version.version - 1, version.version)}>
                  What changed
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {diff && <DiffView diff={diff} />}
    </section>
  );
}
