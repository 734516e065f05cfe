import { useId, useState } from 'react';

import { ModalForm } from '@/components/ui/ModalForm.js';
import { ADMIN_KEYWORD_SLOTS } from '@domain/templates/admin-edit.js';
import { parsePriceText, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { editResourceAsAdmin, type AdminResource } from '../admin-api.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { useSubmission } from '@/lib/use-submission.js';

const updateFailure = (failure: unknown) =>
  failure instanceof Error && failure.message ? `${TEMPLATE_MESSAGES.updateFailed}: ${failure.message}` : TEMPLATE_MESSAGES.updateFailed;

/** Resource management's edit: short and long descriptions, 3 keyword slots and a new price (spec: Resource edit). */
export function AdminEditModal({
  resource,
  onSaved,
  onClose,
}: {
  resource: AdminResource;
  onSaved: (change: Partial<AdminResource>) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [short, setShort] = useState(resource.description.short);
  const [long, setLong] = useState(resource.description.long);
  const [keywords, setKeywords] = useState(() => Array.from({ length: ADMIN_KEYWORD_SLOTS }, (_, index) => resource.keywords[index] ?? ''));
  const [newPrice, setNewPrice] = useState('');
  const submission = useSubmission(updateFailure);

  async function save() {
    // Spec: empty tags are dropped.
    const kept = keywords.map((keyword) => keyword.trim()).filter((keyword) => keyword !== '');
    const outcome = await submission.submit(() =>
      editResourceAsAdmin(resource._id, {
        description: { short, long },
        keywords: kept,
        ...(newPrice.trim() === '' ? {} : { newPrice: newPrice.trim() }),
      }),
    );
    if (!outcome?.ok) return;
    onSaved({
      description: { short, long },
      keywords: kept.map((keyword) => keyword.toLowerCase()),
      ...(newPrice.trim() === '' ? {} : { price: parsePriceText(newPrice) }),
    });
    window.alert(TEMPLATE_MESSAGES.updated);
  }

  return (
    <ModalForm
      open
      title={`Edit “${resource.title}”`}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel="Save"
      pending={submission.pending}
      error={submission.error}
      className="admin-edit-modal"
    >
      <label htmlFor={`${id}-short`}>Short description</label>
      <textarea
        id={`${id}-short`}
        className="form-field__input"
        rows={2}
        value={short}
        onChange={(event) => setShort(event.target.value)}
      />
      <label htmlFor={`${id}-long`}>Long description</label>
      <textarea id={`${id}-long`} className="form-field__input" rows={5} value={long} onChange={(event) => setLong(event.target.value)} />
      <fieldset className="admin-edit__keywords">
        <legend>Keywords</legend>
        {keywords.map((keyword, index) => (
          <input
            key={index}
            className="form-field__input"
            aria-label={`Keyword ${index + 1}`}
            value={keyword}
            onChange={keepingAtMost(TEMPLATE_LIMITS.tagLength, (typed) =>
              setKeywords((current) => current.map((value, slot) => (slot === index ? typed : value))),
            )}
          />
        ))}
      </fieldset>
      <label htmlFor={`${id}-price`}>New price (now ${resource.price.toFixed(2)})</label>
      <input
        id={`${id}-price`}
        className="form-field__input"
        inputMode="decimal"
        value={newPrice}
        placeholder="Empty keeps it; 0 makes it free"
        onChange={(event) => setNewPrice(event.target.value)}
      />
    </ModalForm>
  );
}
