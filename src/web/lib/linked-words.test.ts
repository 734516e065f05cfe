import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { linkedWords } from './linked-words.js';

describe('linked words', () => {
  it("links the reserved-name message's own 'contact us' instead of repeating it", () => {
    expect(linkedWords(ACCOUNT_MESSAGES.usernameReserved('Gumroad'), ACCOUNT_MESSAGES.reservedHelpLink)).toEqual({
      before: 'Gumroad is reserved, please ',
      words: 'contact us',
      after: ' to collect it.',
    });
  });

  it('answers null when the words are not in the text', () => {
    expect(linkedWords('Taken.', 'contact us')).toBeNull();
  });
});
