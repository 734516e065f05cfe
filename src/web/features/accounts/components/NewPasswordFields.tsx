import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';

import { FormField } from '@/components/ui/FormField.js';

/** Longer than any acceptable password, so an over-long one still gets the rule's message. */
const NEW_PASSWORD_INPUT_MAX = ACCOUNT_LIMITS.passwordMax * 2;

/** A new password and its retype, with the rule's message under the first and 'Passwords Do Not Match' under the second. */
export function NewPasswordFields({
  password,
  onPasswordChange,
  retyped,
  onRetypedChange,
  problem,
  labels,
}: {
  password: string;
  onPasswordChange: (value: string) => void;
  retyped: string;
  onRetypedChange: (value: string) => void;
  /** The first rule the new password breaks, or null. */
  problem: string | null;
  labels: { password: string; retyped: string };
}) {
  const mismatch = retyped !== '' && retyped !== password;
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={onPasswordChange}
        message={problem ? { tone: 'error', content: problem } : null}
        maxLength={NEW_PASSWORD_INPUT_MAX}
      />
      <FormField
        label={labels.retyped}
        type="password"
        name="password-confirmation"
        autoComplete="new-password"
        required
        value={retyped}
        onValueChange={onRetypedChange}
        message={mismatch ? { tone: 'error', content: ACCOUNT_MESSAGES.passwordsDoNotMatch } : null}
        maxLength={NEW_PASSWORD_INPUT_MAX}
      />
    </>
  );
}
