import { useState } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES, NOTIFICATION_SETTING_TEXTS, NOTIFICATION_SETTINGS, type NotificationSetting } from '@domain/accounts/rules.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { updateProfile } from '../api.js';

/** The notifications tab: each toggle flips and saves at once (spec section 2); a failed save flips it back. */
export function NotificationsTab({ user }: { user: CurrentUser }) {
  const [settings, setSettings] = useState(
    () => Object.fromEntries(NOTIFICATION_SETTINGS.map((name) => [name, user.privacy[name]])) as Record<NotificationSetting, boolean>,
  );
  const [savingSetting, setSavingSetting] = useState<NotificationSetting | null>(null);

  async function toggle(name: NotificationSetting) {
    const value = !settings[name];
    setSettings((current) => ({ ...current, [name]: value }));
    setSavingSetting(name);
    try {
      await updateProfile({ privacy: { [name]: value } });
      showToast('success', ACCOUNT_MESSAGES.profileSaved);
      void refreshSession();
    } catch (error) {
      setSettings((current) => ({ ...current, [name]: !value }));
      showToast('error', error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
    } finally {
      setSavingSetting(null);
    }
  }

  return (
    <ul className="settings-list">
      {NOTIFICATION_SETTINGS.map((name) => (
        <li key={name} className="settings-list__item">
          <div>
            <p className="settings-list__label" id={`${name}-label`}>
              {NOTIFICATION_SETTING_TEXTS[name].label}
            </p>
            <p className="muted" id={`${name}-description`}>
              {NOTIFICATION_SETTING_TEXTS[name].description}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={settings[name]}
            aria-labelledby={`${name}-label`}
            aria-describedby={`${name}-description`}
            aria-busy={savingSetting === name}
            disabled={savingSetting !== null}
            onClick={() => void toggle(name)}
          >
            <span className="switch__thumb" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
