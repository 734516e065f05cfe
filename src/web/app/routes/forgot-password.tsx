import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { userMessageOf } from '@/lib/api-client.js';
import { requestPasswordReset } from '@/features/accounts/api.js';
import { FormField } from '@/components/ui/FormField.js';
import { SENDING_LABEL, useSubmission } from '@/lib/use-submission.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

interface Outcome {
  title: string;
  message: string;
  tone: 'default' | 'danger';
}

const resetFailure = (failure: unknown) => userMessageOf(failure, ACCOUNT_MESSAGES.unexpected);

export function ForgotPasswordPage() {
  const [parameters] = useSearchParams();
  const [login, setLogin] = useState(parameters.get('u') ?? '');
  const submission = useSubmission(resetFailure);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.trim() === '') return;
    const sent = await submission.submit(() => requestPasswordReset(login.trim()));
    if (sent === null) return;
    setOutcome(
      sent.ok
        ? { title: ACCOUNT_MESSAGES.passwordResetTitle, message: sent.answer.message || ACCOUNT_MESSAGES.resetRequested, tone: 'default' }
        : { title: ACCOUNT_MESSAGES.loginErrorTitle, message: resetFailure(sent.failure), tone: 'danger' },
    );
  }

  return (
    <div className="auth-page">
      <PageHead title="Forgot password" description={PAGE_DESCRIPTIONS.forgotPassword} />
      <section className="auth-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading" className="auth-card__title">
          Forgot your password?
        </h1>
        <p className="auth-card__lead muted">Enter your username or email and we will send you a link to choose a new password.</p>
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
          <button
            type="submit"
            className="button button--primary account-form__submit"
            disabled={login.trim() === '' || submission.pending}
            aria-busy={submission.pending}
          >
            {submission.pending ? SENDING_LABEL : 'Send Link'}
          </button>
        </form>
        <p className="auth-switch">
          No account yet? <Link to="/signup">Join Free</Link> · <Link to="/login">Back to Sign In</Link>
        </p>
      </section>
      <Modal open={outcome !== null} title={outcome?.title ?? ''} tone={outcome?.tone} onClose={() => setOutcome(null)}>
        <p>{outcome?.message}</p>
      </Modal>
    </div>
  );
}
