import { useState, type FormEvent } from 'react';

import { ACCOUNT_MESSAGES, VERIFICATION_CODE } from '@domain/accounts/rules.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { SENDING_LABEL, useSubmission } from '@/lib/use-submission.js';
import { refreshSession } from '@/lib/session.js';
import { generateOtp, verifyOtp } from '../api.js';

import { FormField, type FieldMessage } from '@/components/ui/FormField.js';

const otpFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : ACCOUNT_MESSAGES.unexpected);

/**
 * Verification by one-time code (spec section 4): Verify mails a code, the person types it in.
 * A wrong code shows the attempts left; at none left, 'Please Try Again' and the input is cleared and closed.
 */
export function VerificationBlock() {
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<FieldMessage | null>(null);
  const request = useSubmission(otpFailure);
  const check = useSubmission(otpFailure);

  async function requestCode() {
    setCodeSent(false);
    setMessage(null);
    const outcome = await request.submit(generateOtp);
    if (outcome === null) return;
    setMessage(
      outcome.ok
        ? { tone: 'info', content: outcome.answer.message || ACCOUNT_MESSAGES.otpSent }
        : { tone: 'error', content: otpFailure(outcome.failure) },
    );
    setCodeSent(outcome.ok);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE.digits) return;
    // A verified account waits for the session to say so, the button still busy.
    const outcome = await check.submit(async () => {
      const answer = await verifyOtp(code);
      if (answer.verified) {
        showToast('success', 'Your account is verified.');
        await refreshSession();
      }
      return answer;
    });
    if (outcome === null) return;
    if (!outcome.ok) return setMessage({ tone: 'error', content: otpFailure(outcome.failure) });
    const answer = outcome.answer;
    if (answer.verified) return;
    const exhausted = answer.attempts === 0 || answer.message === ACCOUNT_MESSAGES.otpTryAgain;
    if (exhausted || answer.message === ACCOUNT_MESSAGES.otpExpired) {
      setCode('');
      setCodeSent(false);
      setMessage({ tone: 'error', content: exhausted ? ACCOUNT_MESSAGES.otpTryAgain : answer.message });
      return;
    }
    setMessage({ tone: 'error', content: answer.message ?? ACCOUNT_MESSAGES.otpIncorrect(answer.attempts ?? 0) });
  }

  return (
    <section className="verification-block" aria-labelledby="verification-heading">
      <h2 id="verification-heading" className="verification-block__title">
        {ACCOUNT_MESSAGES.verifyTitle}
      </h2>
      <p>{ACCOUNT_MESSAGES.verifyAccountPrompt}</p>
      {codeSent ? (
        <form className="verification-block__form" onSubmit={(event) => void submitCode(event)} noValidate>
          <FormField
            label="Verification code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={VERIFICATION_CODE.digits}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/gu, '').slice(0, VERIFICATION_CODE.digits))}
            message={message}
          />
          <div className="verification-block__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={code.length !== VERIFICATION_CODE.digits || check.pending}
              aria-busy={check.pending}
            >
              Submit code
            </button>
            <button type="button" className="button button--ghost" onClick={() => void requestCode()}>
              Send a new code
            </button>
          </div>
        </form>
      ) : (
        <>
          {message && (
            <p className={`form-field__message form-field__message--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
              {message.content}
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={() => void requestCode()}
            disabled={request.pending}
            aria-busy={request.pending}
          >
            {request.pending ? SENDING_LABEL : 'Verify'}
          </button>
        </>
      )}
    </section>
  );
}
