import { useState, type FormEvent } from 'react';

import { ACCOUNT_MESSAGES, passwordProblem } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { ApiError } from '@/lib/api-client.js';
import { logout } from '@/lib/session.js';
import { changePassword } from '../api.js';
import { LOGIN_AFTER_PASSWORD_CHANGE_PATH } from '../login-flow.js';

import { FormField } from '@/components/ui/FormField.js';
import { NewPasswordFields } from './NewPasswordFields.js';

/**
 * Current, new and retyped password (spec section 4): Save is enabled once all are filled, the new one is valid,
 * differs from the current one and matches the retype. Every session ends, so the person logs in again.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [retyped, setRetyped] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const nextProblem = next === '' ? null : (passwordProblem(next) ?? (next === current ? ACCOUNT_MESSAGES.passwordMustDiffer : null));
  const mismatch = retyped !== '' && retyped !== next;
  const canSave = current !== '' && next !== '' && retyped !== '' && nextProblem === null && !mismatch && !saving;

  function close() {
    setCurrent('');
    setNext('');
    setRetyped('');
    setFailure(null);
    onClose();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    setFailure(null);
    try {
      await changePassword({ cp: current, np: next, npv: retyped });
      await logout(LOGIN_AFTER_PASSWORD_CHANGE_PATH);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
      setSaving(false);
    }
  }

  return (
    <Modal open={open} title="Change password" onClose={close} actions={<></>}>
      <form className="account-form" onSubmit={(event) => void save(event)} noValidate>
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
        {failure && (
          <p className="form-alert form-alert--danger" role="alert">
            {failure}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!canSave} aria-busy={saving}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
