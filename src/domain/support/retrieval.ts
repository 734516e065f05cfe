import type { HelpPassage } from './help-content.js';

/**
 * Retrieval over the help passages: BM25 over words, stemmed lightly, stop words dropped. The
 * chatbot answers from the best passages (offline, it quotes them); a question whose best score
 * stays under MIN_SCORE has no answer in the help content, and the bot says so.
 */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from have how i if in is it its me my of on or so that the their them then there they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);
/** A question needs this much BM25 score in one passage to count as answered. */
export const MIN_SCORE = 2.2;
const K1 = 1.2;
const B = 0.75;

/** Folds 'refunds'/'refunded', 'cookies' … to one form; not a full stemmer, enough for a help page. */
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * The words of a question or passage, accents folded (decomposed, marks dropped) so 'résumé' and
 * 'resume' are one word, and words in any script kept whole. NFKD also folds ligatures and
 * full-width forms ('ﬁ' is 'fi'); '$' stays in a word for prices.
 */
export function terms(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  return (folded.match(/[\p{L}\p{N}$]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word) && word.length > 1).map(stem);
}

export interface RetrievedPassage {
  passage: HelpPassage;
  score: number;
}

export function createHelpIndex(passages: readonly HelpPassage[]) {
  const documents = passages.map((passage) => ({ passage, words: terms(`${passage.heading} ${passage.heading} ${passage.text}`) }));
  const averageLength = documents.reduce((sum, doc) => sum + doc.words.length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const doc of documents) for (const word of new Set(doc.words)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const idf = (word: string) => {
    const n = documentFrequency.get(word) ?? 0;
    return Math.log(1 + (documents.length - n + 0.5) / (n + 0.5));
  };
  return {
    /** The best `limit` passages for the question, best first, only those above zero. */
    search(question: string, limit = 3): RetrievedPassage[] {
      const queryWords = [...new Set(terms(question))];
      if (queryWords.length === 0) return [];
      return documents
        .map((doc) => {
          let score = 0;
          for (const word of queryWords) {
            const frequency = doc.words.filter((candidate) => candidate === word).length;
            if (frequency === 0) continue;
            score += idf(word) * ((frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * doc.words.length) / averageLength)));
          }
          return { passage: doc.passage, score };
        })
        .filter((result) => result.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
  };
}
