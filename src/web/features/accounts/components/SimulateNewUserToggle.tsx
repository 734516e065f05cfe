import { useState } from 'react';
import { useNavigate } from 'react-router';

import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { SIMULATE_NEW_USER_MESSAGES } from '@domain/accounts/test-user-mode.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { setWelcomeModalFlag } from '../welcome-flag.js';
import { logout, refreshSession, useSession } from '@/lib/session.js';
import { showMessageModal } from '@/lib/client-state.js';
import { startNewUserTours } from '@/lib/tour-state.js';
import { isAdminUser } from '@/lib/user-facts.js';

/** 'Simulate ' and 'New User': the first word is hidden where space is short. */
const LABEL_LEAD = SIMULATE_NEW_USER_MESSAGES.label.slice(0, SIMULATE_NEW_USER_MESSAGES.label.indexOf(' ') + 1);
const LABEL_REST = SIMULATE_NEW_USER_MESSAGES.label.slice(LABEL_LEAD.length);

/**
 * Spec: start and stop test-user mode. On success the new session (the server sets its cookie) is
 * loaded; starting sets the tour flags and the welcome modal and goes to /, stopping goes to /admin.
 * On failure the switch reverts (shows the session's state again) with the server's message or
 * 'Failed to toggle test user mode'; a 400 or 403 signs out and goes to /login.
 */
function useTestUserMode() {
  const navigate = useNavigate();
  const { user } = useSession();
  /** The position shown while a change is under way: the session's, once it is reloaded. */
  const [pending, setPending] = useState<boolean | null>(null);
  const on = pending ?? user?.isTestUser === true;

  async function change(starting: boolean) {
    setPending(starting);
    try {
      if (starting) {
        const answer = await apiRequest<{ success: boolean; message?: string }>('/admin/test-user/toggle', {
          method: 'POST',
          body: { action: 'start' },
          authFailures: 'silent',
        });
        if (!answer.success) throw new Error(answer.message ?? SIMULATE_NEW_USER_MESSAGES.failed);
        startNewUserTours();
        setWelcomeModalFlag();
      } else {
        // Stopping goes back to the admin's own session in one step (the toggle's stop would leave nobody signed in).
        await apiRequest('/auth/relogin-admin', { method: 'POST', authFailures: 'silent' });
      }
      await refreshSession();
      void navigate(starting ? '/' : '/admin');
      if (starting)
        showMessageModal(SIMULATE_NEW_USER_MESSAGES.welcomeTitle, SIMULATE_NEW_USER_MESSAGES.welcome1, SIMULATE_NEW_USER_MESSAGES.welcome2);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
        await logout('/login');
        return;
      }
      showToast(
        'error',
        error instanceof Error && error.message ? error.message : SIMULATE_NEW_USER_MESSAGES.failed,
        TOAST_ERROR_TIMEOUT_MS,
      );
    } finally {
      setPending(null);
    }
  }
  return { user, on, busy: pending !== null, change };
}

/** The 'Simulate New User' switch for admins and owners: in the portal's header, the navigation bar and the side menu. */
export function SimulateNewUserToggle() {
  const { user, on, busy, change } = useTestUserMode();
  if (user === null || !(isAdminUser(user) || user.isTestUser)) return null;
  return (
    <label className="simulate-toggle">
      <input type="checkbox" role="switch" checked={on} disabled={busy} onChange={() => void change(!on)} />
      {/* In a crowded navigation bar 'Simulate' is read out but not shown (shell.css). */}
      <span className="simulate-toggle__lead">{LABEL_LEAD}</span>
      {LABEL_REST}
    </label>
  );
}

/** In test-user mode (spec: navigation bar and side menu): the switch's stop, as a button. */
export function SwitchBackToAdminButton() {
  const { busy, change } = useTestUserMode();
  return (
    <button type="button" className="button button--accent switch-back" disabled={busy} onClick={() => void change(false)}>
      {/* The navigation bar shows only 'Admin' where the full label would push the avatar off-screen. */}
      <span className="switch-back__lead">Switch Back to </span>Admin
    </button>
  );
}
