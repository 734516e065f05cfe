import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { characterCount } from '@domain/shared/characters.js';
import { keepingAtMost } from '@/lib/character-limit.js';

export type FieldMessageTone = 'error' | 'success' | 'info';

export interface FieldMessage {
  tone: FieldMessageTone;
  content: ReactNode;
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Always shown under the field (format rules). */
  hint?: ReactNode;
  /** The live result of checking the value; an error marks the field invalid. */
  message?: FieldMessage | null;
  /** The most characters the field keeps (counted as the shared rules count them: an emoji is one). */
  maxLength?: number;
  /** Shows 'n / max' under the field. */
  showCounter?: boolean;
  /** Rendered after the input inside the field (suggestion lists). */
  children?: ReactNode;
  multiline?: boolean;
}

/** A labelled input whose hint and live message are tied to it with aria-describedby. */
export function FormField({
  label,
  value,
  onValueChange,
  hint,
  message,
  showCounter,
  children,
  multiline,
  className,
  maxLength,
  ...inputProps
}: FormFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const messageId = `${inputId}-message`;
  const counterId = `${inputId}-counter`;
  // A rule broken shows the rule as the error (the username's format): said once, not twice in a row.
  const shownHint = message?.content === hint ? null : hint;
  const describedBy =
    [shownHint ? hintId : null, message ? messageId : null, showCounter ? counterId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id: inputId,
    className: 'form-field__input',
    value,
    'aria-describedby': describedBy,
    'aria-invalid': message?.tone === 'error' ? true : undefined,
    onChange:
      maxLength === undefined
        ? (event: { target: { value: string } }) => onValueChange(event.target.value)
        : keepingAtMost(maxLength, onValueChange),
  };

  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} name={inputProps.name} required={inputProps.required} rows={4} />
      ) : (
        <input {...inputProps} {...shared} />
      )}
      {children}
      {shownHint && (
        <p id={hintId} className="form-field__hint">
          {shownHint}
        </p>
      )}
      {message && (
        <p
          id={messageId}
          className={`form-field__message form-field__message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.content}
        </p>
      )}
      {showCounter && maxLength !== undefined && (
        <p id={counterId} className="form-field__counter">
          {characterCount(value)} / {maxLength}
        </p>
      )}
    </div>
  );
}
