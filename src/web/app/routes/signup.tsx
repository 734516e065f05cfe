import { Link, useSearchParams } from 'react-router';

import { GoogleSignIn } from '../../features/accounts/components/GoogleSignIn.js';
import { SignupForm } from '../../features/accounts/components/SignupForm.js';
import { redirectIfSignedIn } from '../../features/accounts/route-guards.js';
import { documentTitle } from '../../lib/brand.js';

const ACCOUNT_PATH = '/account';

/** A signed-in visitor is sent to /account (spec section 2). */
export async function signupLoader() {
  await redirectIfSignedIn(ACCOUNT_PATH);
  return null;
}

export function SignupPage() {
  const [parameters] = useSearchParams();
  const beta = parameters.get('beta') === 'true';

  return (
    <div className="auth-page">
      <title>{documentTitle('Join Free')}</title>
      <section className="auth-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading" className="auth-card__title">
          Join Free
        </h1>
        <p className="auth-card__lead muted">
          {beta
            ? 'Welcome to the beta: publish and sell your templates commission-free while it lasts.'
            : 'Like, save and share templates with a community of makers.'}
        </p>
        <SignupForm guardUnsavedChanges />
        <div className="auth-divider">or</div>
        <GoogleSignIn onSignedIn={() => window.location.assign(ACCOUNT_PATH)} />
        <p className="auth-switch">
          Already have an account? <Link to="/login">Log in</Link> · <Link to="/">Back to home</Link>
        </p>
      </section>
    </div>
  );
}
