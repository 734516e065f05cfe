import { AssertionError, deepStrictEqual } from 'node:assert/strict';
import { DomainError, type Decider, type DomainEvent } from './events.js';

/**
 * Given/when/then for deciders (docs/testing.md): the state is folded from `given` with
 * `evolve`, `decide` answers `when`, and `then` compares the answer. Pure and framework-free:
 * a mismatch throws an AssertionError (with actual/expected, so test runners show a diff).
 *
 *   spec.given([submitted]).when(approve).then([approved]);
 *   spec.given([]).when(approve).thenThrows('not_found', 'This post does not exist');
 */
export interface DeciderSpec<C, E extends DomainEvent> {
  given(events: readonly E[]): {
    when(command: C): {
      then(expected: readonly E[]): void;
      thenThrows(kind: DomainError['kind'], message?: string | RegExp): void;
    };
  };
}

export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>): DeciderSpec<C, E> {
  return {
    given(events) {
      return {
        when(command) {
          const decide = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected) {
              let actual: E[];
              try {
                actual = decide();
              } catch (error) {
                throw new AssertionError({
                  message: `Expected events, but decide threw ${describeError(error)}`,
                  actual: error,
                  expected,
                });
              }
              deepStrictEqual(actual, expected);
            },
            thenThrows(kind, message) {
              let decided: E[];
              try {
                decided = decide();
              } catch (error) {
                if (!(error instanceof DomainError)) {
                  throw new AssertionError({ message: `Expected a DomainError, but decide threw ${describeError(error)}`, actual: error });
                }
                deepStrictEqual(error.kind, kind, `Expected a ${kind} DomainError, got ${error.kind}: ${error.message}`);
                if (typeof message === 'string') deepStrictEqual(error.message, message);
                else if (message && !message.test(error.message)) {
                  throw new AssertionError({
                    message: `DomainError message does not match ${String(message)}`,
                    actual: error.message,
                    expected: message,
                  });
                }
                return;
              }
              throw new AssertionError({
                message: `Expected a ${kind} DomainError, but decide returned ${JSON.stringify(decided)}`,
                actual: decided,
                expected: kind,
              });
            },
          };
        },
      };
    },
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
