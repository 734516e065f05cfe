import { useState, type FormEvent } from 'react';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { ApiError } from '@/lib/api-client.js';
import { ACCOUNT_DELETED_PATH } from '@/lib/paths.js';
import { logout } from '@/lib/session.js';
import { deleteAccount } from '../api.js';

import { FormField } from '@/components/ui/FormField.js';

const CONFIRMATION_WORD = 'DELETE';

/** Erases the account after the person types DELETE (and their password, when they have one); then they are logged out. */
export function DeleteAccountModal({ open, onClose, hasPassword }: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canDelete = confirmation === CONFIRMATION_WORD && (!hasPassword || password !== '') && !deleting;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canDelete) return;
    setDeleting(true);
    setFailure(null);
    try {
      await deleteAccount(hasPassword ? password : undefined);
      await logout(ACCOUNT_DELETED_PATH);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
      setDeleting(false);
    }
  }

  return (
    <Modal open={open} title={ACCOUNT_MESSAGES.deleteAccountTitle} tone="danger" onClose={onClose} actions={<></>}>
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
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
        {failure && (
          <p className="form-alert form-alert--danger" role="alert">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={!canDelete} aria-busy={deleting}>
            Delete my account
          </button>
        </div>
      </form>
    </Modal>
  );
}
