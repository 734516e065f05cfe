import { useState, type FormEvent } from 'react';

import { ACCOUNT_MESSAGES, VERIFICATION_CODE } from '@domain/accounts/rules.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { generateOtp, verifyOtp } from '../api.js';

import { FormField, type FieldMessage } from '@/components/ui/FormField.js';

type Step = 'idle' | 'requesting' | 'entering' | 'checking';

/**
 * Verification by one-time code (spec section 4): Verify mails a code, the person types it in.
 * A wrong code shows the attempts left; at none left, 'Please Try Again' and the input is cleared and closed.
 */
export function VerificationBlock() {
  const [step, setStep] = useState<Step>('idle');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<FieldMessage | null>(null);

  async function requestCode() {
    setStep('requesting');
    setMessage(null);
    try {
      const answer = await generateOtp();
      setMessage({ tone: 'info', content: answer.message || ACCOUNT_MESSAGES.otpSent });
      setStep('entering');
    } catch (error) {
      setMessage({ tone: 'error', content: error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected });
      setStep('idle');
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE.digits) return;
    setStep('checking');
    try {
      const answer = await verifyOtp(code);
      if (answer.verified) {
        showToast('success', 'Your account is verified.');
        await refreshSession();
        return;
      }
      const exhausted = answer.attempts === 0 || answer.message === ACCOUNT_MESSAGES.otpTryAgain;
      if (exhausted || answer.message === ACCOUNT_MESSAGES.otpExpired) {
        setCode('');
        setStep('idle');
        setMessage({ tone: 'error', content: exhausted ? ACCOUNT_MESSAGES.otpTryAgain : answer.message });
        return;
      }
      setMessage({ tone: 'error', content: answer.message ?? ACCOUNT_MESSAGES.otpIncorrect(answer.attempts ?? 0) });
      setStep('entering');
    } catch (error) {
      setMessage({ tone: 'error', content: error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected });
      setStep('entering');
    }
  }

  const inputOpen = step === 'entering' || step === 'checking';
  return (
    <section className="verification-block" aria-labelledby="verification-heading">
      <h2 id="verification-heading" className="verification-block__title">
        {ACCOUNT_MESSAGES.verifyTitle}
      </h2>
      <p>{ACCOUNT_MESSAGES.verifyAccountPrompt}</p>
      {inputOpen ? (
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
            <button type="submit" className="button button--primary" disabled={code.length !== VERIFICATION_CODE.digits || step === 'checking'} aria-busy={step === 'checking'}>
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
          <button type="button" className="button button--primary" onClick={() => void requestCode()} disabled={step === 'requesting'} aria-busy={step === 'requesting'}>
            {step === 'requesting' ? 'Sending…' : 'Verify'}
          </button>
        </>
      )}
    </section>
  );
}
