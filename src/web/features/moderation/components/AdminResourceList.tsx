import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RefundButton } from '@/features/commerce/index.js';
import { Link } from 'react-router';

import { pageNumbersFor, Pagination, useScrollAfterPageChange } from '@/components/ui/Pagination.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { resourcePath, userProfilePath } from '@/lib/paths.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import { decideOnResource, deleteResourcePermanently, fetchAdminResources, setResourceSponsored, type AdminResource, type AdminResourcePage } from '../admin-api.js';
import {
  adminStatusLabel,
  EDITABLE_FIELD_LABELS,
  QUEUE_FILTERS,
  reviewActionsFor,
  type FieldChange,
  type QueueFilter,
  type ReviewAction,
} from '@domain/templates/lifecycle.js';
import { ADMIN_LIST_QUERY_MAX } from '@domain/templates/rules.js';
import { formatPrice, platformLabel, topicLabel, visibleKeywords } from '@domain/catalogue/presentation.js';
import { formatDateTime } from '@/lib/date-time.js';
import { pageAfterChange } from '../moderation-view.js';
import { AdminEditModal } from './AdminEditModal.js';
import { ConfirmDeleteButton } from './ConfirmDeleteButton.js';
import { DenyModal, HistoryModal } from './ModerationModals.js';

interface AdminResourceListProps {
  /** 'queue': GET /admin/resources, awaiting a decision first; 'search': GET /admin/resources/search over everything. */
  list: 'queue' | 'search';
  /** Names the list and its controls. */
  label: string;
  initialStatus: QueueFilter;
  /** Counts the changes made in the page's other list: each one reloads this list, which may show the same resources. */
  otherListChanges: number;
  /** Told after every change this list makes. */
  onChanged: () => void;
}

type ListState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; answer: AdminResourcePage };

type OpenDialog = { kind: 'deny'; resource: AdminResource } | { kind: 'edit'; resource: AdminResource } | { kind: 'history'; resource: AdminResource } | null;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/** Resources with the admin's actions: the legal review decisions, sponsorship, history and permanent delete. */
export function AdminResourceList({ list, label, initialStatus, otherListChanges, onChanged }: AdminResourceListProps) {
  const [status, setStatus] = useState<QueueFilter>(initialStatus);
  const [typedQuery, setTypedQuery] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [denyError, setDenyError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const controlsId = useId();
  useScrollAfterPageChange(listRef, page);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setState({ phase: 'loading' });
      fetchAdminResources(list, { status, q: query, page }, signal).then(
        (answer) => setState({ phase: 'loaded', answer }),
        (error: unknown) => {
          if (!signal?.aborted) setState({ phase: 'failed', message: messageOf(error, 'Could not load the resources.') });
        },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- otherListChanges is not read: a change in the other list is a reason to load again.
    [list, status, query, page, otherListChanges],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  function replaceRow(resourceId: string, change: Partial<AdminResource> | null) {
    setState((current) => (current.phase === 'loaded' ? { phase: 'loaded', answer: { ...current.answer, ...pageAfterChange(current.answer, resourceId, change, status) } } : current));
    onChanged();
  }

  async function decide(resource: AdminResource, action: ReviewAction, reason = '') {
    setBusyId(resource._id);
    setActionError(null);
    setDenyError(null);
    try {
      const updated = await decideOnResource(resource, action, reason);
      replaceRow(resource._id, { status: updated.status, statusReason: reason.trim() || null, title: updated.title, pendingEdit: null });
      setDialog(null);
      showToast('success', `${action.doneLabel}: “${resource.title}” is now ${updated.status}.`);
    } catch (error) {
      const message = messageOf(error, 'The decision was not saved.');
      if (action.decision === 'deny') setDenyError(message);
      else setActionError(`“${resource.title}”: ${message}`);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
      // 409: someone decided first, or the author edited since this list was loaded: load it again so
      // its rows show the latest version and offer what is legal now.
      if (error instanceof ApiError && error.status === 409) load();
    } finally {
      setBusyId(null);
    }
  }

  /** Deny asks for a reason first; the other decisions go straight to the server. */
  function askToDecide(resource: AdminResource, action: ReviewAction) {
    if (action.decision !== 'deny') {
      void decide(resource, action);
      return;
    }
    setDenyError(null);
    setDialog({ kind: 'deny', resource });
  }

  async function toggleSponsored(resource: AdminResource) {
    const sponsored = !resource.sponsored;
    setBusyId(resource._id);
    setActionError(null);
    try {
      await setResourceSponsored(resource._id, sponsored);
      replaceRow(resource._id, { sponsored });
      showToast('success', `“${resource.title}” is ${sponsored ? 'now sponsored' : 'no longer sponsored'}.`);
    } catch (error) {
      const message = messageOf(error, 'The sponsorship was not changed.');
      setActionError(`“${resource.title}”: ${message}`);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusyId(null);
    }
  }

  async function deletePermanently(resource: AdminResource) {
    setBusyId(resource._id);
    setActionError(null);
    try {
      const message = await deleteResourcePermanently(resource._id);
      replaceRow(resource._id, null);
      setDialog(null);
      showToast('success', message);
    } catch (error) {
      const message = messageOf(error, 'The post was not deleted.');
      setDialog(null);
      setActionError(`“${resource.title}”: ${message}`);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusyId(null);
    }
  }

  function search(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setQuery(typedQuery);
  }

  return (
    <div className="admin-list" ref={listRef}>
      <form className="admin-list__controls" role="search" aria-label={`${label} filters`} onSubmit={search}>
        <div className="admin-list__control">
          <label htmlFor={`${controlsId}-status`}>Status</label>
          <select
            id={`${controlsId}-status`}
            className="form-field__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as QueueFilter);
              setPage(1);
            }}
          >
            {QUEUE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-list__control admin-list__control--grow">
          <label htmlFor={`${controlsId}-q`}>Title</label>
          <input id={`${controlsId}-q`} className="form-field__input" type="search" maxLength={ADMIN_LIST_QUERY_MAX} value={typedQuery} onChange={(event) => setTypedQuery(event.target.value)} />
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>

      {actionError !== null && (
        <p className="form-alert form-alert--danger" role="alert">
          {actionError}
        </p>
      )}

      {state.phase === 'loading' && (
        <p className="admin-list__note" role="status">
          Loading resources…
        </p>
      )}
      {state.phase === 'failed' && (
        <div className="feed-error" role="alert">
          <p>Could not load the resources: {state.message}</p>
          <button type="button" className="button button--secondary" onClick={() => load()}>
            Try again
          </button>
        </div>
      )}
      {state.phase === 'loaded' && (
        <>
          <p className="admin-list__count" aria-live="polite">
            {state.answer.results} {state.answer.results === 1 ? 'resource' : 'resources'}
          </p>
          {state.answer.data.length === 0 ? (
            <p className="empty-state">{list === 'queue' ? 'Nothing here: no post with this status.' : 'No resource matches this search.'}</p>
          ) : (
            <ul className="admin-rows" aria-label={label}>
              {state.answer.data.map((resource) => (
                <ResourceRow
                  key={resource._id}
                  resource={resource}
                  list={list}
                  busy={busyId === resource._id}
                  onDecide={(action) => askToDecide(resource, action)}
                  onToggleSponsored={() => void toggleSponsored(resource)}
                  onHistory={() => setDialog({ kind: 'history', resource })}
                  onEdit={() => setDialog({ kind: 'edit', resource })}
                  onDelete={() => void deletePermanently(resource)}
                />
              ))}
            </ul>
          )}
          {state.answer.pagination.totalPages > 1 && (
            <Pagination
              pageNumbers={pageNumbersFor(state.answer.pagination.currentPage, state.answer.pagination.totalPages)}
              pageStatus={`${state.answer.pagination.currentPage} / ${state.answer.pagination.totalPages}`}
              onPage={setPage}
            />
          )}
        </>
      )}

      {dialog?.kind === 'deny' && (
        <DenyModal
          resource={dialog.resource}
          busy={busyId === dialog.resource._id}
          error={denyError}
          onDeny={(reason) => {
            const deny = reviewActionsFor(dialog.resource.status).find((action) => action.decision === 'deny');
            if (deny !== undefined) void decide(dialog.resource, deny, reason);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <AdminEditModal
          resource={dialog.resource}
          onSaved={(change) => {
            replaceRow(dialog.resource._id, change);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'history' && <HistoryModal resource={dialog.resource} onClose={() => setDialog(null)} />}
    </div>
  );
}

interface ResourceRowProps {
  resource: AdminResource;
  list: 'queue' | 'search';
  busy: boolean;
  onDecide: (action: ReviewAction) => void;
  onToggleSponsored: () => void;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The thumbnail column of a post row (6rem; 4.5rem on small screens). */
const ROW_THUMBNAIL_SIZES = '6rem';

function ResourceRow({ resource, list, busy, onDecide, onToggleSponsored, onHistory, onEdit, onDelete }: ResourceRowProps) {
  const thumbnail = resource.images[0]?.imageUrl;
  const titleId = useId();
  return (
    <li className="post-row admin-row" aria-labelledby={titleId}>
      <div className="admin-row__thumb">{thumbnail ? <img {...responsiveImage(thumbnail, ROW_THUMBNAIL_SIZES)} alt="" loading="lazy" /> : <span aria-hidden="true">{resource.title.charAt(0)}</span>}</div>
      <div className="admin-row__main">
        <Link id={titleId} className="admin-row__title" to={resourcePath(resource.titleUrl)}>
          {resource.title}
        </Link>
        <p className="admin-row__meta">
          by <Link to={userProfilePath(resource.author.username)}>{resource.author.username}</Link> ·{' '}
          created <time dateTime={resource._dateCreated}>{formatDateTime(resource._dateCreated)}</time>
        </p>
        <p className="admin-row__badges">
          <span className={`admin-status admin-status--${resource.status.replaceAll(' ', '-')}`}>{adminStatusLabel(resource.status)}</span>
          {resource.sponsored && <span className="admin-status admin-status--sponsored">Sponsored</span>}
        </p>
        <ResourceFacts resource={resource} />
        {resource.statusReason !== null && resource.statusReason !== '' && <p className="admin-row__reason">Reason: {resource.statusReason}</p>}
        {resource.pendingEdit !== null && resource.pendingEdit.length > 0 && <PendingEditDiff changes={resource.pendingEdit} />}
      </div>
      <div className="admin-row__actions" role="group" aria-label={`Actions for ${resource.title}`}>
        {reviewActionsFor(resource.status).map((action) => (
          <button
            key={action.decision}
            type="button"
            className={`button ${action.decision === 'deny' || action.decision === 'hide' ? 'button--danger-outline' : 'button--primary'}`}
            disabled={busy}
            onClick={() => onDecide(action)}
          >
            {action.label}
          </button>
        ))}
        <button type="button" className="button button--secondary" disabled={busy} aria-pressed={resource.sponsored} onClick={onToggleSponsored}>
          {resource.sponsored ? 'Unsponsor' : 'Sponsor'}
        </button>
        <button type="button" className="button button--ghost" onClick={onHistory}>
          History
        </button>
        {list === 'search' && (
          <>
            <button type="button" className="button button--ghost" disabled={busy} onClick={onEdit}>
              Quick edit
            </button>
            <Link className="button button--ghost" to={`/editor/resources/${encodeURIComponent(resource.titleUrl)}`}>
              Edit
            </Link>
          </>
        )}
        {resource.price > 0 && <RefundButton resourceId={resource._id} title={resource.title} />}
        <ConfirmDeleteButton busy={busy} onDelete={onDelete} />
      </div>
    </li>
  );
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What the spec's admin view holds besides the card: app, type, price, clicks, saves, tags, link and owners (the author, then the buyers). */
function ResourceFacts({ resource }: { resource: AdminResource }) {
  const tags = visibleKeywords(resource.keywords);
  return (
    <>
      <p className="admin-row__meta">
        {platformLabel(resource.platform)} · {topicLabel(resource.resourceType)} · {formatPrice(resource.price)} · {counted(resource.analytics.clicks, 'click')} ·{' '}
        {counted(resource.ratings.saves, 'save')}
      </p>
      {tags.length > 0 && <p className="admin-row__meta">Tags: {tags.join(', ')}</p>}
      <p className="admin-row__meta admin-row__link">
        <a href={resource.link} target="_blank" rel="noopener noreferrer nofollow">
          {resource.link}
        </a>
      </p>
      <details className="admin-row__owners">
        <summary>Owners ({resource.ownersTotal})</summary>
        <ul>
          {resource.owners.map((owner) => (
            <li key={owner._id}>
              {owner.username ?? 'Erased user'}
              {owner.email !== null && ` · ${owner.email}`}
            </li>
          ))}
          {resource.ownersTotal > resource.owners.length && <li>and {resource.ownersTotal - resource.owners.length} more</li>}
        </ul>
      </details>
    </>
  );
}

/** Shows a field's value in the diff: tags as a list, screenshots as a count. */
function shownValue(change: FieldChange, value: FieldChange['before']): string {
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (change.field === 'imageUrls') return `${value.length} screenshot${value.length === 1 ? '' : 's'}`;
  return value.length === 0 ? '(none)' : value.join(', ');
}

/** The waiting edit next to the approved version, field by field, so the moderator decides on what they saw. */
function PendingEditDiff({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <table className="edit-diff">
      <caption>Waiting edit (visitors see the approved version until you decide)</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Approved</th>
          <th scope="col">Edited</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{EDITABLE_FIELD_LABELS[change.field]}</th>
            <td data-label="Approved">
              <del>{shownValue(change, change.before)}</del>
            </td>
            <td data-label="Edited">
              <ins>{shownValue(change, change.after)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
