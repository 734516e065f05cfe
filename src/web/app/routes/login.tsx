import { useEffect, useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { reloginAsAdmin } from '@/features/accounts/api.js';
import { GoogleSignIn } from '@/features/accounts/components/GoogleSignIn.js';
import { LoginForm } from '@/features/accounts/components/LoginForm.js';
import { loginNotice, safeRedirectPath } from '@/features/accounts/login-flow.js';
import { redirectIfSignedIn } from '@/features/accounts/route-guards.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

const ADMIN_PATH = '/admin';

function isAdminRelogin(parameters: URLSearchParams): boolean {
  return parameters.get('reloginAsAdmin') === 'true';
}

/** Hidden from signed-in people (spec section 2), except for an admin switching back from test-user mode. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  const parameters = new URL(request.url).searchParams;
  if (!isAdminRelogin(parameters)) await redirectIfSignedIn(safeRedirectPath(parameters.get('redirectUrl')));
  return null;
}

export function LoginPage() {
  const [parameters] = useSearchParams();
  const redirectUrl = safeRedirectPath(parameters.get('redirectUrl'));
  const notice = loginNotice(parameters);
  const [relogin, setRelogin] = useState<'idle' | 'working' | 'failed'>(isAdminRelogin(parameters) ? 'working' : 'idle');

  // Login success (spec section 4): go to the stored redirect URL or home, and reload the app with the new session.
  const goOn = () => window.location.assign(redirectUrl);

  useEffect(() => {
    if (relogin !== 'working') return;
    reloginAsAdmin().then(
      (answer) => {
        if (answer.success === false) setRelogin('failed');
        else window.location.assign(ADMIN_PATH);
      },
      (error: unknown) => {
        console.error('Switching back to the admin account failed', error);
        setRelogin('failed');
      },
    );
  }, [relogin]);

  return (
    <div className="auth-page">
      <PageHead title="Sign In" description={PAGE_DESCRIPTIONS.login} />
      <section className="auth-card" aria-labelledby="login-heading">
        <h1 id="login-heading" className="auth-card__title">
          Sign In
        </h1>
        {relogin === 'working' ? (
          <p role="status" className="muted">
            {ACCOUNT_MESSAGES.switchingBackToAdmin}
          </p>
        ) : (
          <>
            {notice && (
              <p className="form-alert form-alert--success" role="status">
                {notice}
              </p>
            )}
            {relogin === 'failed' && (
              <p className="form-alert form-alert--danger" role="alert">
                {ACCOUNT_MESSAGES.switchBackFailed}
              </p>
            )}
            <LoginForm variant="page" initialLogin={parameters.get('u') ?? ''} onSignedIn={goOn} />
            <div className="auth-divider">or</div>
            <GoogleSignIn onSignedIn={goOn} />
            <p className="auth-switch">
              New to Tessera? <Link to="/signup">Join Free</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
