// `npm start`: builds the web app when its sources are newer than the build, bundles the server, then
// becomes the server: this process runs the bundle, so nothing but the server stays resident (a launcher
// waiting on a server of its own, and esbuild's service, held 120 MB more at rest).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServer, SERVER_BUNDLE, stopBundler } from './bundles.mjs';

const builtIndex = 'dist/web/index.html';

function newestModification(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/domain'].map(newestModification).concat(statSync('vite.config.ts').mtimeMs);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < Math.max(...sources)) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Every start: it takes under a second, and the bundle is never older than the sources.
await bundleServer();
await stopBundler();
// NODE_ENV before any module loads: React's development build must never meet the production page renderer.
process.env.NODE_ENV ??= 'production';
// Stack traces name the sources, as `node --enable-source-maps` would.
process.setSourceMapsEnabled(true);
// The server's own SIGINT/SIGTERM handling applies: a terminal's Ctrl-C reaches this process once.
const { runServer } = await import(pathToFileURL(SERVER_BUNDLE).href);
await runServer();

// A supervisor that signals npm alone: npm passes the signal to its shell, which ends without passing it
// on, and this process would serve on with no parent. It stops as if signalled once its parent is gone,
// unless a signal reached it too (a terminal's Ctrl-C reaches every process of the group): seen twice
// in a row, so a signal arriving with the parent's end is handled first and not followed by a second.
const PARENT_CHECK_MS = 1_000;
const parent = process.ppid;
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (signalled = true));
let parentGoneBefore = false;
const parentWatch = setInterval(() => {
  const parentGone = process.ppid !== parent;
  if (parentGone && parentGoneBefore && !signalled) {
    clearInterval(parentWatch);
    process.kill(process.pid, 'SIGTERM');
  }
  parentGoneBefore = parentGone;
}, PARENT_CHECK_MS);
parentWatch.unref();
