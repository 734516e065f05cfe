import { describe, expect, it } from 'vitest';
import { changeNoteSchema, CHANGE_NOTE_MAX, diffVersions, VERSION_MESSAGES, wordDiff, type VersionContent } from './versions.js';

const v1: VersionContent = {
  title: 'Weekly Planner',
  description: 'Plan the week.',
  instructions: 'Duplicate it.',
  url: 'https://example.com/a',
  imageUrls: ['/a.png', '/b.png'],
  price: 5,
  keywords: ['planner'],
};

describe('versions', () => {
  it('diffs texts word by word, removed before added, whitespace kept', () => {
    expect(wordDiff('Plan the week.', 'Plan the whole week.')).toEqual([
      { op: 'same', text: 'Plan the ' },
      { op: 'added', text: 'whole ' },
      { op: 'same', text: 'week.' },
    ]);
    expect(wordDiff('a b', 'a c')).toEqual([
      { op: 'same', text: 'a ' },
      { op: 'removed', text: 'b' },
      { op: 'added', text: 'c' },
    ]);
    expect(wordDiff('', 'new')).toEqual([{ op: 'added', text: 'new' }]);
  });

  it('names every changed field; images and tags as added and removed; the link only as changed', () => {
    const v2 = { ...v1, url: 'https://example.com/b', imageUrls: ['/b.png', '/c.png'], price: 7, keywords: ['planner', 'weekly'] };
    expect(diffVersions({ version: 1, content: v1 }, { version: 2, content: v2 })).toEqual({
      from: 1,
      to: 2,
      changed: ['link', 'images', 'price', 'tags'],
      linkChanged: true,
      images: { added: ['/c.png'], removed: ['/a.png'] },
      price: { from: 5, to: 7 },
      tags: { added: ['weekly'], removed: [] },
    });
  });

  it('takes a change note of at most 500 characters, trimmed, blank as none', () => {
    expect(changeNoteSchema.parse('  Clearer steps ')).toBe('Clearer steps');
    expect(changeNoteSchema.parse('   ')).toBeNull();
    expect(changeNoteSchema.safeParse('x'.repeat(CHANGE_NOTE_MAX)).success).toBe(true);
    expect(changeNoteSchema.safeParse('x'.repeat(CHANGE_NOTE_MAX + 1)).error?.issues[0]?.message).toBe(VERSION_MESSAGES.changeNoteTooLong);
  });
});
