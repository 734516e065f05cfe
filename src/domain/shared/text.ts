/**
 * No text we accept may hold a NUL character or an unpaired UTF-16 surrogate: Postgres cannot
 * store the first, and the second is not text in any encoding we write. One rule for every field.
 */
export const TEXT_MESSAGES = {
  forbiddenCharacters: 'Text may not contain NUL characters or broken Unicode (unpaired surrogates).',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no 'u' flag: code units). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/**
 * Control characters (C0 with line breaks and tabs, DEL, C1) and the bidirectional embedding,
 * override and isolate marks: a one-line name (a post's title) shows none of them, and the bidi
 * marks would let it read differently from what it is (U+202E turns 'txt.exe' around). NUL is left
 * to isStorableText, whose message every field shares.
 */
const SINGLE_LINE_CONTROLS = /[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

export function hasSingleLineControls(value: string): boolean {
  return SINGLE_LINE_CONTROLS.test(value);
}

/** What stands, in text shown back to its sender, for each character the rule refused (Unicode's replacement character). */
export const UNSTORABLE_CHARACTER_MARK = '\uFFFD';
const UNSTORABLE_CHARACTERS = new RegExp(`\\u0000|${UNPAIRED_SURROGATE.source}`, 'g');

/** The text with each NUL and unpaired surrogate replaced by the mark: safe to echo, and still shows where the fault was. */
export function withUnstorableMarked(value: string): string {
  return value.replace(UNSTORABLE_CHARACTERS, UNSTORABLE_CHARACTER_MARK);
}

/** A percent-encoded address path that decodes to storable text. */
export function isReadablePath(path: string): boolean {
  try {
    return isStorableText(decodeURIComponent(path));
  } catch {
    return false; // Percent-encoding of bytes that are not UTF-8.
  }
}

/** The first string in a parsed JSON value (keys included) that breaks the rule, with its path; null when all are storable. */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(value)';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return keyPath;
      const found = findUnstorableText(item, keyPath);
      if (found !== null) return found;
    }
  }
  return null;
}
