import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; value: T };

/** Loads `fetch` on mount and whenever `fetch` changes (memoise it on its inputs); `reload` fetches again. */
export function useLoad<T>(fetch: (signal: AbortSignal) => Promise<T>): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetch(controller.signal).then(
      (value) => setState({ phase: 'loaded', value }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [fetch, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { state, reload };
}
