import { describe, expect, it } from 'vitest';
import {
  briefProblem,
  generateRequestSchema,
  GENERATOR,
  GENERATOR_MESSAGES,
  numSlidesOfText,
  parseHintsOverride,
  privateDataIn,
} from './rules.js';

const firstMessage = (input: unknown) => generateRequestSchema.safeParse(input).error?.issues[0]?.message;

describe('generator validation rules (spec section 5)', () => {
  it('takes a purpose of 300 characters and refuses 301', () => {
    expect(generateRequestSchema.safeParse({ brief: 'a'.repeat(GENERATOR.purposeMax), app: 'google-slides' }).success).toBe(true);
    expect(firstMessage({ brief: 'a'.repeat(GENERATOR.purposeMax + 1), app: 'google-slides' })).toBe(GENERATOR_MESSAGES.purposeTooLong);
  });

  it('requires a purpose unless an override is given, an audience of at most 200, slides above 0, and an id for a custom style', () => {
    expect(firstMessage({ brief: '  ', app: 'google-docs' })).toBe(GENERATOR_MESSAGES.purposeRequired);
    expect(generateRequestSchema.safeParse({ brief: '', app: 'google-docs', overridePromptTemplate: 'Write a memo' }).success).toBe(true);
    expect(firstMessage({ brief: 'x', audience: 'a'.repeat(201), app: 'google-slides' })).toBe(GENERATOR_MESSAGES.audienceTooLong);
    expect(firstMessage({ brief: 'x', numSlides: 0, app: 'google-slides' })).toBe(GENERATOR_MESSAGES.slidesPositive);
    expect(firstMessage({ brief: 'x', numSlides: 1.5, app: 'google-slides' })).toBe(
      'The number of slides must be a whole number, such as 8.',
    );
    expect(firstMessage({ brief: 'x', numSlides: Number.NaN, app: 'google-slides' })).toBe(GENERATOR_MESSAGES.slidesWholeNumber);
    expect(firstMessage({ brief: 'x', templateId: 'custom', app: 'google-slides' })).toBe(GENERATOR_MESSAGES.customStyleNeedsId);
    // A custom id no style has would silently give the default style.
    expect(firstMessage({ brief: 'x', templateId: 'does-not-exist', app: 'google-slides' })).toBe(
      GENERATOR_MESSAGES.unknownStyle('does-not-exist'),
    );
    expect(generateRequestSchema.safeParse({ brief: 'x', templateId: ' midnight ', app: 'google-slides' }).success).toBe(true);
    expect(firstMessage({ brief: 'x', app: 'notion' })).toBe(GENERATOR_MESSAGES.unknownApp);
  });

  it('names the rule a number of slides breaks, whole numbers beyond the limit included (1e300 is whole, but too many)', () => {
    const slidesMessage = (numSlides: number) => firstMessage({ brief: 'x', numSlides, app: 'google-slides' });
    expect([1e300, 31, 2 ** 53 + 2, Number.POSITIVE_INFINITY].map(slidesMessage)).toEqual(Array(4).fill(GENERATOR_MESSAGES.slidesTooMany));
    expect([-1e300, -2, Number.NEGATIVE_INFINITY].map(slidesMessage)).toEqual(Array(3).fill(GENERATOR_MESSAGES.slidesPositive));
    expect(firstMessage({ brief: 'x', numSlides: '8', app: 'google-slides' })).toBe(GENERATOR_MESSAGES.slidesWholeNumber);
  });

  it("reads the form's number of slides as typed: blank is the default, text that is no number is refused, never replaced by the default", () => {
    expect(['', '  '].map(numSlidesOfText)).toEqual([null, null]);
    expect([' 12 ', '8.0', '1e1', '+3'].map(numSlidesOfText)).toEqual([12, 8, 10, 3]);
    for (const text of ['abc', '1e', '8 slides', '0x10', '.', 'Infinity']) {
      expect(briefProblem({ brief: 'x', app: 'google-slides', numSlides: numSlidesOfText(text) }), text).toBe(
        GENERATOR_MESSAGES.slidesWholeNumber,
      );
    }
    expect(briefProblem({ brief: 'x', app: 'google-slides', numSlides: numSlidesOfText('1e300') })).toBe(GENERATOR_MESSAGES.slidesTooMany);
    expect(briefProblem({ brief: 'x', app: 'google-slides', numSlides: numSlidesOfText('2.5') })).toBe(
      GENERATOR_MESSAGES.slidesWholeNumber,
    );
  });

  it('takes hints as a JSON object only: blank is none, an array or broken JSON gets the spec message', () => {
    expect(parseHintsOverride('  ')).toEqual({ ok: true, hints: null });
    expect(parseHintsOverride('{"tone":"warm"}')).toEqual({ ok: true, hints: { tone: 'warm' } });
    expect(parseHintsOverride('[1,2]')).toEqual({ ok: false, message: 'Hints must be a JSON object.' });
    expect(parseHintsOverride('{tone: warm')).toEqual({ ok: false, message: 'Invalid JSON.' });
    expect(firstMessage({ brief: 'x', app: 'google-docs', overrideHints: ['a'] })).toBe('Hints must be a JSON object.');
  });

  it('finds private data the terms keep out of the AI tool', () => {
    expect(privateDataIn('Write to ada@example.com')).toBe('e-mail address');
    expect(privateDataIn('Call +44 20 7946 0958 today')).toBe('phone number');
    expect(privateDataIn('Card 4111 1111 1111 1111')).toBe('card number');
    expect(privateDataIn('A 10-slide deck for 2026 planning with 3 goals')).toBeNull();
    // Digits that only look like a card number: a run of years, numbered sessions, an ISBN (no card network's prefix, or no Luhn check digit).
    expect(privateDataIn('Quarterly results for 2023 2024 2025 2026')).toBeNull();
    expect(privateDataIn('Agenda for sessions 1 2 3 4 5 6 7 8 9 10 11 12')).toBeNull();
    expect(privateDataIn('A proposal for the book ISBN 978-3-16-148410-0')).toBeNull();
    expect(privateDataIn('Amex 3782 822463 10005 on file')).toBe('card number');
    expect(privateDataIn('Card 5555-5555-5555-4444')).toBe('card number');
    expect(briefProblem({ brief: 'Invite ada@example.com', app: 'google-docs' })).toBe(GENERATOR_MESSAGES.privateData('e-mail address'));
  });

  it('refuses control characters in the purpose, the audience and text answers, which would make the generated file unreadable', () => {
    expect(firstMessage({ brief: 'Plan \u001b[31m in red', app: 'google-slides' })).toBe(GENERATOR_MESSAGES.briefControlCharacters);
    expect(firstMessage({ brief: 'Plan', audience: 'team\u0007', app: 'google-slides' })).toBe(
      GENERATOR_MESSAGES.audienceControlCharacters,
    );
    expect(firstMessage({ brief: 'Plan', app: 'google-docs', answers: { goal: 'ship\u000b' } })).toBe(
      GENERATOR_MESSAGES.answerControlCharacters,
    );
    expect(firstMessage({ brief: 'Plan', app: 'google-docs', answers: { sections: ['Summary', 'Goals\u0001'] } })).toBe(
      GENERATOR_MESSAGES.answerControlCharacters,
    );
    // Line breaks and tabs in the purpose and answers are text, and stay allowed.
    expect(
      generateRequestSchema.safeParse({ brief: 'Plan:\n- launch\tQ3', app: 'google-docs', answers: { goal: 'one\ntwo' } }).success,
    ).toBe(true);
  });
});
