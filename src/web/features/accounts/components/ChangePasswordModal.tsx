import { useState } from 'react';

import { ACCOUNT_MESSAGES, passwordProblem } from '@domain/accounts/rules.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { ApiError } from '@/lib/api-client.js';
import { logout } from '@/lib/session.js';
import { useSubmission } from '@/lib/use-submission.js';
import { changePassword } from '../api.js';
import { LOGIN_AFTER_PASSWORD_CHANGE_PATH } from '../login-flow.js';

import { FormField } from '@/components/ui/FormField.js';
import { NewPasswordFields } from './NewPasswordFields.js';

const changeFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : ACCOUNT_MESSAGES.unexpected);

/**
 * Current, new and retyped password (spec section 4): Save is enabled once all are filled, the new one is valid,
 * differs from the current one and matches the retype. Every session ends, so the person logs in again.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [retyped, setRetyped] = useState('');
  const submission = useSubmission(changeFailure);

  const nextProblem = next === '' ? null : (passwordProblem(next) ?? (next === current ? ACCOUNT_MESSAGES.passwordMustDiffer : null));
  const mismatch = retyped !== '' && retyped !== next;
  // Once changed the page is on its way to the login page: the button stays off until it leaves.
  const canSave = current !== '' && next !== '' && retyped !== '' && nextProblem === null && !mismatch && submission.status !== 'done';

  function close() {
    setCurrent('');
    setNext('');
    setRetyped('');
    submission.reset();
    onClose();
  }

  function save() {
    if (!canSave) return;
    void submission.submit(async () => {
      await changePassword({ cp: current, np: next, npv: retyped });
      await logout(LOGIN_AFTER_PASSWORD_CHANGE_PATH);
    });
  }

  return (
    <ModalForm
      open={open}
      title="Change password"
      onClose={close}
      onSubmit={save}
      submitLabel="Save"
      pending={submission.pending}
      submitDisabled={!canSave}
      error={submission.error}
    >
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onValueChange={setCurrent}
        maxLength={1024}
      />
      <NewPasswordFields
        password={next}
        onPasswordChange={setNext}
        retyped={retyped}
        onRetypedChange={setRetyped}
        problem={nextProblem}
        labels={{ password: 'New password', retyped: 'Retype new password' }}
      />
    </ModalForm>
  );
}
