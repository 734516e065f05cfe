import { useState, type FormEvent } from 'react';

import { MEMBER_MESSAGE_TEXTS, OUTREACH_LIMITS } from '@domain/outreach/rules.js';
import { memberMessageSchema } from '@domain/outreach/schemas.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { sendMemberMessage } from '../api.js';
import { FormField } from '@/components/ui/FormField.js';

/** A message to the member whose profile this is, e-mailed to them with the sender's address to answer to. */
export function MemberMessageModal({ username, onClose }: { username: string; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberMessageSchema.safeParse({ message });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    setServerProblem(null);
    setSending(true);
    try {
      const answer = await sendMemberMessage(username, parsed.data.message);
      showToast('success', answer.message);
      onClose();
    } catch (error) {
      // The text stays in the box, to send again or copy.
      setServerProblem(error instanceof ApiError ? error.message : MEMBER_MESSAGE_TEXTS.failed);
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={MEMBER_MESSAGE_TEXTS.title(username)}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="member-message-form" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <form id="member-message-form" className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <p>{MEMBER_MESSAGE_TEXTS.intro(username)}</p>
        <FormField
          label="Message"
          multiline
          value={message}
          onValueChange={(value) => {
            setMessage(value);
            setProblem(null);
          }}
          maxLength={OUTREACH_LIMITS.messageMax}
          showCounter
          message={problem === null ? null : { tone: 'error', content: problem }}
        />
        {serverProblem !== null && (
          <p className="form-alert form-alert--danger" role="alert">
            {serverProblem}
          </p>
        )}
      </form>
    </Modal>
  );
}
