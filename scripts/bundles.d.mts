/** The operator commands of package.json's scripts, by script name (scripts/bundles.mjs). */
export const OPERATOR_COMMANDS: { projections: string; analytics: string; users: string; seed: string; audit: string };
/** Where the bundle of `entry` (a path under src/) is written. */
export function bundlePath(entry: string): string;
/** Where the server's bundle is written. */
export const SERVER_BUNDLE: string;
/** Bundles `entry` into bundlePath(entry). */
export function bundle(entry: string): Promise<void>;
/** Bundles src/api/server.ts into SERVER_BUNDLE. */
export function bundleServer(): Promise<void>;
