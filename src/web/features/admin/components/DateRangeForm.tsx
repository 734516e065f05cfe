import { useId, useState, type FormEvent } from 'react';
import { dayOf } from '@domain/analytics/periods.js';
import type { DateRange } from '../analytics-api.js';

/**
 * From and to dates (both optional) applied together with one button. Reports are whole UTC days up
 * to today: a later date is refused here, as the browser's own message says, rather than by the server.
 */
export function DateRangeForm({ label, onApply }: { label: string; onApply: (range: DateRange) => void }) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const today = dayOf(new Date());
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  }
  return (
    <form className="admin-list__controls" aria-label={label} onSubmit={submit}>
      <label className="admin-list__control" htmlFor={`${id}-from`}>
        From
        <input
          className="form-field__input"
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || today}
          onChange={(event) => setFrom(event.target.value)}
        />
      </label>
      <label className="admin-list__control" htmlFor={`${id}-to`}>
        To
        <input
          className="form-field__input"
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          max={today}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--secondary">
        Apply
      </button>
    </form>
  );
}
