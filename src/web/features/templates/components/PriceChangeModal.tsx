import { useId, useState } from 'react';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { belowMinimumCharge, CARD_MINIMUM_CHARGE, formatMoney, toMinorUnits } from '@domain/commerce/money.js';
import { newPriceSchema, parsePriceText, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { requestPriceChange } from '../api.js';

interface PriceChangeModalProps {
  open: boolean;
  resourceId: string;
  resourceTitle: string;
  onClose: () => void;
}

/** Price edits go to an admin as a request (spec 2.2): a new price above 0 and at most the maximum. */
export function PriceChangeModal({ open, resourceId, resourceTitle, onClose }: PriceChangeModalProps) {
  const inputId = useId();
  const [newPrice, setNewPrice] = useState('');
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  function close() {
    setNewPrice('');
    setProblem(null);
    onClose();
  }

  const typed = newPriceSchema.safeParse(parsePriceText(newPrice));
  // As on the create form: a price cards cannot pay is allowed, and its buyers pay with PayPal.
  const payPalOnly = typed.success && belowMinimumCharge(toMinorUnits(typed.data));

  async function submit() {
    const parsed = newPriceSchema.safeParse(parsePriceText(newPrice));
    if (!parsed.success) return setProblem({ title: TEMPLATE_MESSAGES.invalidPriceTitle, message: parsed.error.issues[0]?.message ?? TEMPLATE_MESSAGES.invalidPrice });
    setSending(true);
    try {
      const answer = await requestPriceChange(resourceId, resourceTitle, parsed.data);
      showToast('success', answer.message || TEMPLATE_MESSAGES.priceChangeRequested);
      close();
    } catch (error) {
      setProblem({ title: 'Error', message: error instanceof Error ? error.message : 'There was an issue submitting the request. Please try again later.' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Request a price change"
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" form={`${inputId}-form`} className="button button--primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send request'}
          </button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="muted">An admin reviews price changes. Prices go up to ${TEMPLATE_LIMITS.maxPrice}.</p>
        <label className="form-field__label" htmlFor={inputId}>
          New price (USD)
        </label>
        <input
          id={inputId}
          className="form-field__input"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={newPrice}
          aria-invalid={problem !== null || undefined}
          onChange={(event) => {
            setNewPrice(event.target.value);
            setProblem(null);
          }}
        />
        {payPalOnly && problem === null && <p className="form-field__hint">{COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE))}</p>}
        {problem && (
          <div className="form-alert form-alert--danger price-change__problem" role="alert">
            <strong>{problem.title}</strong>: {problem.message}
          </div>
        )}
      </form>
    </Modal>
  );
}
