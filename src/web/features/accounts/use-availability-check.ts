import { useEffect, useState } from 'react';

import type { AvailabilityAnswer } from './api.js';

/** Pause after the last keystroke before asking the server whether a name or address is free. */
export const AVAILABILITY_CHECK_DELAY_MS = 500;

export type AvailabilityState =
  | { status: 'idle' }
  | { status: 'checking'; value: string }
  | { status: 'answered'; value: string; answer: AvailabilityAnswer }
  | { status: 'failed'; value: string };

/**
 * Asks `check` about `value` once typing pauses, while `enabled` (the value passed the local rules).
 * A newer value cancels the request for an older one, so an answer always belongs to the shown value.
 */
export function useAvailabilityCheck(
  value: string,
  enabled: boolean,
  check: (value: string, signal: AbortSignal) => Promise<AvailabilityAnswer>,
): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ status: 'idle' });

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'checking', value });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      check(value, controller.signal).then(
        (answer) => setState({ status: 'answered', value, answer }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Availability check failed', error);
          setState({ status: 'failed', value });
        },
      );
    }, AVAILABILITY_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, enabled, check]);

  return state;
}
