import { useCallback, useEffect, useState } from 'react';

import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import type { QueueFilter, ReviewAction } from '@domain/templates/lifecycle.js';
import {
  decideOnResource,
  deleteResourcePermanently,
  fetchAdminResources,
  setResourceSponsored,
  type AdminResource,
  type AdminResourcePage,
} from './admin-api.js';
import { pageAfterChange } from './moderation-view.js';

type ListState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; answer: AdminResourcePage };

export type OpenDialog =
  | { kind: 'deny'; resource: AdminResource }
  | { kind: 'edit'; resource: AdminResource }
  | { kind: 'history'; resource: AdminResource }
  | null;

interface ListQuery {
  list: 'queue' | 'search';
  status: QueueFilter;
  query: string;
  page: number;
  /** Counts the changes made in the page's other list: each one reloads this list. */
  otherListChanges: number;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/** One page of an admin list, loaded again whenever what it asks for changes; `replaceRow` applies an action's outcome in place. */
export function useAdminResourcePage({ list, status, query, page, otherListChanges }: ListQuery) {
  const [state, setState] = useState<ListState>({ phase: 'loading' });

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
    setState((current) =>
      current.phase === 'loaded'
        ? { phase: 'loaded', answer: { ...current.answer, ...pageAfterChange(current.answer, resourceId, change, status) } }
        : current,
    );
  }

  return { state, load, replaceRow };
}

interface ActionOptions {
  /** Loads the list again (after a 409, which means the rows are stale). */
  load: () => void;
  /** Applies an action's outcome to its row (null: the row is gone) and tells the page. */
  replaceRow: (resourceId: string, change: Partial<AdminResource> | null) => void;
}

interface Action {
  /** Shown when the server gives no reason. */
  fallback: string;
  run: () => Promise<void>;
  onFailure?: ((message: string) => void) | undefined;
  reloadOnConflict?: boolean;
}

/** The admin's actions on a row: review decisions (deny through its modal), sponsorship and permanent delete. */
export function useAdminResourceActions({ load, replaceRow }: ActionOptions) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [denyError, setDenyError] = useState<string | null>(null);

  /** Runs one action on a row, the row busy meanwhile; a failure is shown above the list (or by `onFailure`) and in a toast. */
  async function act(resource: AdminResource, { fallback, run, onFailure, reloadOnConflict = false }: Action) {
    setBusyId(resource._id);
    setActionError(null);
    try {
      await run();
    } catch (error) {
      const message = messageOf(error, fallback);
      if (onFailure) onFailure(message);
      else setActionError(`“${resource.title}”: ${message}`);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
      // 409: someone decided first, or the author edited since this list was loaded: load it again so
      // its rows show the latest version and offer what is legal now.
      if (reloadOnConflict && error instanceof ApiError && error.status === 409) load();
    } finally {
      setBusyId(null);
    }
  }

  async function decide(resource: AdminResource, action: ReviewAction, reason = '') {
    setDenyError(null);
    await act(resource, {
      fallback: 'The decision was not saved.',
      run: async () => {
        const updated = await decideOnResource(resource, action, reason);
        replaceRow(resource._id, { status: updated.status, statusReason: reason.trim() || null, title: updated.title, pendingEdit: null });
        setDialog(null);
        showToast('success', `${action.doneLabel}: “${resource.title}” is now ${updated.status}.`);
      },
      // The deny modal is open: its refusal shows there.
      onFailure: action.decision === 'deny' ? setDenyError : undefined,
      reloadOnConflict: true,
    });
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

  function toggleSponsored(resource: AdminResource) {
    const sponsored = !resource.sponsored;
    void act(resource, {
      fallback: 'The sponsorship was not changed.',
      run: async () => {
        await setResourceSponsored(resource._id, sponsored);
        replaceRow(resource._id, { sponsored });
        showToast('success', `“${resource.title}” is ${sponsored ? 'now sponsored' : 'no longer sponsored'}.`);
      },
    });
  }

  function deletePermanently(resource: AdminResource) {
    void act(resource, {
      fallback: 'The post was not deleted.',
      run: async () => {
        const message = await deleteResourcePermanently(resource._id);
        replaceRow(resource._id, null);
        setDialog(null);
        showToast('success', message);
      },
      onFailure: (message) => {
        setDialog(null);
        setActionError(`“${resource.title}”: ${message}`);
      },
    });
  }

  return { busyId, actionError, dialog, setDialog, denyError, decide, askToDecide, toggleSponsored, deletePermanently };
}
