import { AssertionError } from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from './decider-spec.js';
import { DomainError, type Decider, type DomainEvent } from './events.js';

/** A counter that refuses to go above 2 and fails oddly on 'explode'. */
type Counted = DomainEvent<'Counted', { n: number }>;
type Count = { type: 'Count' } | { type: 'Explode' };
const counter: Decider<{ n: number }, Count, Counted> = {
  initialState: () => ({ n: 0 }),
  evolve: (_state, event) => ({ n: event.data.n }),
  decide: (command, state) => {
    if (command.type === 'Explode') throw new TypeError('boom');
    if (state.n >= 2) throw new DomainError('conflict', 'Too many');
    return [{ type: 'Counted', data: { n: state.n + 1 } }];
  },
};
const counted = (n: number): Counted => ({ type: 'Counted', data: { n } });
const spec = deciderSpec(counter);

describe('decider spec helper', () => {
  it('folds the given events before deciding', () => {
    spec
      .given([])
      .when({ type: 'Count' })
      .then([counted(1)]);
    spec
      .given([counted(1)])
      .when({ type: 'Count' })
      .then([counted(2)]);
    spec
      .given([counted(1), counted(2)])
      .when({ type: 'Count' })
      .thenThrows('conflict', 'Too many');
    spec
      .given([counted(2)])
      .when({ type: 'Count' })
      .thenThrows('conflict', /many/);
  });

  it('fails when the events differ', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'Count' })
        .then([counted(2)]),
    ).toThrow(AssertionError);
    expect(() => spec.given([]).when({ type: 'Count' }).then([])).toThrow(AssertionError);
  });

  it('fails then() when decide throws', () => {
    expect(() =>
      spec
        .given([counted(2)])
        .when({ type: 'Count' })
        .then([]),
    ).toThrow(/decide threw DomainError: Too many/);
  });

  it('fails thenThrows() when decide returns events, throws another kind, message or error type', () => {
    expect(() => spec.given([]).when({ type: 'Count' }).thenThrows('conflict')).toThrow(/but decide returned/);
    expect(() =>
      spec
        .given([counted(2)])
        .when({ type: 'Count' })
        .thenThrows('not_found'),
    ).toThrow(AssertionError);
    expect(() =>
      spec
        .given([counted(2)])
        .when({ type: 'Count' })
        .thenThrows('conflict', 'Too few'),
    ).toThrow(AssertionError);
    expect(() =>
      spec
        .given([counted(2)])
        .when({ type: 'Count' })
        .thenThrows('conflict', /few/),
    ).toThrow(AssertionError);
    expect(() => spec.given([]).when({ type: 'Explode' }).thenThrows('conflict')).toThrow(
      /Expected a DomainError, but decide threw TypeError: boom/,
    );
  });
});
