import { useId, useState, type KeyboardEvent } from 'react';

import { emailDomainSuggestions } from '@domain/accounts/rules.js';

import { FormField, type FieldMessage } from '@/components/ui/FormField.js';

interface EmailFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  message: FieldMessage | null;
  onBlur: () => void;
}

/**
 * The e-mail field with domain completions (spec section 5): a combobox whose suggestions
 * are chosen with the arrow keys and Enter, or with the mouse.
 */
export function EmailField({ value, onValueChange, message, onBlur }: EmailFieldProps) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = focused && dismissedFor !== value ? emailDomainSuggestions(value) : [];
  const open = suggestions.length > 0;
  const activeOptionId = open && activeIndex >= 0 ? `${listId}-option-${activeIndex}` : undefined;

  function choose(suggestion: string) {
    onValueChange(suggestion);
    setDismissedFor(suggestion);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const suggestion = suggestions[activeIndex];
      if (suggestion !== undefined) choose(suggestion);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedFor(value);
    }
  }

  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setActiveIndex(-1);
      }}
      message={message}
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={open}
      aria-controls={listId}
      aria-activedescendant={activeOptionId}
      onKeyDown={handleKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur();
      }}
    >
      <ul id={listId} role="listbox" aria-label="Email suggestions" className="email-suggestions" hidden={!open}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion}
            id={`${listId}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="email-suggestions__option"
            // mousedown, not click: the input would lose focus (and the list) before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion}
          </li>
        ))}
      </ul>
    </FormField>
  );
}
