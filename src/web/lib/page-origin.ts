import { neverNotifies, useBrowserStore } from './browser-store.js';

const browserOrigin = () => window.location.origin;

/**
 * The site's origin for absolute links (share links): '' on the server, which renders them relative,
 * and the browser's right after hydration (reading it during hydration would not match the server's page).
 */
export function usePageOrigin(): string {
  return useBrowserStore(neverNotifies, browserOrigin, '');
}
