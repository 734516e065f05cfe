import { useRef, useState } from 'react';

import { pageNumbersFor, Pagination, useScrollAfterPageChange } from '@/components/ui/Pagination.js';
import type { AdminResource } from '../admin-api.js';
import { reviewActionsFor, type QueueFilter } from '@domain/templates/lifecycle.js';
import { useAdminResourceActions, useAdminResourcePage, type OpenDialog } from '../use-admin-resource-list.js';
import { AdminEditModal } from './AdminEditModal.js';
import { AdminListControls } from './AdminListControls.js';
import { AdminResourceRow } from './AdminResourceRow.js';
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

/** Resources with the admin's actions: the legal review decisions, sponsorship, history and permanent delete. */
export function AdminResourceList({ list, label, initialStatus, otherListChanges, onChanged }: AdminResourceListProps) {
  const [status, setStatus] = useState<QueueFilter>(initialStatus);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLDivElement>(null);
  useScrollAfterPageChange(listRef, page);
  const { state, load, replaceRow: replaceShownRow } = useAdminResourcePage({ list, status, query, page, otherListChanges });
  const replaceRow = (resourceId: string, change: Partial<AdminResource> | null) => {
    replaceShownRow(resourceId, change);
    onChanged();
  };
  const actions = useAdminResourceActions({ load: () => load(), replaceRow });

  return (
    <div className="admin-list" ref={listRef}>
      <AdminListControls
        label={label}
        status={status}
        onStatus={(chosen) => {
          setStatus(chosen);
          setPage(1);
        }}
        onSearch={(typed) => {
          setPage(1);
          setQuery(typed);
        }}
      />

      {actions.actionError !== null && (
        <p className="form-alert form-alert--danger" role="alert">
          {actions.actionError}
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
            <p className="empty-state">
              {list === 'queue' ? 'Nothing here: no post with this status.' : 'No resource matches this search.'}
            </p>
          ) : (
            <ul className="admin-rows" aria-label={label}>
              {state.answer.data.map((resource) => (
                <AdminResourceRow
                  key={resource._id}
                  resource={resource}
                  list={list}
                  busy={actions.busyId === resource._id}
                  onDecide={(action) => actions.askToDecide(resource, action)}
                  onToggleSponsored={() => actions.toggleSponsored(resource)}
                  onHistory={() => actions.setDialog({ kind: 'history', resource })}
                  onEdit={() => actions.setDialog({ kind: 'edit', resource })}
                  onDelete={() => actions.deletePermanently(resource)}
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

      <AdminResourceDialog dialog={actions.dialog} actions={actions} replaceRow={replaceRow} />
    </div>
  );
}

interface AdminResourceDialogProps {
  dialog: OpenDialog;
  actions: ReturnType<typeof useAdminResourceActions>;
  replaceRow: (resourceId: string, change: Partial<AdminResource> | null) => void;
}

/** The modal open over the list, if any: deny (asks the reason), quick edit or history. */
function AdminResourceDialog({ dialog, actions, replaceRow }: AdminResourceDialogProps) {
  if (dialog === null) return null;
  const close = () => actions.setDialog(null);
  if (dialog.kind === 'deny') {
    return (
      <DenyModal
        resource={dialog.resource}
        busy={actions.busyId === dialog.resource._id}
        error={actions.denyError}
        onDeny={(reason) => {
          const deny = reviewActionsFor(dialog.resource.status).find((action) => action.decision === 'deny');
          if (deny !== undefined) void actions.decide(dialog.resource, deny, reason);
        }}
        onClose={close}
      />
    );
  }
  if (dialog.kind === 'edit') {
    return (
      <AdminEditModal
        resource={dialog.resource}
        onSaved={(change) => {
          replaceRow(dialog.resource._id, change);
          close();
        }}
        onClose={close}
      />
    );
  }
  return <HistoryModal resource={dialog.resource} onClose={close} />;
}
