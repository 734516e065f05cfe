/**
 * How many characters a person sees in the text, for every text limit and counter: Unicode code
 * points, so 😀 is one where String length (UTF-16 units) says two. Code points rather than
 * graphemes: they are counted alike by the server, every browser and Postgres (char_length), and a
 * limit on them bounds what is stored; a flag or a family emoji still counts as several.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** A check for a schema's refine: the text has at most `max` characters (characterCount). */
export function atMostCharacters(max: number): (text: string) => boolean {
  return (text) => characterCount(text) <= max;
}

/** The text cut to its first `max` characters (code points): what a field limited to `max` keeps of typed or pasted text. */
export function clipToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}
