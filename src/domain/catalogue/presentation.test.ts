import { describe, expect, it } from 'vitest';

import {
  cutText,
  FEED_SKELETON_COUNT,
  footerResourceTitle,
  formatPrice,
  initialsOf,
  MISSING_NAME_INITIALS,
  platformHue,
  platformLabel,
  SHORT_DESCRIPTION_CUT,
  shortDescriptionPreview,
  visibleKeywords,
} from './presentation.js';

describe('formatPrice', () => {
  it('shows dollars with two decimals', () => {
    expect(formatPrice(4)).toBe('$ 4.00');
    expect(formatPrice(12.5)).toBe('$ 12.50');
    expect(formatPrice(0.99)).toBe('$ 0.99');
    expect(formatPrice(249)).toBe('$ 249.00');
  });

  it('shows Free for 0 or less, and for a missing number', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(-3)).toBe('Free');
    expect(formatPrice(Number.NaN)).toBe('Free');
  });
});

describe('cutText', () => {
  it('leaves text that fits alone', () => {
    expect(cutText('short', 5)).toBe('short');
  });

  it('cuts longer text and adds an ellipsis', () => {
    expect(cutText('abcdefgh', 5)).toBe('abcde…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(cutText('abcd efgh', 5)).toBe('abcd…');
  });

  it('never splits an emoji', () => {
    expect(cutText('👍👍👍', 2)).toBe('👍👍…');
  });
});

describe('the card and footer cuts', () => {
  it('cuts short descriptions at 200 characters', () => {
    expect(SHORT_DESCRIPTION_CUT).toBe(200);
    expect(shortDescriptionPreview('x'.repeat(200))).toBe('x'.repeat(200));
    expect(shortDescriptionPreview('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
  });

  it('cuts footer titles at 24 characters', () => {
    expect(footerResourceTitle('A Notion template for everything')).toBe('A Notion template for ev…');
  });

  it('shows 3 skeletons while a feed loads', () => {
    expect(FEED_SKELETON_COUNT).toBe(3);
  });
});

describe('visibleKeywords', () => {
  it('leaves out atlassian, whatever its case, and blanks', () => {
    expect(visibleKeywords(['notion', 'Atlassian', ' ', 'crm', 'atlassian'])).toEqual(['notion', 'crm']);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Ada Lovelace King')).toBe('AL');
  });

  it('takes the first two letters of a single word', () => {
    expect(initialsOf('grace')).toBe('GR');
    expect(initialsOf('jane_doe')).toBe('JD');
  });

  it('has a stand-in for an empty name', () => {
    expect(initialsOf('  ')).toBe(MISSING_NAME_INITIALS);
  });

  it('takes letters and digits only, never punctuation or symbols', () => {
    expect(initialsOf('<Sam')).toBe('SA');
    expect(initialsOf('Sam <Lee>')).toBe('SL');
    expect(initialsOf("O'Brien")).toBe('OB');
    expect(initialsOf('😀 zoë')).toBe('ZO');
    expect(initialsOf('42 club')).toBe('4C');
    expect(initialsOf('Ωmega δelta')).toBe('ΩΔ');
  });

  it('has the stand-in for a name without a letter or digit', () => {
    expect(initialsOf('<>')).toBe(MISSING_NAME_INITIALS);
    expect(initialsOf('!! ?? ...')).toBe(MISSING_NAME_INITIALS);
  });
});

describe('platforms', () => {
  it('labels known apps and keeps unknown names as they are', () => {
    expect(platformLabel('google sheets')).toBe('Google Sheets');
    expect(platformLabel('some new app')).toBe('some new app');
  });

  it('gives each platform a stable hue', () => {
    expect(platformHue('notion')).toBe(platformHue('Notion'));
    expect(platformHue('notion')).toBeGreaterThanOrEqual(0);
    expect(platformHue('notion')).toBeLessThan(360);
  });
});
