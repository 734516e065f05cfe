import { describe, expect, it } from 'vitest';
import { atMostCharacters, characterCount, clipToCharacters } from './characters.js';

describe('characterCount', () => {
  it('counts an emoji as one character, as a person does (its UTF-16 length is 2)', () => {
    expect('😀'.length).toBe(2);
    expect(characterCount('😀')).toBe(1);
    expect(characterCount('Plan 😀 sprints')).toBe(14);
    expect(characterCount('')).toBe(0);
    expect(characterCount('é')).toBe(1);
  });

  it('lets a limit of N take N emoji and refuse N+1', () => {
    expect(atMostCharacters(3)('😀😀😀')).toBe(true);
    expect(atMostCharacters(3)('😀😀😀😀')).toBe(false);
    expect(atMostCharacters(3)('abc')).toBe(true);
    expect(atMostCharacters(3)('abcd')).toBe(false);
  });

  it('clips typed text to N characters without splitting an emoji', () => {
    expect(clipToCharacters('😀😀😀😀', 3)).toBe('😀😀😀');
    expect(clipToCharacters('ab😀c', 3)).toBe('ab😀');
    expect(clipToCharacters('abc', 3)).toBe('abc');
  });
});
