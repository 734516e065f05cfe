// The server and the operator commands bundled (their own code; packages stay in node_modules):
// `npm start`, `npm run projections|analytics|users|seed` and the tests run the bundles, so a start does
// not compile some 400 TypeScript modules one by one through tsx (a start to a healthy server took 8 s
// that way, 5 s from the bundle; `npm run analytics` 6.5 s, 4.0 s). Each entry sits two folders down, as
// its source does, and so do the chunks (dist/chunks/), so the paths the code resolves from its own
// place hold (src/api/repo-root.ts).
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = 'src/api/server.ts';

/** The operator commands of package.json's scripts, by script name. */
export const OPERATOR_COMMANDS = {
  projections: 'src/cli/projections.ts',
  analytics: 'src/cli/analytics.ts',
  users: 'src/cli/users.ts',
  seed: 'src/cli/seed.ts',
  audit: 'src/cli/audit.ts',
};

/** Where the bundle of `entry` (a path under src/) is written: the same path under dist/, as .mjs. */
export function bundlePath(entry) {
  return fileURLToPath(new URL(`../${entry.replace(/^src\//u, 'dist/').replace(/\.ts$/u, '.mjs')}`, import.meta.url));
}

/** Where the server's bundle is written. */
export const SERVER_BUNDLE = bundlePath(SERVER_ENTRY);

/**
 * Bundles `entry` into bundlePath(entry), with a source map (run it with --enable-source-maps: stack
 * traces then name the sources). What the code imports only when it needs it (a command's whole app,
 * once its arguments pass) goes to chunks of its own under dist/chunks/, loaded then: in one file, every
 * package a chunk imports would load at start, and a mistyped command took 1.8 s to answer instead of
 * 0.4 s. Each file is written beside its place and renamed onto it, so a process starting the bundle
 * meanwhile (another test, another command) reads the old one or the new one, never half of one; chunks
 * are named by their content, so a new bundle never changes a chunk an older one loads.
 */
export async function bundle(entry) {
  const { outputFiles } = await build({
    absWorkingDir: REPO_ROOT,
    // Its paths resolve the web code's @/ and @domain/ imports (the server imports some web modules).
    tsconfig: 'tsconfig.json',
    entryPoints: [entry],
    outbase: 'src',
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // Chunks and maps before the entry that loads them.
  const entryFile = bundlePath(entry);
  for (const file of [...outputFiles].sort((a, b) => Number(a.path === entryFile) - Number(b.path === entryFile))) {
    await mkdir(dirname(file.path), { recursive: true });
    // A name of its own: bundles built at once (the tests' setup) can hold the same chunk.
    const written = `${file.path}.${randomUUID()}.tmp`;
    await writeFile(written, file.contents);
    await rename(written, file.path);
  }
}

/** Bundles src/api/server.ts into SERVER_BUNDLE. */
export function bundleServer() {
  return bundle(SERVER_ENTRY);
}

/** Ends esbuild's service process (some 55 MB resident), which would otherwise live as long as the caller. */
export function stopBundler() {
  return stop();
}
