import { useId, useState } from 'react';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { belowMinimumCharge, CARD_MINIMUM_CHARGE, formatMoney, toMinorUnits } from '@domain/commerce/money.js';
import { newPriceSchema, parsePriceText, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { showToast } from '@/components/ui/toasts.js';
import { useSubmission } from '@/lib/use-submission.js';
import { requestPriceChange } from '../api.js';

interface PriceChangeModalProps {
  open: boolean;
  resourceId: string;
  resourceTitle: string;
  onClose: () => void;
}

const requestFailure = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'There was an issue submitting the request. Please try again later.';

/** Price edits go to an admin as a request (spec 2.2): a new price above 0 and at most the maximum. */
export function PriceChangeModal({ open, resourceId, resourceTitle, onClose }: PriceChangeModalProps) {
  const inputId = useId();
  const [newPrice, setNewPrice] = useState('');
  const [invalid, setInvalid] = useState<{ title: string; message: string } | null>(null);
  const submission = useSubmission(requestFailure);
  const problem = invalid ?? (submission.error === null ? null : { title: 'Error', message: submission.error });

  function close() {
    setNewPrice('');
    setInvalid(null);
    submission.reset();
    onClose();
  }

  const typed = newPriceSchema.safeParse(parsePriceText(newPrice));
  // As on the create form: a price cards cannot pay is allowed, and its buyers pay with PayPal.
  const payPalOnly = typed.success && belowMinimumCharge(toMinorUnits(typed.data));

  async function submit() {
    const parsed = newPriceSchema.safeParse(parsePriceText(newPrice));
    if (!parsed.success)
      return setInvalid({
        title: TEMPLATE_MESSAGES.invalidPriceTitle,
        message: parsed.error.issues[0]?.message ?? TEMPLATE_MESSAGES.invalidPrice,
      });
    const outcome = await submission.submit(() => requestPriceChange(resourceId, resourceTitle, parsed.data));
    if (outcome?.ok) {
      showToast('success', outcome.answer.message || TEMPLATE_MESSAGES.priceChangeRequested);
      close();
    }
  }

  return (
    <ModalForm
      open={open}
      title="Request a price change"
      onClose={close}
      onSubmit={() => void submit()}
      submitLabel="Send request"
      pending={submission.pending}
      error={
        problem && (
          <>
            <strong>{problem.title}</strong>: {problem.message}
          </>
        )
      }
    >
      <p className="muted">
        An admin reviews price changes. Prices go up to ${TEMPLATE_LIMITS.maxPrice}. A paid price is approved once your payout account takes
        charges (Payments tab of your account).
      </p>
      <div className="form-field">
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
            setInvalid(null);
            submission.reset();
          }}
        />
        {payPalOnly && problem === null && (
          <p className="form-field__hint">{COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE))}</p>
        )}
      </div>
    </ModalForm>
  );
}
