import { useId, useState, type KeyboardEvent } from 'react';

import { keywordLabel } from '@domain/catalogue/presentation.js';
import { clipToCharacters } from '@domain/shared/characters.js';
import { TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { addTags, keywordCounter, removeTag } from '../template-form.js';

interface TagInputProps {
  /** The type and platform tags: shown first, never deletable, not counted. */
  lockedTags: readonly string[];
  tags: readonly string[];
  onTagsChange: (tags: string[]) => void;
}

/** Keywords entered with Enter or a comma: lower-cased, trimmed, deduplicated, at most TEMPLATE_LIMITS.tags. */
export function TagInput({ lockedTags, tags, onTagsChange }: TagInputProps) {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [limitReached, setLimitReached] = useState(false);

  function commit(typed: string) {
    const result = addTags(tags, typed, lockedTags);
    setLimitReached(result.refused);
    if (result.tags.length !== tags.length) onTagsChange(result.tags);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onTagsChange(tags.slice(0, -1));
      setLimitReached(false);
    }
  }

  return (
    <div className="form-field template-tags">
      <label className="form-field__label" htmlFor={inputId}>
        Keywords
      </label>
      <div className="template-tags__box">
        <ul className="template-tags__list" aria-label="Tags">
          {lockedTags.map((tag) => (
            <li key={`locked-${tag}`} className="template-tags__tag template-tags__tag--locked" title="Set by the type and app">
              {keywordLabel(tag)}
            </li>
          ))}
          {tags.map((tag) => (
            <li key={tag} className="template-tags__tag">
              {tag}
              <button
                type="button"
                className="template-tags__remove"
                aria-label={`Remove keyword ${tag}`}
                onClick={() => {
                  onTagsChange(removeTag(tags, tag));
                  setLimitReached(false);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          className="template-tags__input"
          value={draft}
          placeholder={tags.length >= TEMPLATE_LIMITS.tags ? '' : 'Type a keyword, then Enter or comma'}
          aria-describedby={`${inputId}-counter`}
          onChange={(event) => {
            const value = clipToCharacters(event.target.value, TEMPLATE_LIMITS.tagLength + 1);
            if (value.includes(',')) commit(value);
            else setDraft(value);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            if (draft.trim() !== '') commit(draft);
          }}
        />
      </div>
      <p id={`${inputId}-counter`} className="form-field__counter" aria-live="polite">
        {keywordCounter(tags.length)}
        {limitReached && <span className="template-tags__limit"> — at most {TEMPLATE_LIMITS.tags} keywords</span>}
      </p>
    </div>
  );
}
