import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ACCOUNT_MESSAGES, passwordProblem } from '@domain/accounts/rules.js';
import { ApiError } from '@/lib/api-client.js';
import { changePasswordAndLogIn, checkResetToken } from '@/features/accounts/api.js';
import { NewPasswordFields } from '@/features/accounts/components/NewPasswordFields.js';
import { documentTitle } from '@/lib/brand.js';

/** The spec's pause before the new password is sent (section 4, Password reset). */
export const PASSWORD_RESET_SUBMIT_DELAY_MS = 1000;
const ACCOUNT_PATH = '/account';

/** `incomplete`: the link lacks its username or token, so there is nothing to check. */
type TokenState = 'checking' | 'valid' | 'invalid' | 'incomplete';

/** /reset-password-from-token?un=…&token=…: 'Create new password', then 'Change and Login'. */
export function ResetPasswordPage() {
  const [parameters] = useSearchParams();
  const username = parameters.get('un') ?? '';
  const token = parameters.get('token') ?? '';
  const [tokenState, setTokenState] = useState<TokenState>(username && token ? 'checking' : 'incomplete');
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (tokenState !== 'checking') return;
    checkResetToken(username, token).then(
      (answer) => setTokenState(answer.error ? 'invalid' : 'valid'),
      () => setTokenState('invalid'),
    );
  }, [tokenState, username, token]);

  const problem = password === '' ? null : passwordProblem(password);
  const mismatch = retyped !== '' && retyped !== password;
  const canSubmit = password !== '' && retyped !== '' && problem === null && !mismatch && !submitting;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setFailure(null);
    await new Promise((resolve) => setTimeout(resolve, PASSWORD_RESET_SUBMIT_DELAY_MS));
    try {
      const answer = await changePasswordAndLogIn(username, token, password);
      if (!answer.token && !answer.user) throw new Error(ACCOUNT_MESSAGES.loginFailedAfterReset);
      window.location.assign(ACCOUNT_PATH);
    } catch (error) {
      setFailure(error instanceof ApiError || error instanceof Error ? error.message : ACCOUNT_MESSAGES.unexpected);
      setSubmitting(false);
    }
  }

  return (
    <div className="auth-page">
      <title>{documentTitle('Create new password')}</title>
      <section className="auth-card" aria-labelledby="reset-heading" aria-busy={tokenState === 'checking'}>
        <h1 id="reset-heading" className="auth-card__title">
          Create new password
        </h1>
        {tokenState === 'checking' && <p className="muted">Checking your link…</p>}
        {(tokenState === 'invalid' || tokenState === 'incomplete') && (
          <>
            <p className="form-alert form-alert--danger" role="alert">
              {tokenState === 'incomplete' ? ACCOUNT_MESSAGES.resetLinkIncomplete : ACCOUNT_MESSAGES.resetTokenInvalid}
            </p>
            <p className="auth-switch">
              <Link to={username ? `/forgot-password?u=${encodeURIComponent(username)}` : '/forgot-password'}>Send a new link</Link>
            </p>
          </>
        )}
        {tokenState === 'valid' && (
          <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
            <NewPasswordFields
              password={password}
              onPasswordChange={setPassword}
              retyped={retyped}
              onRetypedChange={setRetyped}
              problem={problem}
              labels={{ password: 'New password', retyped: 'Confirm new password' }}
            />
            {failure && (
              <p className="form-alert form-alert--danger" role="alert">
                {failure}
              </p>
            )}
            <button type="submit" className="button button--primary account-form__submit" disabled={!canSubmit} aria-busy={submitting}>
              {submitting ? 'Changing…' : 'Change and Login'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
