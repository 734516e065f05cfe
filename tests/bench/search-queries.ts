import { cataloguePlan, random, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { searchWords } from '../../src/domain/discovery/search-text.js';

/** What people type into the search box, each kind measured apart: broad words and pairs are the slow ones. */
export const SEARCH_KINDS = ['one common word', 'one common word, typo', 'two title words', 'two title words, typo'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Words a title is built with that nobody searches for alone ('for', 'the'). */
const GLUE_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'the', 'for', 'of', 'to', 'in', 'on', 'with']);
/** Words this short are typed whole: a typo is made in longer ones (as the index corrects only those). */
const TYPO_MIN_LENGTH = 5;
/** Titles the queries are drawn from: the plan of the first templates is enough (titles repeat across the catalogue). */
const TITLES_DRAWN_FROM = 5_000;

/** One edit a hurried typist makes: two neighbouring letters swapped, or one dropped. */
export function withTypo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  return next() < 0.5 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + word.slice(at + 1);
}

/** Titles of the catalogue's first templates, as the words the index holds (glue words left out). */
export function titleWords(size: CatalogueSize): string[][] {
  const { templates } = cataloguePlan({ ...size, templates: Math.min(size.templates, TITLES_DRAWN_FROM) });
  return templates.map(({ content }) => searchWords(content.title).filter((word) => !GLUE_WORDS.has(word)));
}

/**
 * `count` distinct texts of one kind, drawn from titles: a single title word (each matches
 * thousands of templates: titles are built from a few dozen subjects), or two neighbouring title
 * words; the typo kinds carry one typo in a word of TYPO_MIN_LENGTH letters or more. Distinct, so
 * that over HTTP none is answered from the public cache: a visitor's new query is what is timed.
 */
export function searchTexts(titles: readonly string[][], kind: SearchKind, count: number, seed: number): string[] {
  const next = random(seed);
  const texts = new Set<string>();
  const typo = kind.endsWith('typo');
  const wanted = kind.startsWith('two') ? 2 : 1;
  for (let attempt = 0; texts.size < count && attempt < count * 200; attempt++) {
    const words = titles[Math.floor(next() * titles.length)]!;
    if (words.length < wanted) continue;
    const start = Math.floor(next() * (words.length - wanted + 1));
    const picked = words.slice(start, start + wanted);
    if (typo) {
      const long = picked.map((word, index) => ({ word, index })).filter(({ word }) => word.length >= TYPO_MIN_LENGTH);
      if (long.length === 0) continue;
      const { word, index } = long[Math.floor(next() * long.length)]!;
      picked[index] = withTypo(word, next);
    }
    texts.add(picked.join(' '));
  }
  return [...texts];
}
