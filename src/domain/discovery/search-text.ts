import { characterCount } from '../shared/characters.js';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_MAX_QUERY_WORDS, SEARCH_MAX_WORD_LENGTH, SEARCH_TEXT_TOO_LONG } from './constants.js';

/** Why a search text is refused (the API and the search page say the same); null when it may be searched. */
export function searchTextProblem(text: string): string | null {
  return characterCount(text) > SEARCH_MAX_QUERY_LENGTH ? SEARCH_TEXT_TOO_LONG : null;
}

/** Lower case, single spaces, no control characters, no leading or trailing blanks: the form terms are counted in. */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

/**
 * The words a search text is made of: letters and digits only, so operators (AND, NOT, :, -),
 * quotes, backslashes and SQL punctuation are plain separators, never syntax.
 */
export function searchWords(text: string): string[] {
  return allWords(text).filter(isIndexedLength).slice(0, SEARCH_MAX_QUERY_WORDS);
}

/**
 * True when there is text but no word of a length the index holds (only emoji or punctuation, or
 * only overlong words): no template can match it. Searching with no words instead would list every
 * template, as if nothing had been typed.
 */
export function matchesNoTemplate(text: string): boolean {
  return normaliseSearchText(text) !== '' && !allWords(text).some(isIndexedLength);
}

function allWords(text: string): string[] {
  return normaliseSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function isIndexedLength(word: string): boolean {
  return word.length <= SEARCH_MAX_WORD_LENGTH;
}
