import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ApiError, apiRequest, setAuthFailureHandlers } from './api-client.js';
import { useBrowserStore } from './browser-store.js';
import { openLoginPrompt } from './client-state.js';

/**
 * The signed-in user, held outside React so loaders, actions and components share it.
 * The session token itself lives in an httpOnly cookie the browser sends; the app never reads it.
 */
export interface SessionState {
  /** null: signed out (or not yet known while loading). */
  user: CurrentUser | null;
  loading: boolean;
  /** Set when the server refused a call with 403: the shell shows 'Access Denied'. */
  accessDenied: boolean;
}

/** Before the session is known: what the server renders every page with (it renders for nobody in particular). */
const NOT_YET_KNOWN: SessionState = { user: null, loading: true, accessDenied: false };

let state: SessionState = NOT_YET_KNOWN;
const listeners = new Set<() => void>();
let pendingLoad: Promise<CurrentUser | null> | null = null;

function publish(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function useSession(): SessionState {
  // Hydration draws what the server drew, even when the session arrived first (React then renders again with it).
  return useBrowserStore(subscribe, getSession, NOT_YET_KNOWN);
}

/** Fetches the current user once (concurrent callers share the request); null means signed out. */
export function loadSession(): Promise<CurrentUser | null> {
  pendingLoad ??= apiRequest<{ user: CurrentUser | null }>('/auth/session', { authFailures: 'silent' })
    .then(({ user }) => {
      publish({ user, loading: false });
      return user;
    })
    .catch((error: unknown) => {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403))
        console.error('Could not load the current user', error);
      publish({ user: null, loading: false });
      return null;
    });
  return pendingLoad;
}

/**
 * The signed-in user for a members-only action, or null for a visitor, who is shown the login prompt.
 * Waits for the session when it is still loading: a click right after the page opened is not lost.
 */
export async function signedInOrLoginPrompt(): Promise<CurrentUser | null> {
  const user = state.loading ? await loadSession() : state.user;
  if (user === null) openLoginPrompt();
  return user;
}

/** Re-reads the current user after a change (profile saved, verified …). */
export function refreshSession(): Promise<CurrentUser | null> {
  pendingLoad = null;
  return loadSession();
}

/** Applies a change the server has already made (or is making) to the signed-in user, without a round trip. */
export function updateSessionUser(change: (user: CurrentUser) => CurrentUser): void {
  if (state.user !== null) publish({ user: change(state.user) });
}

/** Logout (spec section 4): server call, clear the user, go to / and reload, which resets all client state. */
export async function logout(destination = '/'): Promise<void> {
  try {
    await apiRequest('/logout', { method: 'POST', authFailures: 'silent' });
  } catch (error) {
    console.error(error instanceof Error ? error.message : 'Operation failed.');
  }
  publish({ user: null });
  window.location.assign(destination);
}

export function dismissAccessDenied(): void {
  publish({ accessDenied: false });
}

setAuthFailureHandlers({
  unauthorized() {
    publish({ user: null });
    window.location.assign('/login');
  },
  forbidden() {
    publish({ accessDenied: true });
  },
});
