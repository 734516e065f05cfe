import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { ApiError } from '@/lib/api-client.js';
import { logIn, requestEmailVerification } from '../api.js';
import { describeLoginFailure, type LoginFailure } from '../login-flow.js';

import { FormField } from '@/components/ui/FormField.js';

export function forgotPasswordPath(login: string): string {
  return `/forgot-password?${new URLSearchParams({ u: login }).toString()}`;
}

interface LoginFormProps {
  initialLogin?: string;
  /** 'page' reports failures in the spec's Login Error modal; 'modal' (inside the register modal) in a line 'Login failed: …'. */
  variant: 'page' | 'modal';
  onSignedIn: () => void;
}

/** Username or e-mail and password; Sign In is enabled once both are filled (spec section 5). */
export function LoginForm({ initialLogin = '', variant, onSignedIn }: LoginFormProps) {
  const [login, setLogin] = useState(initialLogin);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [resendNote, setResendNote] = useState<string | null>(null);

  const canSubmit = login.trim() !== '' && password !== '' && !submitting;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setFailure(null);
    setResendNote(null);
    try {
      const answer = await logIn(login.trim(), password);
      // A login without success or without a token counts as failed (spec section 4).
      if (!answer.success || !answer.user) throw new ApiError(401, answer.message ?? ACCOUNT_MESSAGES.loginFailed);
      onSignedIn();
    } catch (error) {
      setFailure(describeLoginFailure(error, login));
      setSubmitting(false);
    }
  }

  async function resendVerification() {
    try {
      const answer = await requestEmailVerification(login.trim());
      setResendNote(answer.message);
    } catch (error) {
      setResendNote(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
    }
  }

  const inlineFailure = variant === 'modal' && failure !== null;
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Username or email"
        name="login"
        autoComplete="username"
        required
        value={login}
        onValueChange={setLogin}
        maxLength={254}
      />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        maxLength={1024}
      />
      <p className="account-form__aside">
        <Link to={forgotPasswordPath(login.trim())}>Forgot password?</Link>
      </p>
      {inlineFailure && (
        <p className="form-alert form-alert--danger" role="alert">
          {failure.title === ACCOUNT_MESSAGES.rateLimitTitle ? failure.message : ACCOUNT_MESSAGES.loginFailedInModal(failure.message)}
        </p>
      )}
      <button type="submit" className="button button--primary account-form__submit" disabled={!canSubmit} aria-busy={submitting}>
        {submitting ? 'Signing in…' : 'Sign In'}
      </button>
      {variant === 'page' && (
        <Modal
          open={failure !== null}
          title={failure?.title ?? ''}
          tone="danger"
          onClose={() => {
            setFailure(null);
            setResendNote(null);
          }}
        >
          <p>{failure?.message}</p>
          {failure?.offerResendVerification && (
            <p>
              <button type="button" className="link-button" onClick={() => void resendVerification()}>
                {ACCOUNT_MESSAGES.resendVerification}
              </button>
            </p>
          )}
          {resendNote && <p role="status">{resendNote}</p>}
        </Modal>
      )}
    </form>
  );
}
