import { useState } from 'react';

import { MEMBER_MESSAGE_TEXTS, OUTREACH_LIMITS } from '@domain/outreach/rules.js';
import { memberMessageSchema } from '@domain/outreach/schemas.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { useSubmission } from '@/lib/use-submission.js';
import { sendMemberMessage } from '../api.js';
import { FormField } from '@/components/ui/FormField.js';

const messageFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : MEMBER_MESSAGE_TEXTS.failed);

/** A message to the member whose profile this is, e-mailed to them with the sender's address to answer to. */
export function MemberMessageModal({ username, onClose }: { username: string; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submission = useSubmission(messageFailure);

  async function submit() {
    const parsed = memberMessageSchema.safeParse({ message });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    // On a failure the text stays in the box, to send again or copy.
    const outcome = await submission.submit(() => sendMemberMessage(username, parsed.data.message));
    if (outcome?.ok) {
      showToast('success', outcome.answer.message);
      onClose();
    }
  }

  return (
    <ModalForm
      open
      title={MEMBER_MESSAGE_TEXTS.title(username)}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Send"
      pending={submission.pending}
      error={submission.error}
    >
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
    </ModalForm>
  );
}
