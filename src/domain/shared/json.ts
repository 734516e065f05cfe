/**
 * Far deeper than any JSON we take (a request body, an admin's hints); deeper text is refused before
 * anything walks it recursively (the text rule, the schemas, the event store's JSON.stringify).
 */
export const JSON_MAX_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > max) return true;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return false;
}
