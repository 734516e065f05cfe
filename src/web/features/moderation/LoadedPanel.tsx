import { useEffect, useState, type ReactNode } from 'react';

import { ApiError } from '@/lib/api-client.js';

type LoadState<Value> = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'loaded'; value: Value };

/**
 * A panel fetched when it opens (a post's history, its decision trail): "Loading …" meanwhile, the
 * reason when it failed, and the loaded value drawn by `children`. `loadKey` says when to fetch again.
 */
export function LoadedPanel<Value>({
  load,
  loadKey,
  what,
  children,
}: {
  load: (signal: AbortSignal) => Promise<Value>;
  loadKey: string;
  /** What is loaded, as the sentences say it: "the history". */
  what: string;
  children: (value: Value) => ReactNode;
}) {
  const [state, setState] = useState<LoadState<Value>>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    load(controller.signal).then(
      (value) => setState({ phase: 'loaded', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', message: error instanceof ApiError || error instanceof Error ? error.message : 'Please try again.' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is a new function on every render of the caller; loadKey says what it loads.
  }, [loadKey]);

  if (state.phase === 'loading') {
    return (
      <p className="history-panel__note" role="status">
        Loading {what}…
      </p>
    );
  }
  if (state.phase === 'failed') {
    return (
      <p className="form-alert form-alert--danger" role="alert">
        Could not load {what}: {state.message}
      </p>
    );
  }
  return <>{children(state.value)}</>;
}
