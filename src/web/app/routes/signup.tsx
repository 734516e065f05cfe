import { Link, useSearchParams } from 'react-router';

import { GoogleSignIn } from '@/features/accounts/components/GoogleSignIn.js';
import { SignupForm } from '@/features/accounts/components/SignupForm.js';
import { safeRedirectPath } from '@/features/accounts/login-flow.js';
import { loginPathFor, RETURN_PATH_PARAMETER } from '@/lib/return-paths.js';
import { redirectIfSignedIn } from '@/features/accounts/route-guards.js';
import { sameSitePath } from '@domain/shared/paths.js';
import { commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

const ACCOUNT_PATH = '/account';

/** The lead for a visitor from the beta's invitation (`?beta=true`), by the commission on sales. */
const BETA_WELCOME = {
  beta: 'Welcome to the beta: publish and sell your templates commission-free while it lasts.',
  charged: (perSale: string) => `Welcome to the beta: publish and sell your templates, with a ${perSale}.`,
  unstated: 'Welcome to the beta: publish and sell your templates.',
};
const MEMBER_LEAD = 'Like, save and share templates with a community of makers.';

/** A signed-in visitor is sent to /account (spec section 2). */
export async function signupLoader() {
  await redirectIfSignedIn(ACCOUNT_PATH);
  return null;
}

export function SignupPage() {
  const [parameters] = useSearchParams();
  const beta = parameters.get('beta') === 'true';
  // Where the person was when they chose to join (the login prompt sends it): onboarding sends them back there.
  const returnTo = sameSitePath(parameters.get(RETURN_PATH_PARAMETER));
  const feePercent = usePlatformFeePercent();

  return (
    <div className="auth-page">
      <PageHead title="Join Free" description={PAGE_DESCRIPTIONS.signup} />
      <section className="auth-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading" className="auth-card__title">
          Join Free
        </h1>
        <p className="auth-card__lead muted">{beta ? commissionMention(feePercent, BETA_WELCOME) : MEMBER_LEAD}</p>
        <SignupForm guardUnsavedChanges returnTo={returnTo} />
        <div className="auth-divider">or</div>
        <GoogleSignIn onSignedIn={() => window.location.assign(safeRedirectPath(returnTo, ACCOUNT_PATH))} />
        <p className="auth-switch">
          Already have an account? <Link to={returnTo ? loginPathFor(returnTo) : '/login'}>Log in</Link> · <Link to="/">Back to home</Link>
        </p>
      </section>
    </div>
  );
}
