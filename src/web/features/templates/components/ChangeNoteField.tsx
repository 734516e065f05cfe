import { useId } from 'react';

import { characterCount } from '@domain/shared/characters.js';
import { CHANGE_NOTE_MAX } from '@domain/templates/versions.js';
import { changeNoteProblems } from '../template-form.js';

/**
 * "What changed (optional)" on an approved post's edit: the note the changelog and the buyers' e-mail
 * show. Not clipped at the limit like the content fields: a pasted note stays whole, and the rule's
 * message says what to shorten.
 */
export function ChangeNoteField({ value, onValueChange }: { value: string; onValueChange: (note: string) => void }) {
  const fieldId = useId();
  const problem = changeNoteProblems(value)[0];
  return (
    <div className="form-field change-note">
      <label className="form-field__label" htmlFor={fieldId}>
        What changed (optional)
      </label>
      <textarea
        id={fieldId}
        name="changeNote"
        className="form-field__input"
        rows={3}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${fieldId}-hint ${problem ? `${fieldId}-message ` : ''}${fieldId}-counter`}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <p id={`${fieldId}-hint`} className="form-field__hint">
        Shown in the post&rsquo;s changelog and in the notice its buyers get once the edit is approved.
      </p>
      {problem && (
        <p id={`${fieldId}-message`} className="form-field__message form-field__message--error" role="alert">
          {problem.message}
        </p>
      )}
      <p id={`${fieldId}-counter`} className={`form-field__counter${problem ? ' change-note__counter--over' : ''}`}>
        {characterCount(value)} / {CHANGE_NOTE_MAX}
      </p>
    </div>
  );
}
