import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React hydrates a server-rendered page (rendered for nobody in particular), true on
 * every render after: marks of the signed-in viewer must not appear in the hydrating render, or a
 * session that arrives midway makes the HTML differ from the server's (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
