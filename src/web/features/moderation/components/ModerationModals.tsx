import { useState, type FormEvent } from 'react';

import { STATUS } from '@domain/templates/lifecycle.js';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { FormField } from '@/components/ui/FormField.js';
import { HistoryPanel } from '../HistoryPanel.js';
import type { AdminResource } from '../admin-api.js';

interface DenyModalProps {
  resource: AdminResource;
  busy: boolean;
  /** The server's refusal of the last attempt, shown in the modal. */
  error: string | null;
  onDeny: (reason: string) => void;
  onClose: () => void;
}

/** Deny needs a reason (checked here too); denying an edit warns that the post leaves the website. */
export function DenyModal({ resource, busy, error, onDeny, onClose }: DenyModalProps) {
  const [reason, setReason] = useState('');
  const [blank, setBlank] = useState(false);
  const formId = `deny-${resource._id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setBlank(true);
      return;
    }
    onDeny(reason);
  }

  return (
    <Modal
      open
      title={`Deny “${resource.title}”`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--danger" disabled={busy}>
            {busy ? 'Denying…' : 'Deny'}
          </button>
        </>
      }
    >
      <form id={formId} className="moderation-form" onSubmit={submit} noValidate>
        {resource.status === STATUS.underReviewEdit && (
          <p className="form-alert form-alert--danger" role="note">
            {TEMPLATE_MESSAGES.denyEditWarning}
          </p>
        )}
        <FormField
          label="Reason for denial"
          multiline
          required
          maxLength={TEMPLATE_LIMITS.reason}
          showCounter
          value={reason}
          onValueChange={(value) => {
            setReason(value);
            if (value.trim() !== '') setBlank(false);
          }}
          message={blank ? { tone: 'error', content: TEMPLATE_MESSAGES.denialBlank } : null}
        />
        {error !== null && (
          <p className="form-alert form-alert--danger" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

export function HistoryModal({ resource, onClose }: { resource: AdminResource; onClose: () => void }) {
  return (
    <Modal open title={`History of “${resource.title}”`} onClose={onClose} className="history-modal">
      <HistoryPanel resourceId={resource._id} />
    </Modal>
  );
}
