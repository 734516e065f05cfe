// The server as one ES module (its own code; packages stay in node_modules): `npm start` and the
// browser tests run it, so a start does not compile some 400 TypeScript modules one by one through tsx
// (a start to a healthy server took 8 s that way, 5 s from the bundle). It sits two folders down,
// as src/api/server.ts does, so the paths the server resolves from its own place hold (src/api/repo-root.ts).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundle is written. */
export const SERVER_BUNDLE = fileURLToPath(new URL('../dist/api/server.mjs', import.meta.url));

/** Bundles src/api/server.ts into SERVER_BUNDLE, with a source map (run it with --enable-source-maps: stack traces then name the sources). */
export async function bundleServer() {
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ['src/api/server.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
