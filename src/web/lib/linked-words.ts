/** A text cut around the first occurrence of some words (any case), so those words can become a link. */
export interface LinkedWords {
  before: string;
  words: string;
  after: string;
}

export function linkedWords(text: string, words: string): LinkedWords | null {
  const at = text.toLowerCase().indexOf(words.toLowerCase());
  if (at < 0) return null;
  return { before: text.slice(0, at), words: text.slice(at, at + words.length), after: text.slice(at + words.length) };
}
