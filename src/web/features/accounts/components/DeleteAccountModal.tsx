import { useState } from 'react';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { ApiError } from '@/lib/api-client.js';
import { ACCOUNT_DELETED_PATH } from '@/lib/paths.js';
import { logout } from '@/lib/session.js';
import { useSubmission } from '@/lib/use-submission.js';
import { deleteAccount } from '../api.js';

import { FormField } from '@/components/ui/FormField.js';

const CONFIRMATION_WORD = 'DELETE';

const deleteFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : ACCOUNT_MESSAGES.unexpected);

/** Erases the account after the person types DELETE (and their password, when they have one); then they are logged out. */
export function DeleteAccountModal({ open, onClose, hasPassword }: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission(deleteFailure);
  // Once deleted the page is on its way to the home page: the button stays off until it leaves.
  const canDelete = confirmation === CONFIRMATION_WORD && (!hasPassword || password !== '') && submission.status !== 'done';

  function submit() {
    if (!canDelete) return;
    void submission.submit(async () => {
      await deleteAccount(hasPassword ? password : undefined);
      await logout(ACCOUNT_DELETED_PATH);
    });
  }

  return (
    <ModalForm
      open={open}
      title={ACCOUNT_MESSAGES.deleteAccountTitle}
      titleTone="danger"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Delete my account"
      submitTone="danger"
      pending={submission.pending}
      submitDisabled={!canDelete}
      error={submission.error}
    >
      <p>{ACCOUNT_MESSAGES.deleteAccountWarning}</p>
      {hasPassword && (
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          maxLength={1024}
        />
      )}
      <FormField
        label={`Type ${CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        required
        value={confirmation}
        onValueChange={setConfirmation}
        maxLength={16}
      />
    </ModalForm>
  );
}
