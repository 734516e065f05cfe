import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { userMessageOf } from '@/lib/api-client.js';
import { verifyEmail } from '@/features/accounts/api.js';
import { refreshSession, useSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';

type Verification = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };

/** /email-verified?un=…&token=…: the link from the verification e-mail. */
export function EmailVerifiedPage() {
  const [parameters] = useSearchParams();
  const username = parameters.get('un') ?? '';
  const token = parameters.get('token') ?? '';
  const { user, loading: sessionLoading } = useSession();
  const [verification, setVerification] = useState<Verification>(
    username && token ? { status: 'verifying' } : { status: 'failed', message: ACCOUNT_MESSAGES.verificationLinkInvalid },
  );

  useEffect(() => {
    if (!username || !token) return;
    let cancelled = false;
    verifyEmail(username, token).then(
      () => {
        if (cancelled) return;
        setVerification({ status: 'verified' });
        void refreshSession();
      },
      (error: unknown) => {
        if (cancelled) return;
        setVerification({ status: 'failed', message: userMessageOf(error, ACCOUNT_MESSAGES.unexpected) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [username, token]);

  // Whether to say "log in" depends on the session: the page waits for both answers.
  const shown = verification.status === 'verified' && sessionLoading ? 'verifying' : verification.status;

  return (
    <div className="auth-page">
      <title>{documentTitle('Verify account')}</title>
      <section className="auth-card" aria-labelledby="verify-heading" aria-busy={shown === 'verifying'}>
        <h1 id="verify-heading" className="auth-card__title">
          {shown === 'verified' ? ACCOUNT_MESSAGES.emailVerifiedTitle : 'Verify account'}
        </h1>
        {shown === 'verifying' && <p className="muted">Verifying your email address…</p>}
        {shown === 'verified' && (
          <>
            <p role="status">{user ? ACCOUNT_MESSAGES.emailVerifiedSignedIn : ACCOUNT_MESSAGES.emailVerified}</p>
            <p className="auth-switch">{user ? <Link to="/account">Go to your account</Link> : <Link to="/login">Log in</Link>}</p>
          </>
        )}
        {verification.status === 'failed' && (
          <>
            <p className="form-alert form-alert--danger" role="alert">
              {verification.message}
            </p>
            <p className="auth-switch">
              <Link to="/account">Request a new code from your account page</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
