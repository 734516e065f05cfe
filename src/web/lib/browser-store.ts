import { startTransition, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Wraps the hydrated app: its effect runs once the page's first commit is done (a parent's effects
 * run after its children's), and then calls `onHydrated`. A wrapper, not a sibling: a second child
 * at the root would change the ids useId derives from the tree, and they would no longer match the
 * server's.
 */
export function HydratingRoot({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }): ReactNode {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** The subscription of a value that never changes while the page is open. */
export const neverNotifies = () => () => undefined;
const drawsOnServer = () => true;

/**
 * Whether React hydrates this component from the server's page: useSyncExternalStore's server
 * snapshot is what React reads whenever it hydrates, a Suspense boundary's content after the page's
 * first commit included. The browser's snapshot then repeats what the component was first drawn
 * with: a different one would make React draw it once more at once, in one blocking task (on a
 * template page, every card of its two lists).
 */
function useDrawnByServer(): boolean {
  const firstDrawnByServer = useRef<boolean | undefined>(undefined);
  const drawnByServer = useSyncExternalStore(neverNotifies, () => firstDrawnByServer.current ?? false, drawsOnServer);
  // A layout effect: React compares the snapshots in a passive effect, after this.
  useLayoutEffect(() => {
    firstDrawnByServer.current ??= drawnByServer;
  }, [drawnByServer]);
  return drawnByServer;
}

/**
 * A value held outside React (the session, dismissed banners, the window's width) as a component
 * draws it. While a server-rendered page hydrates (and on the server), the first render draws
 * `serverSnapshot`, exactly what the server drew, so hydration always matches; the browser's own
 * value follows in a transition, which React draws in slices between which the browser stays
 * responsive. useSyncExternalStore would redraw every reader in one blocking task instead — on the
 * home page, the whole page at once. A component mounted later starts from the browser's value.
 * Every later change also goes in a transition.
 */
export function useBrowserStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  const drawnByServer = useDrawnByServer();
  const [value, setValue] = useState(() => (drawnByServer ? serverSnapshot : getSnapshot()));
  useLayoutEffect(() => {
    // Also catches a change between this component's render and its subscription.
    const current = getSnapshot();
    startTransition(() => setValue(() => current));
    return subscribe(() => {
      const changed = getSnapshot();
      startTransition(() => setValue(() => changed));
    });
  }, [subscribe, getSnapshot]);
  return value;
}
