import { useCallback, useRef, useState } from 'react';

/** What every submit button says while its request is on its way. */
export const SENDING_LABEL = 'Sending…';

/** Where a form's request stands: not sent (or edited since), on its way, answered, refused. */
export type SubmissionStatus = 'idle' | 'pending' | 'done' | 'failed';

export type SubmissionOutcome<Answer> = { ok: true; answer: Answer } | { ok: false; failure: unknown };

export interface Submission {
  status: SubmissionStatus;
  pending: boolean;
  /** What went wrong with the last request, in the words `messageOf` gives it; null when nothing did. */
  error: string | null;
  /** The last request's failure as caught (a form may tell a 429 from the rest). */
  failure: unknown;
  /** Sends once at a time: a submit while one is on its way is ignored (it resolves to null). */
  submit<Answer>(send: () => Promise<Answer>): Promise<SubmissionOutcome<Answer> | null>;
  /** Back to idle, the error gone (the person edited the form, or it closed); a pending request stays pending. */
  reset(): void;
}

/**
 * The state of a form's request, the same in every form: pending while it is on its way, then done
 * or failed with a message. `messageOf` words a failure for the person (null says nothing).
 */
export function useSubmission(messageOf: (failure: unknown) => string | null): Submission {
  const [state, setState] = useState<{ status: SubmissionStatus; failure: unknown }>({ status: 'idle', failure: null });
  const sending = useRef(false);

  const submit = useCallback(async <Answer>(send: () => Promise<Answer>): Promise<SubmissionOutcome<Answer> | null> => {
    if (sending.current) return null;
    sending.current = true;
    setState({ status: 'pending', failure: null });
    try {
      const answer = await send();
      setState({ status: 'done', failure: null });
      return { ok: true, answer };
    } catch (failure) {
      setState({ status: 'failed', failure });
      return { ok: false, failure };
    } finally {
      sending.current = false;
    }
  }, []);

  // An edit while the request is on its way leaves it pending: the answer decides.
  const reset = useCallback(() => setState((current) => (current.status === 'pending' ? current : { status: 'idle', failure: null })), []);

  return {
    status: state.status,
    pending: state.status === 'pending',
    error: state.status === 'failed' ? messageOf(state.failure) : null,
    failure: state.failure,
    submit,
    reset,
  };
}
