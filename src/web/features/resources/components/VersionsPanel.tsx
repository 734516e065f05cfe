import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VersionDiff, VersionField } from '@domain/templates/versions.js';
import { VERSION_MESSAGES } from '@domain/templates/versions.js';
import { showToast } from '@/components/ui/toasts.js';
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

/** One text field's words kept, added and removed, under the field's name (the diff shows only the fields that changed). */
function Words({ field, changes }: { field: string; changes: { op: string; text: string }[] }) {
  return (
    <>
      <h4 className="versions__field">{field}</h4>
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
    </>
  );
}

/** The notice e-mail's link asks for a diff as ?diff=2-3. */
const DIFF_PARAMETER = /^(\d+)-(\d+)$/u;

function DiffView({ diff }: { diff: VersionDiff }) {
  const viewRef = useRef<HTMLDivElement>(null);
  // On a phone the diff opens below the whole changelog: bring it into sight.
  // In braces: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    void viewRef.current?.scrollIntoView({ block: 'nearest' });
  }, [diff]);
  return (
    <div ref={viewRef} className="versions__diff" data-testid="version-diff">
      <h3>
        v{diff.from} → v{diff.to}
      </h3>
      {diff.title && <Words field="Title" changes={diff.title} />}
      {diff.description && <Words field="Description" changes={diff.description} />}
      {diff.instructions && <Words field="Full details" changes={diff.instructions} />}
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

/** A failed request says why in a toast; the panel stays as it was. */
const toastFailure = (error: unknown) =>
  showToast('error', error instanceof Error ? error.message : 'That did not work. Please try again.');

/**
 * "Tell me about updates": for a member who saved the post and did not buy it (buyers are told anyway).
 * `on`: as the server last said; the box follows the click at once and goes back if the server refuses.
 */
function UpdateNoticesToggle({ resourceId, on: initiallyOn }: { resourceId: string; on: boolean }) {
  const [on, setOn] = useState(initiallyOn);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setOn(initiallyOn);
  }, [initiallyOn]);
  const toggle = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    try {
      const answer = await apiRequest<{ on: boolean; message: string }>(`/resources/${encodeURIComponent(resourceId)}/update-notices`, {
        method: 'POST',
        body: { on: next },
      });
      setOn(answer.on);
      showToast('success', answer.message);
    } catch (error) {
      setOn(!next);
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="versions__notices">
      <input type="checkbox" checked={on} disabled={busy} onChange={(event) => void toggle(event.target.checked)} />
      Tell me about updates
    </label>
  );
}

/**
 * The changelog of a post, the diff of two versions, a buyer's choice of version and a saver's update
 * notices (loaded lazily: the initial bundle is full). `saved`: the viewer saved the post, as the page knows it now.
 */
export default function VersionsPanel({ resourceId, saved }: { resourceId: string; saved: boolean }) {
  const [answer, setAnswer] = useState<VersionsAnswer | null>(null);
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const [kept, setKept] = useState(false);
  const load = () => apiRequest<VersionsAnswer>(path(resourceId)).then(setAnswer, () => setAnswer(null));
  useEffect(() => {
    void load();
  }, [resourceId]); // eslint-disable-line react-hooks/exhaustive-deps
  const diffAsked = DIFF_PARAMETER.exec(useSearchParams()[0].get('diff') ?? '');
  const [askedFrom, askedTo] = [diffAsked?.[1], diffAsked?.[2]];
  useEffect(() => {
    if (askedFrom === undefined || askedTo === undefined) return;
    apiRequest<VersionDiff>(path(resourceId, `/${askedFrom}/diff/${askedTo}`)).then(setDiff, toastFailure);
  }, [resourceId, askedFrom, askedTo]);
  if (!answer || answer.versions.length === 0) return null;
  const { viewer } = answer;
  const compare = (from: number, to: number) =>
    apiRequest<VersionDiff>(path(resourceId, `/${from}/diff/${to}`)).then(setDiff, toastFailure);
  const choose = async (version: number) => {
    try {
      await apiRequest(`/resources/${encodeURIComponent(resourceId)}/version-choice`, { method: 'POST', body: { version } });
      setKept(version === viewer.versionHeld);
      if (version !== viewer.versionHeld) setDiff(null);
      await load();
    } catch (error) {
      toastFailure(error);
    }
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
              {kept ? (
                <span data-testid="version-kept">Keeping v{viewer.versionHeld}</span>
              ) : (
                <button type="button" className="link-button" onClick={() => void choose(viewer.versionHeld!)}>
                  Keep v{viewer.versionHeld}
                </button>
              )}
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
      <div className="versions__heading">
        <h2 id="versions-heading">Changelog</h2>
        {saved && viewer.versionHeld === null && <UpdateNoticesToggle resourceId={resourceId} on={viewer.updateNotices ?? false} />}
      </div>
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
