import { useId, useState } from 'react';

import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { MultiStepPrompt } from '@/components/ui/MultiStepPrompt.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { updateProfile } from '../api.js';
import { clearWelcomeModalFlag } from '../welcome-flag.js';

import { AppPicker } from './AppPicker.js';

interface WelcomeModalProps {
  open: boolean;
  onClose: () => void;
  initialApps: readonly string[];
}

/** The onboarding welcome modal (spec section 2): exactly 5 favourite apps, then 'Do you create templates?'; Finish saves and reloads the user. */
export function WelcomeModal({ open, onClose, initialApps }: WelcomeModalProps) {
  const [apps, setApps] = useState<string[]>(() => initialApps.slice(0, ACCOUNT_LIMITS.favouriteApps));
  const [isCreator, setIsCreator] = useState<boolean | null>(null);
  const choiceName = useId();

  function close() {
    clearWelcomeModalFlag();
    onClose();
  }

  async function finish() {
    if (isCreator === null) return;
    try {
      await updateProfile({ favoriteApps: apps, isCreator, activity: { viewedAccountSetupPage: true } });
      clearWelcomeModalFlag();
      await refreshSession();
      onClose();
    } catch (error) {
      showToast('error', error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
    }
  }

  return (
    <MultiStepPrompt
      open={open}
      onClose={close}
      onFinish={finish}
      className="welcome-modal"
      steps={[
        {
          title: ACCOUNT_MESSAGES.welcomeAppsTitle,
          content: <AppPicker legend="Which apps do you use the most?" selected={apps} onChange={setApps} />,
          selection: { satisfied: apps.length === ACCOUNT_LIMITS.favouriteApps, hint: ACCOUNT_MESSAGES.favouriteAppsExactly },
        },
        {
          title: ACCOUNT_MESSAGES.welcomeCreatorTitle,
          content: (
            <fieldset className="choice-group">
              <legend className="visually-hidden">{ACCOUNT_MESSAGES.welcomeCreatorTitle}</legend>
              {[
                { value: true, label: 'Yes, I create templates' },
                { value: false, label: 'No, I am looking for templates' },
              ].map((choice) => (
                <label key={String(choice.value)} className="choice-group__option" data-checked={isCreator === choice.value || undefined}>
                  <input type="radio" name={choiceName} checked={isCreator === choice.value} onChange={() => setIsCreator(choice.value)} />
                  {choice.label}
                </label>
              ))}
            </fieldset>
          ),
          selection: { satisfied: isCreator !== null, hint: ACCOUNT_MESSAGES.creatorChoiceRequired },
        },
      ]}
    />
  );
}
