import { useEffect, useRef, useState } from 'react';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { ApiError } from '@/lib/api-client.js';
import { fetchGoogleClientId, logInWithGoogle } from '../api.js';

const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services this button uses. */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: { theme: string; size: string; text: string; width?: number }): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let identityScript: Promise<GoogleIdentity> | null = null;

/** Loads Google's script once, and only when the server has a client id. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  identityScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google Identity Services did not load')));
    script.onerror = () => {
      identityScript = null;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return identityScript;
}

type ClientIdState = { status: 'loading' } | { status: 'ready'; clientId: string | null };

/** 'Sign in with Google', when the server is configured for it; `onSignedIn` runs after the server accepted the credential. */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [clientIdState, setClientIdState] = useState<ClientIdState>({ status: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const buttonHost = useRef<HTMLDivElement>(null);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    let cancelled = false;
    fetchGoogleClientId().then(
      (clientId) => !cancelled && setClientIdState({ status: 'ready', clientId }),
      (failure: unknown) => {
        console.error('Could not read the Google sign-in configuration', failure);
        if (!cancelled) setClientIdState({ status: 'ready', clientId: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const clientId = clientIdState.status === 'ready' ? clientIdState.clientId : null;
  useEffect(() => {
    if (clientId === null) return;
    let cancelled = false;
    async function receiveCredential(credential: string | undefined) {
      if (!credential) {
        setError(ACCOUNT_MESSAGES.googleNoCredential);
        return;
      }
      setSigningIn(true);
      try {
        const answer = await logInWithGoogle(credential);
        if (answer.success === false) setError(answer.message ?? ACCOUNT_MESSAGES.googleFailed);
        else onSignedInRef.current();
      } catch (failure) {
        setError(
          failure instanceof ApiError && failure.status < 500
            ? failure.message || ACCOUNT_MESSAGES.googleFailed
            : ACCOUNT_MESSAGES.unexpected,
        );
      } finally {
        setSigningIn(false);
      }
    }
    loadGoogleIdentity().then(
      (google) => {
        if (cancelled || buttonHost.current === null) return;
        google.accounts.id.initialize({ client_id: clientId, callback: (response) => void receiveCredential(response.credential) });
        google.accounts.id.renderButton(buttonHost.current, { theme: 'outline', size: 'large', text: 'continue_with' });
      },
      // The button's own failure is only logged (spec section 8).
      (failure: unknown) => console.error(failure),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (clientIdState.status === 'loading') return <div className="google-sign-in" aria-busy="true" />;
  return (
    <div className="google-sign-in">
      {clientId === null ? (
        <p className="google-sign-in__unavailable muted">{ACCOUNT_MESSAGES.googleNotConfigured}</p>
      ) : (
        <div ref={buttonHost} aria-busy={signingIn} />
      )}
      <Modal open={error !== null} title={ACCOUNT_MESSAGES.googleErrorTitle} tone="danger" onClose={() => setError(null)}>
        <p>{error}</p>
      </Modal>
    </div>
  );
}
