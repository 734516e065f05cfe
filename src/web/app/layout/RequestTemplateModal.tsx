import { useState } from 'react';

import { APPS } from '@domain/catalogue/taxonomy.js';
import { OUTREACH_LIMITS, OUTREACH_MESSAGES } from '@domain/outreach/rules.js';
import { characterCount } from '@domain/shared/characters.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { showToast } from '@/components/ui/toasts.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { useSubmission } from '@/lib/use-submission.js';
import { closeModal } from '@/lib/client-state.js';

const requestFailure = (failure: unknown) => (failure instanceof ApiError ? failure.message : OUTREACH_MESSAGES.contactFailed);

/** Request a Template: what the person needs, sent to the makers' open requests. */
export default function RequestTemplateModal({ open }: { open: boolean }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [platform, setPlatform] = useState('');
  const submission = useSubmission(requestFailure);

  async function send() {
    const outcome = await submission.submit(() =>
      apiRequest<{ message: string }>('/requests', {
        method: 'POST',
        body: { title: title.trim() || undefined, description, platform: platform || undefined },
      }),
    );
    if (!outcome?.ok) return;
    showToast('success', outcome.answer.message);
    setTitle('');
    setDescription('');
    setPlatform('');
    submission.reset();
    closeModal();
  }

  return (
    <ModalForm
      open={open}
      title="Request a Template"
      onClose={closeModal}
      onSubmit={() => void send()}
      submitLabel="Send request"
      pending={submission.pending}
      submitDisabled={description.trim() === ''}
      error={submission.error}
    >
      <p className="muted">Tell the community what you're looking for. Makers see open requests and may build it for you.</p>
      <label className="field">
        <span className="field__label">Title (optional)</span>
        <input className="field__input" value={title} onChange={keepingAtMost(OUTREACH_LIMITS.requestTitleMax, setTitle)} />
      </label>
      <label className="field">
        <span className="field__label">App (optional)</span>
        <select className="field__input" value={platform} onChange={(event) => setPlatform(event.target.value)}>
          <option value="">Any app</option>
          {APPS.map((app) => (
            <option key={app.name} value={app.name}>
              {app.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">What do you need?</span>
        <textarea
          className="field__input"
          required
          rows={4}
          value={description}
          onChange={keepingAtMost(OUTREACH_LIMITS.requestDescriptionMax, setDescription)}
        />
        <span className="field__counter muted">
          {characterCount(description)}/{OUTREACH_LIMITS.requestDescriptionMax}
        </span>
      </label>
    </ModalForm>
  );
}
