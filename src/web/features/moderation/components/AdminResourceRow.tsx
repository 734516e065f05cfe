import { useId } from 'react';
import { RefundButton } from '@/features/commerce/index.js';
import { Link } from 'react-router';

import { resourcePath, userProfilePath } from '@/lib/paths.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import type { AdminResource } from '../admin-api.js';
import {
  adminStatusLabel,
  EDITABLE_FIELD_LABELS,
  reviewActionsFor,
  type FieldChange,
  type ReviewAction,
} from '@domain/templates/lifecycle.js';
import { formatPrice, platformLabel, topicLabel, visibleKeywords } from '@domain/catalogue/presentation.js';
import { formatDateTime } from '@/lib/date-time.js';
import { ConfirmDeleteButton } from './ConfirmDeleteButton.js';

interface AdminResourceRowProps {
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

/** One post in an admin list: what the admin view shows of it, and the actions on it. */
export function AdminResourceRow({
  resource,
  list,
  busy,
  onDecide,
  onToggleSponsored,
  onHistory,
  onEdit,
  onDelete,
}: AdminResourceRowProps) {
  const thumbnail = resource.images[0]?.imageUrl;
  const titleId = useId();
  return (
    <li className="post-row admin-row" aria-labelledby={titleId}>
      <div className="admin-row__thumb">
        {thumbnail ? (
          <img {...responsiveImage(thumbnail, ROW_THUMBNAIL_SIZES)} alt="" loading="lazy" />
        ) : (
          <span aria-hidden="true">{resource.title.charAt(0)}</span>
        )}
      </div>
      <div className="admin-row__main">
        <Link id={titleId} className="admin-row__title" to={resourcePath(resource.titleUrl)}>
          {resource.title}
        </Link>
        <p className="admin-row__meta">
          by <Link to={userProfilePath(resource.author.username)}>{resource.author.username}</Link> · created{' '}
          <time dateTime={resource._dateCreated}>{formatDateTime(resource._dateCreated)}</time>
        </p>
        <p className="admin-row__badges">
          <span className={`admin-status admin-status--${resource.status.replaceAll(' ', '-')}`}>{adminStatusLabel(resource.status)}</span>
          {resource.sponsored && <span className="admin-status admin-status--sponsored">Sponsored</span>}
        </p>
        <ResourceFacts resource={resource} />
        {resource.statusReason !== null && resource.statusReason !== '' && (
          <p className="admin-row__reason">Reason: {resource.statusReason}</p>
        )}
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
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-pressed={resource.sponsored}
          onClick={onToggleSponsored}
        >
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
        {platformLabel(resource.platform)} · {topicLabel(resource.resourceType)} · {formatPrice(resource.price)} ·{' '}
        {counted(resource.analytics.clicks, 'click')} · {counted(resource.ratings.saves, 'save')}
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
