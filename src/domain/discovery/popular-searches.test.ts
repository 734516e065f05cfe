import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import type { PopularSearchRemoved } from './events.js';
import { popularSearchRemovalsDecider } from './popular-searches.js';

const spec = deciderSpec(popularSearchRemovalsDecider);
const remove = (term: string) => ({ type: 'RemovePopularSearch' as const, data: { term, removedBy: 'admin-1' } });
const removed = (term: string): PopularSearchRemoved => ({ type: 'PopularSearchRemoved', data: { term, removedBy: 'admin-1' } });

describe('popular search removals', () => {
  it('removes a term as searches store it (normalised), once', () => {
    spec
      .given([])
      .when(remove('  Buy CHEAP   followers '))
      .then([removed('buy cheap followers')]);
    spec
      .given([removed('buy cheap followers')])
      .when(remove('buy cheap followers'))
      .then([]);
  });

  it('refuses a blank term', () => {
    spec.given([]).when(remove('   ')).thenThrows('invalid');
  });
});
