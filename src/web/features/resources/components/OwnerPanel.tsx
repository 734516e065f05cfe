import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import type { ResourceDetailAnswer } from '@domain/engagement/views.js';
import { TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { StatusBadge } from '@/components/ui/StatusBadge.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { deleteResourcePermanently, HistoryPanel, setResourceSponsored, TrailPanel } from '@/features/moderation/index.js';
import { showMessageModal } from '@/lib/client-state.js';
import { AsOfPicker } from './AsOfPicker.js';
import { PostFigures } from './PostFigures.js';

type Detail = ResourceDetailAnswer['data'];

/** Loaded on first open: most visits of a post never open it. */
const VisibilityPanel = lazy(() => import('./VisibilityPanel.js'));

const UPDATED_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** For the author, owners and admins (spec 2.3): Edit Post, the status, analytics, history; admins also sponsor and delete. */
export function OwnerPanel({ resource, permissions }: { resource: Detail; permissions: ResourceDetailAnswer['permissions'] }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [trailOpen, setTrailOpen] = useState(false);
  const [visibilityOpen, setVisibilityOpen] = useState(false);

  const figures = [
    ['Views', resource.analytics.pageViews.total],
    ['Clicks', resource.analytics.clicks],
    ['Kudos', resource.ratings.positive],
    ['Saves', resource.ratings.saves],
    ['Comments', resource.comments],
    ['Red flags', resource.ratings.redFlags],
  ] as const;

  return (
    <section className="detail-panel detail-owner" aria-labelledby="owner-panel-heading">
      <h2 id="owner-panel-heading">{permissions.isAuthor ? 'Your post' : 'Manage this post'}</h2>
      <Link className="button button--secondary detail-owner__edit" to={`/editor/resources/${encodeURIComponent(resource.titleUrl)}`}>
        Edit Post
      </Link>

      <div className="detail-owner__status">
        <StatusBadge label={resource.statusLabel} />
        <span className="detail-owner__updated">
          Updated <time dateTime={resource.updatedAt}>{UPDATED_FORMAT.format(new Date(resource.updatedAt))}</time>
        </span>
        {resource.statusReason !== null && (
          <p className="detail-owner__reason">
            <strong>Moderator note:</strong> {resource.statusReason}
          </p>
        )}
      </div>

      <PostFigures label="Analytics" figures={figures} />

      {permissions.canSponsor && <AdminActions resource={resource} />}

      {permissions.canSeeHistory && (
        <details className="detail-owner__history" onToggle={(event) => setHistoryOpen(event.currentTarget.open)}>
          <summary>History</summary>
          {historyOpen && <HistoryPanel resourceId={resource._id} titleUrl={resource.titleUrl} />}
        </details>
      )}
      {permissions.canSeeHistory && (
        <details className="detail-owner__history" onToggle={(event) => setTrailOpen(event.currentTarget.open)}>
          <summary>Decision trail</summary>
          {trailOpen && <TrailPanel resourceId={resource._id} />}
        </details>
      )}
      {permissions.canSeeHistory && (
        <details className="detail-owner__history" onToggle={(event) => setVisibilityOpen(event.currentTarget.open)}>
          <summary>Visibility</summary>
          {visibilityOpen && (
            <Suspense fallback={<p className="visibility-panel__note">Loading…</p>}>
              <VisibilityPanel resourceId={resource._id} />
            </Suspense>
          )}
        </details>
      )}
      {permissions.canSeeHistory && <AsOfPicker titleUrl={resource.titleUrl} />}
    </section>
  );
}

/** Sponsor or unsponsor, and permanent delete after confirmation (spec 4, Sponsored and Admin delete). */
function AdminActions({ resource }: { resource: Detail }) {
  const navigate = useNavigate();
  const [sponsored, setSponsoredState] = useState(resource.sponsored);
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  async function toggleSponsored() {
    setBusy(true);
    try {
      await setResourceSponsored(resource._id, !sponsored);
      setSponsoredState(!sponsored);
      showToast('success', sponsored ? 'The post is no longer sponsored.' : 'The post is now sponsored.');
    } catch (error) {
      showToast('error', error instanceof ApiError && error.status === 400 ? TEMPLATE_MESSAGES.sponsorLimit : TEMPLATE_MESSAGES.adminOnly);
    } finally {
      setBusy(false);
    }
  }

  async function deleteForGood() {
    setBusy(true);
    try {
      await deleteResourcePermanently(resource._id);
      setConfirmingDelete(false);
      showMessageModal('Success', TEMPLATE_MESSAGES.deleted);
      void navigate('/');
    } catch (error) {
      setBusy(false);
      showToast('error', error instanceof ApiError ? error.message : 'The post could not be deleted. Please try again.');
    }
  }

  return (
    <div className="detail-owner__admin">
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={sponsored}
        disabled={busy}
        onClick={() => void toggleSponsored()}
      >
        {sponsored ? 'Unsponsor' : 'Sponsor'}
      </button>
      <button type="button" className="button button--danger-outline" disabled={busy} onClick={() => setConfirmingDelete(true)}>
        Delete permanently
      </button>
      <Modal
        open={confirmingDelete}
        title="Delete this post for good?"
        tone="danger"
        onClose={() => setConfirmingDelete(false)}
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setConfirmingDelete(false)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void deleteForGood()}>
              Delete permanently
            </button>
          </>
        }
      >
        <p>“{resource.title}” disappears from the site for everyone. Its history stays in the moderation record.</p>
      </Modal>
    </div>
  );
}
