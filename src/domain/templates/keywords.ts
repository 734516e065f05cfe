import { TEMPLATE_LIMITS } from './rules.js';

/** The admin portal's 'update AI keywords' action (generator-admin-site.md sections 7 and 8). */
export const KEYWORD_MESSAGES = {
  updated: 'Keywords updation successful',
} as const;

/** Words that say nothing about what a template is for. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about all also an and any are as at be been but by can do does each easy for from get has have help helps how in into is it its ' +
    'just make makes more most my new no not of on one or our out over own simple so such than that the their them then there these ' +
    'this those to too up use used uses using very was way we what when which while who will with you your template templates ready free ' +
    'best every keep need any-one'
  ).split(' '),
);

const MIN_WORD_LENGTH = 3;

/**
 * Offline keywords for a post: the words of its title and description, stop words and short words
 * left out, ranked by count (a title word counts twice), ties by first appearance. Deterministic:
 * the same text always gives the same keywords, at most TEMPLATE_LIMITS.tags of them.
 */
export function deriveKeywords(title: string, description: string): string[] {
  const words = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/u)
      .filter((word) => word.length >= MIN_WORD_LENGTH && !STOP_WORDS.has(word) && !/^\d+$/u.test(word));
  const scores = new Map<string, { score: number; first: number }>();
  let order = 0;
  for (const [text, weight] of [
    [title, 2],
    [description, 1],
  ] as const) {
    for (const word of words(text)) {
      const entry = scores.get(word) ?? { score: 0, first: order++ };
      entry.score += weight;
      scores.set(word, entry);
    }
  }
  return [...scores.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.first - b.first)
    .slice(0, TEMPLATE_LIMITS.tags)
    .map(([word]) => word.slice(0, TEMPLATE_LIMITS.tagLength));
}
