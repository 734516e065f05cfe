import { startTransition, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/** True from the start of hydrating a server-rendered page until its first commit. */
let hydrating = false;

/** main.tsx: the page was rendered on the server and is about to be hydrated. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * Wraps the hydrated app: its effect runs once the page's first commit is done (a parent's effects
 * run after its children's), and then calls `onHydrated`. A wrapper, not a sibling: a second child
 * at the root would change the ids useId derives from the tree, and they would no longer match the
 * server's.
 */
export function HydratingRoot({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }): ReactNode {
  useEffect(() => {
    hydrating = false;
    onHydrated();
  }, [onHydrated]);
  return children;
}

/** The subscription of a value that never changes while the page is open. */
export const neverNotifies = () => () => undefined;
const isHydrating = () => hydrating;
const drawsOnServer = () => true;

/**
 * A value held outside React (the session, dismissed banners, the window's width) as a component
 * draws it. While a server-rendered page hydrates (and on the server), the first render draws
 * `serverSnapshot`, exactly what the server drew, so hydration always matches; the browser's own
 * value follows in a transition, which React draws in slices between which the browser stays
 * responsive. useSyncExternalStore would redraw every reader in one blocking task instead — on the
 * home page, the whole page at once. A component mounted later starts from the browser's value.
 * Every later change also goes in a transition.
 *
 * Whether the server drew this component is React's to say: a Suspense boundary's content hydrates
 * after the page's first commit, and useSyncExternalStore's server snapshot is what React reads
 * whenever it hydrates. (Such a late reader is drawn once more at once, with the same value.)
 */
export function useBrowserStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  const drawnByServer = useSyncExternalStore(neverNotifies, isHydrating, drawsOnServer);
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
