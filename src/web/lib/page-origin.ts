import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * The site's origin for absolute links (share links): '' on the server, which renders them relative,
 * and the browser's right after hydration (reading it during hydration would not match the server's page).
 */
export function usePageOrigin(): string {
  return useSyncExternalStore(neverChanges, () => window.location.origin, () => '');
}
