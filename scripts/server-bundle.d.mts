/** Where the server's bundle is written (scripts/server-bundle.mjs). */
export const SERVER_BUNDLE: string;
/** Bundles src/api/server.ts into SERVER_BUNDLE. */
export function bundleServer(): Promise<void>;
