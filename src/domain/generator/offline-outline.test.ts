import { describe, expect, it } from 'vitest';
import { offlineContent } from './offline-outline.js';

const documentOf = (answers: Record<string, string | number | string[]>) =>
  offlineContent({ kind: 'docs', brief: 'A garden proposal.', audience: 'the council', numSlides: null, answers });

describe('the offline document outline', () => {
  it('says to fill in the points of the outline only where it holds them, never "the prompts below" with nothing below', () => {
    const [summary] = documentOf({ sections: ['Summary'], detail: 3 }).sections;
    const text = [...summary!.paragraphs, ...summary!.bullets].join('\n');
    expect(text).not.toMatch(/below/u);
    expect(summary!.paragraphs).toContain(
      'Write it in a clear voice for the council; answer each question and fill in each point of this outline with your own facts.',
    );
    expect(summary!.bullets).toEqual(['The situation today', 'What you propose']);
    expect(summary!.paragraphs[0]).toBe('This document covers: A garden proposal.');
  });

  it('leads with the text it must mention and grows with the detail level', () => {
    const headlines = documentOf({ sections: ['Goals', 'Risks'], detail: 1, mustMention: 'the spring opening' });
    const detailed = documentOf({ sections: ['Goals', 'Risks'], detail: 5, mustMention: 'the spring opening' });
    for (const outline of [headlines, detailed]) expect(outline.sections[0]!.paragraphs[0]).toBe('It must mention: the spring opening');
    const lines = (outline: typeof headlines) => outline.sections.flatMap((section) => [...section.paragraphs, ...section.bullets]).length;
    expect(lines(headlines)).toBe(3);
    expect(lines(detailed)).toBe(15);
  });
});
