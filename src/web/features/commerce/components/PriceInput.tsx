import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { COMMERCE_MESSAGES } from '@domain/commerce/messages.js';
import { belowMinimumCharge, CARD_MINIMUM_CHARGE, formatMoney, toMinorUnits } from '@domain/commerce/money.js';
import { priceCentsProblem, TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { fetchPayoutAccountStatus } from '../api.js';

/**
 * The create form's price (browse-search-accounts.md 5, Number input): usable only with a payout
 * account whose charges are enabled ('Activate your store to begin selling' otherwise); non-numeric
 * input becomes empty, a negative number 0, above 249 says 'Max allowed is 249$', and fractions of a cent say why they are refused.
 * A price below the card minimum is allowed, but its buyers can pay with PayPal only: the hint says so.
 * Without charges a click on the field leads to the Payments tab (spec 4: the create form's unsaved-changes modal asks first).
 */
export function PriceInput({
  id,
  userId,
  value,
  onChange,
  paymentsPath,
}: {
  id: string;
  userId: string;
  value: number;
  onChange: (price: number) => void;
  paymentsPath: string;
}) {
  const [chargesEnabled, setChargesEnabled] = useState<boolean | null>(null);
  const [text, setText] = useState(value > 0 ? String(value) : '');
  const navigate = useNavigate();
  const locked = chargesEnabled === false;

  useEffect(() => {
    const controller = new AbortController();
    fetchPayoutAccountStatus(userId, controller.signal).then(
      (status) => setChargesEnabled(status.charges_enabled),
      () => !controller.signal.aborted && setChargesEnabled(false),
    );
    return () => controller.abort();
  }, [userId]);

  function change(raw: string) {
    const number = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(number)) {
      setText('');
      return onChange(0);
    }
    const price = Math.max(0, number);
    setText(number < 0 ? '0' : raw);
    onChange(price);
  }

  const tooHigh = value > TEMPLATE_LIMITS.maxPrice;
  // The shared rule's words, at once: the create form refuses such a price too (0.001 used to become free).
  const problem = tooHigh ? COMMERCE_MESSAGES.priceInputMax : priceCentsProblem(value);
  const payPalOnly = problem === null && value > 0 && belowMinimumCharge(toMinorUnits(value));
  return (
    <>
      <input
        id={id}
        className="form-field__input"
        type="number"
        inputMode="decimal"
        min={0}
        max={TEMPLATE_LIMITS.maxPrice}
        step="0.01"
        placeholder="0 (free)"
        value={text}
        // Read-only rather than disabled when locked: a disabled field takes no click, and this one's click leads somewhere.
        disabled={chargesEnabled === null}
        readOnly={locked}
        aria-disabled={locked || undefined}
        onClick={locked ? () => void navigate(paymentsPath) : undefined}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.value)}
      />
      <p
        id={`${id}-hint`}
        className={problem !== null ? 'form-field__message form-field__message--error' : 'form-field__hint'}
        role={problem !== null ? 'alert' : undefined}
      >
        {problem !== null ? (
          problem
        ) : chargesEnabled === false ? (
          <>
            {COMMERCE_MESSAGES.activateStore}: <Link to={paymentsPath}>connect a payout account</Link>.
          </>
        ) : payPalOnly ? (
          COMMERCE_MESSAGES.belowCardMinimumHint(formatMoney(CARD_MINIMUM_CHARGE))
        ) : (
          chargesEnabled === true && 'In US dollars; leave it at 0 to share the template for free.'
        )}
      </p>
    </>
  );
}
