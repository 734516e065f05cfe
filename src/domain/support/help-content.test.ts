import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BETA_COMMISSION_PERCENT, POST_BETA_COMMISSION_PERCENT } from '../commerce/commission-rates.js';
import { REWARD_POINTS } from '../rewards/constants.js';
import { TEMPLATE_LIMITS } from '../templates/rules.js';
import { HELP_PASSAGES } from './help-content.js';
import { createHelpIndex, MIN_SCORE, terms } from './retrieval.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The constants pages write their texts with, as a reader sees them. */
const CONSTANTS_IN_PAGES: Record<string, string> = {
  BRAND_NAME: 'Tessera',
  brand: 'Tessera',
  MINIMUM_AGE: '13',
  BETA_COMMISSION_PERCENT: String(BETA_COMMISSION_PERCENT),
  POST_BETA_COMMISSION_PERCENT: String(POST_BETA_COMMISSION_PERCENT),
  'TEMPLATE_LIMITS.minPaidPrice': String(TEMPLATE_LIMITS.minPaidPrice),
  'TEMPLATE_LIMITS.maxPrice': String(TEMPLATE_LIMITS.maxPrice),
  ...Object.fromEntries(Object.entries(REWARD_POINTS).map(([type, points]) => [`REWARD_POINTS.${type}`, String(points)])),
};
/** Page source as its reader sees it: JSX tags and expressions the passages spell out, whitespace folded. */
function readable(sourceFile: string): string {
  let source = readFileSync(`${ROOT}${sourceFile}`, 'utf8');
  for (const [name, value] of Object.entries(CONSTANTS_IN_PAGES))
    source = source.replaceAll(`\${${name}}`, value).replaceAll(`{${name}}`, value);
  return source
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
    for (const passage of HELP_PASSAGES) expect(passage.path).toMatch(/^(?:\/[a-z-]+)+$/u);
  });
});

describe('help retrieval', () => {
  const index = createHelpIndex(HELP_PASSAGES);
  it.each([
    ['Who handles refunds?', 'sellers-refunds'],
    ['How old do I have to be to use Tessera?', 'terms-eligibility'],
    ['Does Tessera take a commission on sales?', 'terms-commission'],
    ['How do I reset my password?', 'help-password'],
    ['How do I connect a payout account?', 'payments-connect'],
    ['What does a restricted payout account mean?', 'payments-restricted'],
    ['When does the money reach my bank?', 'payments-when-paid'],
    ['What is the minimum price in cents?', 'payments-price-limits'],
    ['Can buyers pay with PayPal?', 'payments-paypal'],
    ['Where can I see my sales?', 'payments-sales'],
    ['How do I earn points?', 'help-rewards'],
    ['How many points do I get for verifying my email?', 'help-rewards'],
    ['How do I delete my account?', 'account-delete'],
  ])('finds the passage that answers %j', (question, id) => {
    const [best] = index.search(question);
    expect(best?.passage.id).toBe(id);
    expect(best!.score).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it('finds nothing good enough for a question the help pages do not answer', () => {
    expect(index.search('What is the weather in Paris tomorrow?').filter((result) => result.score >= MIN_SCORE)).toEqual([]);
    expect(index.search('???')).toEqual([]);
  });

  it('keeps accented and non-Latin words whole, and matches them with or without their accents', () => {
    expect(terms('Résumé, naïve café in Zürich')).toEqual(['resume', 'naive', 'cafe', 'zurich']);
    expect(terms('Как продать шаблон?')).toEqual(['как', 'продать', 'шаблон']);
    const passage = { ...HELP_PASSAGES[0]!, id: 'cv', heading: 'Résumé templates', text: 'A résumé template lists your experience.' };
    const [best] = createHelpIndex([passage, ...HELP_PASSAGES]).search('Do you have a resume template?');
    expect(best?.passage.id).toBe('cv');
  });
});
