import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP_PASSAGES } from './help-content.js';
import { createHelpIndex, MIN_SCORE } from './retrieval.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Page source as its reader sees it: JSX tags and expressions the passages spell out, whitespace folded. */
function readable(sourceFile: string): string {
  return readFileSync(`${ROOT}${sourceFile}`, 'utf8')
    .replaceAll('${BRAND_NAME}', 'Tessera')
    .replaceAll('{BRAND_NAME}', 'Tessera')
    .replaceAll('{MINIMUM_AGE}', '13')
    .replaceAll("{' '}", ' ')
    .replace(/<[^>]+>/gu, '')
    .replace(/\s+/gu, ' ');
}

describe('help passages', () => {
  it('quote their page word for word, so an edited page cannot leave the chatbot citing old words', () => {
    const stale = HELP_PASSAGES.filter((passage) => !readable(passage.sourceFile).includes(passage.text)).map((passage) => passage.id);
    expect(stale).toEqual([]);
  });

  it('have unique ids and cite a page of the app', () => {
    expect(new Set(HELP_PASSAGES.map((passage) => passage.id)).size).toBe(HELP_PASSAGES.length);
    for (const passage of HELP_PASSAGES) expect(passage.path).toMatch(/^\/[a-z-]+$/u);
  });
});

describe('help retrieval', () => {
  const index = createHelpIndex(HELP_PASSAGES);
  it.each([
    ['Who handles refunds?', 'sellers-refunds'],
    ['How old do I have to be to use Tessera?', 'terms-eligibility'],
    ['Does Tessera take a commission on sales?', 'terms-commission'],
    ['How do I reset my password?', 'help-password'],
  ])('finds the passage that answers %j', (question, id) => {
    const [best] = index.search(question);
    expect(best?.passage.id).toBe(id);
    expect(best!.score).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it('finds nothing good enough for a question the help pages do not answer', () => {
    expect(index.search('What is the weather in Paris tomorrow?').filter((result) => result.score >= MIN_SCORE)).toEqual([]);
    expect(index.search('???')).toEqual([]);
  });
});
