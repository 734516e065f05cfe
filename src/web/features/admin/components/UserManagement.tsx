import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';

import { Modal } from '@/components/ui/Modal.js';
import { pageNumbersFor, Pagination } from '@/components/ui/Pagination.js';
import type { UserLevel, VerificationStatus } from '@domain/accounts/events.js';
import {
  levelLockReason,
  mayChangeLevel,
  statusLockReason,
  USER_MANAGEMENT_MESSAGES,
  USER_UPDATED_VISIBLE_MS,
} from '@domain/accounts/user-management.js';
import { formatDateTime } from '@/lib/date-time.js';
import type { AdminSectionProps } from '../admin-section.js';
import { fetchUserHistory, fetchUsers, updateUser, type ManagedUser, type UserHistoryEntry } from '../users-api.js';
import { useLoad } from '@/lib/use-load.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { ADMIN_DECISION_REASON_MAX } from '@domain/templates/rules.js';

const LEVELS: readonly UserLevel[] = ['base', 'admin', 'owner'];
const STATUSES: readonly VerificationStatus[] = ['pending', 'verified', 'blocked'];

interface UserRowProps {
  user: ManagedUser;
  viewer: AdminSectionProps['user'];
  /** The id of the note above the list that says why no level can be changed (an admin's view); null for an owner. */
  levelNoteId: string | null;
  onUpdated: (user: ManagedUser) => void;
  onHistory: () => void;
}

/**
 * One account: level and status controls, each disabled with its reason when the viewer may not
 * change it. A reason of this row is shown under its control; the reason of every row (an admin
 * changes no level) is the note above the list, which the control points to.
 */
export function UserRow({ user, viewer, levelNoteId, onUpdated, onHistory }: UserRowProps) {
  const id = useId();
  const [lvl, setLvl] = useState(user.lvl);
  const [status, setStatus] = useState(user.verification);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const account = { isViewer: user._id === viewer._id, lvl: user.lvl, erased: user.erased };
  const levelLock = levelLockReason(viewer.lvl, account);
  const statusLock = statusLockReason(viewer.lvl, account);
  const changed = lvl !== user.lvl || status !== user.verification;

  useEffect(() => {
    if (message?.ok !== true) return;
    const timer = setTimeout(() => setMessage(null), USER_UPDATED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await updateUser({
        user: user._id,
        ...(lvl !== user.lvl ? { lvl } : {}),
        ...(status !== user.verification ? { status, reason: reason.trim() } : {}),
      });
      onUpdated({ ...user, lvl: answer.user.lvl, verification: answer.user.verification });
      setReason('');
      setMessage({ text: answer.message, ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="admin-user" aria-label={user.username}>
      <form className="admin-user__form" onSubmit={save}>
        <div className="admin-user__who">
          <strong>{user.erased ? 'Deleted account' : user.username}</strong>
          <span className="admin-list__note">joined {formatDateTime(user._dateCreated)}</span>
        </div>
        <LockedSelect
          label="Level"
          controlId={`${id}-lvl`}
          value={lvl}
          options={LEVELS}
          lock={levelLock}
          sharedLockNoteId={levelNoteId}
          busy={busy}
          onChange={(value) => setLvl(value as UserLevel)}
        />
        <LockedSelect
          label="Status"
          controlId={`${id}-status`}
          value={status}
          options={STATUSES}
          lock={statusLock}
          sharedLockNoteId={null}
          busy={busy}
          onChange={(value) => setStatus(value as VerificationStatus)}
        />
        {status !== user.verification && (
          <label className="admin-list__control admin-list__control--grow" htmlFor={`${id}-reason`}>
            Reason
            <input
              className="form-field__input"
              id={`${id}-reason`}
              value={reason}
              required
              onChange={keepingAtMost(ADMIN_DECISION_REASON_MAX, setReason)}
            />
          </label>
        )}
        <div className="admin-user__actions">
          <button type="submit" className="button button--primary" disabled={!changed || busy}>
            Update
          </button>
          <button type="button" className="button button--secondary" onClick={onHistory}>
            History
          </button>
        </div>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'admin-user__ok' : 'admin-user__error'}>
          {message.text}
        </p>
      )}
    </li>
  );
}

interface LockedSelectProps {
  label: string;
  controlId: string;
  value: string;
  options: readonly string[];
  /** Why the viewer may not change this (the control is disabled), or null. */
  lock: string | null;
  /** The note above the list that gives the lock's reason for every row, or null: the reason shows under the control. */
  sharedLockNoteId: string | null;
  busy: boolean;
  onChange: (value: string) => void;
}

/** A row's level or status control, disabled with its reason when the viewer may not change it. */
function LockedSelect({ label, controlId, value, options, lock, sharedLockNoteId, busy, onChange }: LockedSelectProps) {
  const lockId = `${controlId}-lock`;
  return (
    <label className="admin-list__control" htmlFor={controlId}>
      {label}
      <select
        className="form-field__input"
        id={controlId}
        value={value}
        disabled={lock !== null || busy}
        title={lock ?? undefined}
        aria-describedby={lock === null ? undefined : (sharedLockNoteId ?? lockId)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {lock !== null && sharedLockNoteId === null && (
        <span className="admin-list__note admin-user__lock" id={lockId}>
          {lock}
        </span>
      )}
    </label>
  );
}

function describe(entry: UserHistoryEntry): string {
  const details = Object.entries(entry.details)
    .filter(([field]) => field !== 'sessionId')
    .map(([field, value]) => `${field}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return details.join(', ');
}

/** Who acted: the user themselves, another account by name and level ('ann (admin)'), or the system or operator. */
export function actorOf(entry: UserHistoryEntry, user: ManagedUser): string {
  if (entry.actor.userId === user._id) return 'the user';
  return entry.actor.username === null ? entry.actor.role : `${entry.actor.username} (${entry.actor.role})`;
}

function HistoryDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { state } = useLoad(useCallback((signal: AbortSignal) => fetchUserHistory(user._id, signal), [user._id]));
  return (
    <Modal open title={`History of ${user.username}`} onClose={onClose}>
      {state.phase === 'loading' && <p>Loading...</p>}
      {state.phase === 'failed' && (
        <p className="form-alert form-alert--danger" role="alert">
          Could not load the history: {state.message}
        </p>
      )}
      {state.phase === 'loaded' && (
        <ol className="admin-user-history" aria-label="Account history">
          {[...state.value].reverse().map((entry, index) => (
            <li key={index}>
              <strong>{entry.type}</strong>{' '}
              <span className="admin-list__note">
                {formatDateTime(entry.occurredAt)} · by {actorOf(entry, user)}
              </span>
              {describe(entry) && <div className="admin-list__note">{describe(entry)}</div>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

/** The list's failure, as the review queue shows its own: what failed, why, and a way to try again. */
function AccountsLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="feed-error" role="alert">
      <p>Could not load the accounts: {message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** User management: every account with search and pages; level (owners) and verification status with a reason; each account's history. */
export function UserManagement({ user: viewer }: AdminSectionProps) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const { state, reload } = useLoad(useCallback((signal: AbortSignal) => fetchUsers(query, signal), [query]));
  const [rows, setRows] = useState<ManagedUser[]>([]);
  const [historyOf, setHistoryOf] = useState<ManagedUser | null>(null);
  const searchId = useId();
  const levelNoteId = useId();
  const levelsLocked = !mayChangeLevel(viewer.lvl);
  useEffect(() => {
    if (state.phase === 'loaded') setRows(state.value.data);
  }, [state]);

  return (
    <div className="admin-list">
      <h2 className="admin-page__heading">User management</h2>
      <form
        className="admin-list__controls"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ q: typed, page: 1 });
        }}
      >
        <label className="admin-list__control admin-list__control--grow" htmlFor={searchId}>
          Username starts with
          <input
            className="form-field__input"
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--secondary">
          Search users
        </button>
      </form>
      {state.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {state.phase === 'failed' && <AccountsLoadFailed message={state.message} onRetry={reload} />}
      {state.phase === 'loaded' && (
        <>
          <p className="admin-list__count">{state.value.pagination.totalItems} accounts</p>
          {levelsLocked && (
            <p className="admin-list__note" id={levelNoteId}>
              {USER_MANAGEMENT_MESSAGES.levelNeedsOwner}
            </p>
          )}
          <ul className="admin-users" aria-label="Users">
            {rows.map((row) => (
              <UserRow
                key={row._id}
                user={row}
                viewer={viewer}
                levelNoteId={levelsLocked ? levelNoteId : null}
                onHistory={() => setHistoryOf(row)}
                onUpdated={(updated) =>
                  setRows((current) => current.map((candidate) => (candidate._id === updated._id ? updated : candidate)))
                }
              />
            ))}
          </ul>
          {state.value.pagination.totalPages > 1 && (
            <Pagination
              pageNumbers={pageNumbersFor(state.value.pagination.currentPage, state.value.pagination.totalPages)}
              pageStatus={`${state.value.pagination.currentPage} / ${state.value.pagination.totalPages}`}
              onPage={(page) => setQuery((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
      {historyOf && <HistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />}
    </div>
  );
}
