import { useState } from 'react';
import { useNavigate } from 'react-router';

import { showToast, TOAST_ERROR_TIMEOUT_MS } from '../../../components/ui/toasts.js';
import { SIMULATE_NEW_USER_MESSAGES } from '../../../../domain/accounts/test-user-mode.js';
import { setWelcomeModalFlag } from '../../accounts/welcome-flag.js';
import { logout, refreshSession } from '../../session/session.js';
import { startNewUserTours } from '../../shell/tour-state.js';
import { ApiError, apiRequest } from '../../../lib/api-client.js';

/**
 * Spec: start and stop test-user mode. On success the new session (the server sets its cookie) is
 * loaded; starting sets the tour flags and the welcome modal and goes to /, stopping goes to /admin.
 * On failure the toggle reverts; a 400 or 403 signs out and goes to /login.
 */
export function SimulateNewUserToggle({ on: initiallyOn }: { on: boolean }) {
  const navigate = useNavigate();
  const [on, setOn] = useState(initiallyOn);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    const starting = !on;
    setOn(starting);
    setBusy(true);
    try {
      if (starting) {
        const answer = await apiRequest<{ success: boolean; message?: string }>('/admin/test-user/toggle', { method: 'POST', body: { action: 'start' }, authFailures: 'silent' });
        if (!answer.success) throw new Error(answer.message ?? SIMULATE_NEW_USER_MESSAGES.failed);
        startNewUserTours();
        setWelcomeModalFlag();
      } else {
        // Stopping goes back to the admin's own session in one step (the toggle's stop would leave nobody signed in).
        await apiRequest('/auth/relogin-admin', { method: 'POST', authFailures: 'silent' });
      }
      await refreshSession();
      void navigate(starting ? '/' : '/admin');
    } catch (error) {
      setOn(!starting);
      if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
        await logout('/login');
        return;
      }
      showToast('error', error instanceof Error && error.message ? error.message : SIMULATE_NEW_USER_MESSAGES.failed, TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="simulate-toggle">
      <input type="checkbox" role="switch" checked={on} disabled={busy} onChange={() => void toggle()} />
      {SIMULATE_NEW_USER_MESSAGES.label}
    </label>
  );
}
