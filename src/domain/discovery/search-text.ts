import { SEARCH_MAX_QUERY_WORDS } from './constants.js';

/** Lower case, single spaces, no leading or trailing blanks: the form terms are counted in. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * The words a search text is made of: letters and digits only, so operators (AND, NOT, :, -),
 * quotes, backslashes and SQL punctuation are plain separators, never syntax.
 */
export function searchWords(text: string): string[] {
  return (normaliseSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_QUERY_WORDS);
}
