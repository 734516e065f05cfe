import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_MAX_WORD_LENGTH } from './constants.js';
import { searchDecider } from './decider.js';
import type { SearchPerformed } from './events.js';
import { matchesNoTemplate, normaliseSearchText, searchTextProblem, searchWords } from './search-text.js';

const spec = deciderSpec(searchDecider);
const record = (searchTerm: string) => ({
  type: 'RecordSearch' as const,
  data: { searchId: 's-1', searchTerm, userId: 'u-1', searcher: null, foundPosts: false },
});
const performed = (searchTerm: string): SearchPerformed => ({
  type: 'SearchPerformed',
  data: { searchId: 's-1', searchTerm, userId: 'u-1', searcher: null, foundPosts: false },
});

describe('search analytics decider', () => {
  it('records a search with its term normalised', () => {
    spec
      .given([])
      .when(record('  Budget   TRACKER '))
      .then([performed('budget tracker')]);
  });

  it('records a search once, however often the command repeats', () => {
    spec
      .given([performed('budget')])
      .when(record('budget'))
      .then([]);
  });

  it('refuses blank and overlong terms', () => {
    spec.given([]).when(record('   ')).thenThrows('invalid', 'searchTerm must not be empty');
    spec
      .given([])
      .when(record('x'.repeat(SEARCH_MAX_QUERY_LENGTH + 1)))
      .thenThrows('invalid', /at most/);
  });

  it('counts an emoji as one character: a term of the limit in emoji is recorded, one more refused (as the API and search page do)', () => {
    const atLimit = '😀'.repeat(SEARCH_MAX_QUERY_LENGTH);
    expect(searchTextProblem(atLimit)).toBeNull();
    expect(searchTextProblem(`${atLimit}😀`)).not.toBeNull();
    spec
      .given([])
      .when(record(atLimit))
      .then([performed(atLimit)]);
    spec
      .given([])
      .when(record(`${atLimit}😀`))
      .thenThrows('invalid', /at most/);
  });
});

describe('search text', () => {
  it('normalises case and blanks', () => {
    expect(normaliseSearchText('\tNotion  Budget\nTracker ')).toBe('notion budget tracker');
  });

  it('keeps only words: operators, quotes, backslashes and SQL are separators', () => {
    expect(searchWords(`"budget" AND NOT tracker:x -y \\ '; drop table templates; --`)).toEqual([
      'budget',
      'and',
      'not',
      'tracker',
      'x',
      'y',
      'drop',
      'table',
    ]);
    expect(searchWords('Café déjà-vu 2024')).toEqual(['café', 'déjà', 'vu', '2024']);
    expect(searchWords('!!! ---')).toEqual([]);
    expect(searchWords(`budget ${'x'.repeat(41)} tracker`)).toEqual(['budget', 'tracker']);
    expect(normaliseSearchText('a\u0000b')).toBe('a b');
  });

  it('finds nothing for text whose every word is too long to be indexed, or that has no word at all (emoji, punctuation), and everything for no text', () => {
    const overlong = 'q'.repeat(SEARCH_MAX_WORD_LENGTH + 1);
    expect(matchesNoTemplate(overlong)).toBe(true);
    expect(matchesNoTemplate(`${overlong} ${overlong}!`)).toBe(true);
    expect(matchesNoTemplate('q'.repeat(SEARCH_MAX_WORD_LENGTH))).toBe(false);
    expect(matchesNoTemplate(`budget ${overlong}`)).toBe(false);
    expect(matchesNoTemplate('!!! ---')).toBe(true);
    expect(matchesNoTemplate('🎉🎉')).toBe(true);
    expect(matchesNoTemplate('🎉 budget')).toBe(false);
    expect(matchesNoTemplate('')).toBe(false);
    expect(matchesNoTemplate(' \t\n')).toBe(false);
  });
});
