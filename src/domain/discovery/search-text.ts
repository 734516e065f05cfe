import { SEARCH_MAX_QUERY_WORDS, SEARCH_MAX_WORD_LENGTH } from './constants.js';

/** Lower case, single spaces, no control characters, no leading or trailing blanks: the form terms are counted in. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * The words a search text is made of: letters and digits only, so operators (AND, NOT, :, -),
 * quotes, backslashes and SQL punctuation are plain separators, never syntax.
 */
export function searchWords(text: string): string[] {
  const words = normaliseSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length <= SEARCH_MAX_WORD_LENGTH).slice(0, SEARCH_MAX_QUERY_WORDS);
}
