import { describe, expect, it } from 'vitest';
import { statusLabel } from './lifecycle.js';
import {
  adminPriceSchema,
  keywordTooLongMessage,
  newPriceSchema,
  parsePriceText,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  templateContentSchema,
  templateUrlValidity,
  titleUrlFor,
} from './rules.js';

const valid = {
  title: 'Weekly Planner',
  description: 'Plan the week in Notion.',
  instructions: 'Duplicate it and fill in your tasks.',
  url: 'https://example.com/weekly-planner',
  topic: 'productivity',
  platform: 'notion',
  keywords: ['planner', 'notion'],
  price: 0,
  imageUrls: [],
};

/** The messages of a rejected input, or [] when it is accepted. */
function problems(overrides: Record<string, unknown>): string[] {
  const result = templateContentSchema.safeParse({ ...valid, ...overrides });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('template content rules', () => {
  it('accepts a valid template', () => {
    expect(problems({})).toEqual([]);
  });

  it('limits the title to 50 characters', () => {
    expect(TEMPLATE_LIMITS.title).toBe(50);
    expect(problems({ title: 'a'.repeat(50) })).toEqual([]);
    expect(problems({ title: 'a'.repeat(51) })).toEqual(['Title must be at most 50 characters']);
    expect(problems({ title: '   ' })).toEqual(['Title is required']);
  });

  it('refuses line breaks, tabs, control characters and bidi override marks inside a title', () => {
    for (const title of [
      'Two\nlines',
      'Tab\there',
      'Bell\u0007',
      'Escape\u001b[31m',
      'Delete\u007f',
      'C1\u0085',
      'Reversed \u202Eexe.txt',
      'Isolated \u2066x\u2069',
    ]) {
      expect(problems({ title }), JSON.stringify(title)).toEqual([TEMPLATE_MESSAGES.titleControlCharacters]);
    }
    // Around the title they are trimmed like spaces; letters of any script and emoji are fine.
    expect(problems({ title: '\tPlanner\n' })).toEqual([]);
    expect(problems({ title: 'Planificateur été 🎉 עברית 中文' })).toEqual([]);
  });

  it('counts the title after trimming', () => {
    expect(problems({ title: `  ${'a'.repeat(50)}  ` })).toEqual([]);
    expect(templateContentSchema.parse({ ...valid, title: '  Planner  ' }).title).toBe('Planner');
  });

  it('limits the description to 150 characters', () => {
    expect(problems({ description: 'd'.repeat(150) })).toEqual([]);
    expect(problems({ description: 'd'.repeat(151) })).toEqual(['Description must be at most 150 characters']);
    expect(problems({ description: '' })).toEqual(['Description is required']);
  });

  it('limits the instructions to 1500 characters', () => {
    expect(problems({ instructions: 'i'.repeat(1500) })).toEqual([]);
    expect(problems({ instructions: 'i'.repeat(1501) })).toEqual(['Instructions must be at most 1500 characters']);
  });

  it('takes at most 3 keywords', () => {
    expect(problems({ keywords: ['a', 'b', 'c'] })).toEqual([]);
    expect(problems({ keywords: ['a', 'b', 'c', 'd'] })).toEqual(['At most 3 keywords']);
  });

  it('lower-cases, trims and deduplicates keywords', () => {
    expect(templateContentSchema.parse({ ...valid, keywords: ['Notion', ' notion ', 'PLANNER'] }).keywords).toEqual(['notion', 'planner']);
  });

  it('drops empty keywords', () => {
    expect(templateContentSchema.parse({ ...valid, keywords: ['  ', 'planner', ''] }).keywords).toEqual(['planner']);
  });

  it('deduplicates before counting: 4 tags that are 3 distinct ones pass, 4 distinct ones do not', () => {
    expect(templateContentSchema.parse({ ...valid, keywords: ['Planner', 'planner ', 'weekly', 'tasks'] }).keywords).toEqual([
      'planner',
      'weekly',
      'tasks',
    ]);
    expect(problems({ keywords: ['planner', 'weekly', 'tasks', 'goals'] })).toEqual(['At most 3 keywords']);
  });

  it('puts the type tag first and the platform tag second', () => {
    expect(templateContentSchema.parse({ ...valid, keywords: ['planner', 'Notion', 'productivity'] }).keywords).toEqual([
      'productivity',
      'notion',
      'planner',
    ]);
  });

  it('asks for a direct domain instead of a link shortener', () => {
    expect(problems({ url: 'https://bit.ly/abc' })).toEqual(['Please use a direct domain to your template.']);
    expect(problems({ url: 'https://www.tinyurl.com/abc' })).toEqual(['Please use a direct domain to your template.']);
    expect(problems({ url: 'https://notbit.ly/abc' })).toEqual([]);
  });

  it('says a missing URL is required, not that it lacks a scheme', () => {
    expect(problems({ url: '' })).toEqual(['URL is required']);
    expect(problems({ url: '   ' })).toEqual(['URL is required']);
  });

  it('accepts only http and https URLs', () => {
    expect(problems({ url: 'http://example.com/x' })).toEqual([]);
    const message = 'Please enter a valid URL starting with http:// or https://';
    expect(problems({ url: 'javascript:alert(1)' })).toEqual([message]);
    expect(problems({ url: 'JavaScript:alert(1)' })).toEqual([message]);
    expect(problems({ url: 'data:text/html,<script>alert(1)</script>' })).toEqual([message]);
    expect(problems({ url: 'ftp://example.com/file' })).toEqual([message]);
    expect(problems({ url: 'not a url' })).toEqual([message]);
  });

  it("refuses a URL the form calls 'URL is not valid': a host without a domain", () => {
    for (const url of ['https://nonsense', 'https://nonsense.', 'https://a..b.com/x', 'https://localhost/x']) {
      expect(templateUrlValidity(url), url).toBe('invalid');
      expect(problems({ url }), url).toEqual(['URL is not valid']);
    }
    for (const url of ['https://www.notion.so/x', 'http://sub.example.co.uk/a?b=1', 'https://xn--bcher-kva.example/x']) {
      expect(templateUrlValidity(url), url).toBe('valid');
      expect(problems({ url }), url).toEqual([]);
    }
    expect(templateUrlValidity('https://bit.ly/abc')).toBe('direct-domain');
  });

  it('limits the URL to 300 characters', () => {
    const base = 'https://example.com/';
    expect(problems({ url: base + 'a'.repeat(300 - base.length) })).toEqual([]);
    expect(problems({ url: base + 'a'.repeat(301 - base.length) })).toContain('URL must be at most 300 characters');
  });

  it("caps the price at 249 with the spec's message", () => {
    expect(problems({ price: 249 })).toEqual([]);
    expect(problems({ price: 250 })).toEqual(['Price should not exceed $249']);
    expect(problems({ price: 249.01 })).toEqual(['Price should not exceed $249']);
    expect(problems({ price: -1 })).toEqual(['Price cannot be negative']);
  });

  it('refuses a price that is not a whole number of cents, or between 0 and one cent, instead of rounding it', () => {
    for (const price of [0, 0.01, 4.99, 19.5, 249]) expect(problems({ price }), String(price)).toEqual([]);
    expect(problems({ price: 0.001 })).toEqual([TEMPLATE_MESSAGES.priceBelowMinimum]);
    expect(problems({ price: 0.009 })).toEqual([TEMPLATE_MESSAGES.priceBelowMinimum]);
    expect(problems({ price: 4.999 })).toEqual([TEMPLATE_MESSAGES.priceNotWholeCents]);
    expect(problems({ price: 10.125 })).toEqual([TEMPLATE_MESSAGES.priceNotWholeCents]);
  });

  it('checks keyword length after trimming, and names the keyword that is too long', () => {
    const long = 'k'.repeat(TEMPLATE_LIMITS.tagLength + 1);
    expect(problems({ keywords: [`  ${'k'.repeat(TEMPLATE_LIMITS.tagLength)}  `] })).toEqual([]);
    expect(problems({ keywords: ['short', long] })).toEqual([keywordTooLongMessage(long)]);
    expect(keywordTooLongMessage(long)).toBe(
      `The keyword “${'k'.repeat(20)}…” is 41 characters long: each keyword must be at most 40 characters`,
    );
  });

  it('counts an emoji in a keyword as one character, and quotes a long one without splitting an emoji', () => {
    expect(problems({ keywords: ['😀'.repeat(TEMPLATE_LIMITS.tagLength)] })).toEqual([]);
    const long = '😀'.repeat(TEMPLATE_LIMITS.tagLength + 1);
    expect(problems({ keywords: [long] })).toEqual([keywordTooLongMessage(long)]);
    expect(keywordTooLongMessage(long)).toBe(
      `The keyword “${'😀'.repeat(20)}…” is 41 characters long: each keyword must be at most 40 characters`,
    );
    expect(templateUrlValidity(`https://example.com/${'😀'.repeat(TEMPLATE_LIMITS.url - 'https://example.com/'.length)}`)).toBe('valid');
  });

  it('takes topics and apps from the taxonomy only', () => {
    expect(problems({ topic: 'astrology' })).toEqual(['Please choose a topic']);
    expect(problems({ platform: 'myspace' })).toEqual(['Please choose an app']);
  });
});

describe('newPriceSchema', () => {
  it('takes a number above 0 and at most 249', () => {
    expect(newPriceSchema.safeParse(20).success).toBe(true);
    for (const bad of [0, -5, 'ten']) expect(newPriceSchema.safeParse(bad).error?.issues[0]?.message).toBe('Please enter a valid price.');
    expect(newPriceSchema.safeParse(250).error?.issues[0]?.message).toBe('Price should not exceed $249');
    expect(newPriceSchema.safeParse(0.001).error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.priceBelowMinimum);
    expect(newPriceSchema.safeParse(7.255).error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.priceNotWholeCents);
  });
});

describe('adminPriceSchema', () => {
  it('takes 0 (free) as well as any price in whole cents up to 249', () => {
    for (const price of [0, 0.01, 7, 249]) expect(adminPriceSchema.safeParse(price).success, String(price)).toBe(true);
    expect(adminPriceSchema.safeParse(-1).error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.invalidPrice);
    expect(adminPriceSchema.safeParse(0.001).error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.priceBelowMinimum);
  });
});

describe('parsePriceText', () => {
  it('reads a trimmed decimal, and nothing else', () => {
    expect(parsePriceText('7')).toBe(7);
    expect(parsePriceText(' 7 ')).toBe(7);
    expect(parsePriceText('7.50')).toBe(7.5);
    expect(parsePriceText('.5')).toBe(0.5);
    expect(parsePriceText('0')).toBe(0);
    for (const text of ['', ' ', '1e2', '0x10', '7 7', '-3', 'ten', 'Infinity']) expect(parsePriceText(text), text).toBeNaN();
  });
});

describe('titleUrlFor', () => {
  const id = '7d2c5b8e-4f0a-4c8b-9a3e-2b1d0c9e8f71';

  it('slugs the title and adds the first 12 hex digits of the id', () => {
    expect(titleUrlFor('Weekly Planner', id)).toBe('weekly-planner-7d2c5b8e4f0a');
  });

  it('drops accents, punctuation and surrounding separators', () => {
    expect(titleUrlFor('  Café Crème: Notion & Trello!! ', id)).toBe('cafe-creme-notion-trello-7d2c5b8e4f0a');
    expect(titleUrlFor('C++ / Rust -- 2024', id)).toBe('c-rust-2024-7d2c5b8e4f0a');
  });

  it('falls back to "template" when nothing of the title is left', () => {
    expect(titleUrlFor('!!!', id)).toBe('template-7d2c5b8e4f0a');
    expect(titleUrlFor('日本語', id)).toBe('template-7d2c5b8e4f0a');
  });

  it('keeps titles that only differ by id apart', () => {
    expect(titleUrlFor('Planner', id)).not.toBe(titleUrlFor('Planner', 'ffffffff-0000-4000-8000-000000000000'));
  });
});

describe('statusLabel', () => {
  it('labels the spec statuses, case-insensitively, and keeps a flagged post Live while it is public', () => {
    expect(['LIVE', 'live flagged', 'Under Review', 'under review edit', 'not approved', 'hidden'].map(statusLabel)).toEqual([
      'Live',
      'Live',
      'Under Review',
      'Under Review - Edited',
      'Rejected',
      'Rejected',
    ]);
  });
});
