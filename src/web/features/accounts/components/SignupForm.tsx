import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';

import { ACCOUNT_MESSAGES, emailProblem, passwordProblem, usernameProblem } from '@domain/accounts/rules.js';
import { checkEmailAvailability, checkUsernameAvailability, requestEmailVerification, signUp } from '../api.js';
import { describeSignupFailure } from '../login-flow.js';
import { linkedWords } from '@/lib/linked-words.js';
import { onboardingPathFor } from '@/lib/return-paths.js';
import { useAvailabilityCheck, type AvailabilityState } from '../use-availability-check.js';
import { setWelcomeModalFlag } from '../welcome-flag.js';

import { EmailField } from './EmailField.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';

export function contactUsForReservedPath(username: string): string {
  return `/contact-us?${new URLSearchParams({ forwardedFromReserved: 'true', reservedUsername: username }).toString()}`;
}

function availabilityMessage(check: AvailabilityState): FieldMessage | null {
  if (check.status === 'checking') return { tone: 'info', content: 'Checking…' };
  if (check.status === 'failed') return { tone: 'error', content: ACCOUNT_MESSAGES.profileUsernameCheckFailed };
  if (check.status !== 'answered') return null;
  const { answer } = check;
  if (answer.available) return { tone: 'success', content: answer.message };
  if (answer.reserved) {
    // The message's own "contact us" is the link to the contact form, prefilled for this name.
    const parts = linkedWords(answer.message, ACCOUNT_MESSAGES.reservedHelpLink);
    if (parts) {
      const content = (
        <>
          {parts.before}
          <Link to={contactUsForReservedPath(check.value)}>{parts.words}</Link>
          {parts.after}
        </>
      );
      return { tone: 'error', content };
    }
  }
  return { tone: 'error', content: answer.message };
}

function isAvailable(check: AvailabilityState, value: string): boolean {
  return check.status === 'answered' && check.value === value && check.answer.available;
}

/**
 * The Join Free form (spec sections 2, 4 and 5), on /signup and in the register modal.
 * After sign-up the person is signed in, a verification e-mail is requested and they go to /onboarding,
 * which sends them on to `returnTo` (a path on this site: where they were when they chose to join).
 */
export function SignupForm({ guardUnsavedChanges, returnTo }: { guardUnsavedChanges: boolean; returnTo?: string | null }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const termsId = useId();

  const usernameRuleProblem = username === '' ? null : usernameProblem(username);
  const usernameCheck = useAvailabilityCheck(username, username !== '' && usernameRuleProblem === null, checkUsernameAvailability);
  const emailRuleProblem = email === '' ? null : emailProblem(email.trim());
  const emailCheck = useAvailabilityCheck(email.trim(), email !== '' && emailRuleProblem === null, checkEmailAvailability);
  const passwordRuleProblem = password === '' ? null : passwordProblem(password);

  const usernameMessage: FieldMessage | null = usernameRuleProblem
    ? { tone: 'error', content: usernameRuleProblem }
    : availabilityMessage(usernameCheck);
  const emailMessage: FieldMessage | null =
    emailRuleProblem && emailTouched
      ? { tone: 'error', content: emailRuleProblem }
      : emailCheck.status === 'answered' && !emailCheck.answer.available
        ? { tone: 'error', content: emailCheck.answer.message || ACCOUNT_MESSAGES.emailTaken }
        : null;

  const complete = username !== '' && email !== '' && password !== '' && agreed;
  const valid = usernameRuleProblem === null && emailRuleProblem === null && passwordRuleProblem === null;
  const canSubmit = complete && valid && isAvailable(usernameCheck, username) && isAvailable(emailCheck, email.trim()) && !submitting;
  const dirty = !signedUp && (username !== '' || email !== '' || password !== '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await signUp({ username, email: email.trim(), password });
      if (!answer.token && !answer.user) throw new Error(ACCOUNT_MESSAGES.signupNoToken);
    } catch (error) {
      setFailure(describeSignupFailure(error));
      setSubmitting(false);
      return;
    }
    // The verification request's failure is only logged (spec section 4, Sign-up).
    await requestEmailVerification().catch((error: unknown) => console.error('Could not request the verification e-mail', error));
    setWelcomeModalFlag();
    // Switch the leave warning off before the full-page navigation that loads the signed-in app.
    flushSync(() => setSignedUp(true));
    window.location.assign(onboardingPathFor(returnTo));
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      {guardUnsavedChanges && <UnsavedChangesGuard dirty={dirty} />}
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={username}
        onValueChange={setUsername}
        hint={ACCOUNT_MESSAGES.usernameHint}
        message={usernameMessage}
        maxLength={64}
      />
      <EmailField value={email} onValueChange={setEmail} message={emailMessage} onBlur={() => setEmailTouched(true)} />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
        message={passwordRuleProblem ? { tone: 'error', content: passwordRuleProblem } : null}
        maxLength={256}
      />
      <div className="checkbox-field">
        <input id={termsId} type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <label htmlFor={termsId}>
          I agree to the{' '}
          <Link to="/terms-of-service" target="_blank">
            terms of service
          </Link>
        </label>
      </div>
      {failure && (
        <p className="form-alert form-alert--danger" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary account-form__submit" disabled={!canSubmit} aria-busy={submitting}>
        {submitting ? 'Joining…' : 'Join for Free'}
      </button>
    </form>
  );
}
