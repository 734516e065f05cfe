import { useId, useState } from 'react';
import { useLocation } from 'react-router';

import { sameSitePath } from '@domain/shared/paths.js';

import { Modal } from '@/components/ui/Modal.js';
import { safeRedirectPath } from '../login-flow.js';

import { GoogleSignIn } from './GoogleSignIn.js';
import { LoginForm } from './LoginForm.js';
import { SignupForm } from './SignupForm.js';

export type RegisterModalTab = 'signup' | 'login';

export interface RegisterModalProps {
  open: boolean;
  onClose: () => void;
  initialTab?: RegisterModalTab;
  /** Where to go after logging in; the current page (reloaded) when absent. */
  redirectUrl?: string;
}

const TAB_LABELS: Record<RegisterModalTab, string> = { signup: 'Join for Free', login: 'Login' };

/**
 * The register modal (spec section 2): a Join for Free tab (the sign-up form and Google) and a Login tab.
 * After logging in it closes and reloads the page, or goes to `redirectUrl`; after joining, the sign-up flow goes on to /onboarding, then to `redirectUrl`.
 */
export function RegisterModal({ open, onClose, initialTab = 'signup', redirectUrl }: RegisterModalProps) {
  const [tab, setTab] = useState<RegisterModalTab>(initialTab);
  const baseId = useId();
  const { pathname, search } = useLocation();

  function afterLogin() {
    onClose();
    if (redirectUrl === undefined) window.location.reload();
    else window.location.assign(safeRedirectPath(redirectUrl));
  }

  return (
    <Modal
      open={open}
      title={tab === 'signup' ? 'Join the community' : 'Welcome back'}
      onClose={onClose}
      className="register-modal"
      actions={<></>}
    >
      <div className="segmented" role="tablist" aria-label="Sign up or log in">
        {(['signup', 'login'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            id={`${baseId}-${candidate}-tab`}
            aria-controls={`${baseId}-${candidate}-panel`}
            aria-selected={tab === candidate}
            className="segmented__option"
            onClick={() => setTab(candidate)}
          >
            {TAB_LABELS[candidate]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'signup' ? (
          <>
            <SignupForm guardUnsavedChanges={false} returnTo={sameSitePath(redirectUrl ?? `${pathname}${search}`)} />
            <div className="auth-divider">or</div>
            <GoogleSignIn onSignedIn={afterLogin} />
            <p className="auth-switch">
              Already a member?{' '}
              <button type="button" className="link-button" onClick={() => setTab('login')}>
                Login
              </button>
            </p>
          </>
        ) : (
          <>
            <LoginForm variant="modal" onSignedIn={afterLogin} />
            <p className="auth-switch">
              New here?{' '}
              <button type="button" className="link-button" onClick={() => setTab('signup')}>
                Sign Up
              </button>
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
