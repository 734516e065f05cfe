import { useState } from 'react';

import { STATUS } from '@domain/templates/lifecycle.js';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { FormField } from '@/components/ui/FormField.js';
import { HistoryPanel } from '../HistoryPanel.js';
import type { AdminResource } from '../admin-api.js';

interface DenyModalProps {
  resource: AdminResource;
  /** The decision is on its way. The row's actions send it (the row waits too, a 409 reloads the list), so they own its state. */
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

  function submit() {
    if (reason.trim() === '') {
      setBlank(true);
      return;
    }
    onDeny(reason);
  }

  return (
    <ModalForm
      open
      title={`Deny “${resource.title}”`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Deny"
      submitTone="danger"
      pending={busy}
      error={error}
    >
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
    </ModalForm>
  );
}

export function HistoryModal({ resource, onClose }: { resource: AdminResource; onClose: () => void }) {
  return (
    <Modal open title={`History of “${resource.title}”`} onClose={onClose} className="history-modal">
      <HistoryPanel resourceId={resource._id} titleUrl={resource.titleUrl} />
    </Modal>
  );
}
