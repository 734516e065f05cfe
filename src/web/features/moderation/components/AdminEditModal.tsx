import { useId, useState, type FormEvent } from 'react';

import { Modal } from '@/components/ui/Modal.js';
import { ADMIN_KEYWORD_SLOTS } from '@domain/templates/admin-edit.js';
import { parsePriceText, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { editResourceAsAdmin, type AdminResource } from '../admin-api.js';
import { keepingAtMost } from '@/lib/character-limit.js';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // Spec: empty tags are dropped.
    const kept = keywords.map((keyword) => keyword.trim()).filter((keyword) => keyword !== '');
    try {
      await editResourceAsAdmin(resource._id, {
        description: { short, long },
        keywords: kept,
        ...(newPrice.trim() === '' ? {} : { newPrice: newPrice.trim() }),
      });
      onSaved({
        description: { short, long },
        keywords: kept.map((keyword) => keyword.toLowerCase()),
        ...(newPrice.trim() === '' ? {} : { price: parsePriceText(newPrice) }),
      });
      window.alert(TEMPLATE_MESSAGES.updated);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message
          ? `${TEMPLATE_MESSAGES.updateFailed}: ${failure.message}`
          : TEMPLATE_MESSAGES.updateFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={`Edit “${resource.title}”`} onClose={onClose} className="admin-edit-modal">
      <form className="admin-edit" onSubmit={save}>
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
        {error !== null && (
          <p className="form-alert form-alert--danger" role="alert">
            {error}
          </p>
        )}
        <div className="admin-edit__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
