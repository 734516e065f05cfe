import type { ChangeEvent } from 'react';
import { clipToCharacters } from '@domain/shared/characters.js';

/**
 * The change handler of a text field limited to `max` characters, as the shared rules count them
 * (characterCount). It stands in for the native maxlength, which counts UTF-16 units and stopped a
 * field at half its limit when typed in emoji.
 */
export function keepingAtMost(
  max: number,
  onValue: (value: string) => void,
): (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void {
  return (event) => onValue(clipToCharacters(event.target.value, max));
}
