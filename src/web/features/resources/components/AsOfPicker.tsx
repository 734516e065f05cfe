import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { AS_OF_MESSAGES, asOfProblem } from '@domain/shared/as-of.js';
import { localDateTimeValue } from '@/lib/date-time.js';
import { resourceAsOfPath } from '@/lib/paths.js';

/** "View as it was at…": a moment in the viewer's time zone, checked by the API's own rule, opens the post as of then. */
export function AsOfPicker({ titleUrl, initial }: { titleUrl: string; initial?: string }) {
  const navigate = useNavigate();
  const fieldId = useId();
  const [value, setValue] = useState(initial === undefined ? '' : localDateTimeValue(initial));
  const [problem, setProblem] = useState<string | null>(null);

  function open(event: FormEvent) {
    event.preventDefault();
    // A datetime-local value has no zone: the Date constructor reads it in the viewer's own.
    const found = value === '' ? AS_OF_MESSAGES.missing : asOfProblem(new Date(value), new Date());
    setProblem(found);
    if (found === null) void navigate(resourceAsOfPath(titleUrl, new Date(value).toISOString()));
  }

  return (
    <form className="as-of-picker" onSubmit={open} noValidate>
      <label htmlFor={fieldId}>View as it was at…</label>
      <div className="as-of-picker__row">
        <input
          id={fieldId}
          className="form-field__input"
          type="datetime-local"
          value={value}
          max={localDateTimeValue(new Date().toISOString())}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : `${fieldId}-problem`}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          View
        </button>
      </div>
      {problem !== null && (
        <p id={`${fieldId}-problem`} className="form-field__message form-field__message--error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
