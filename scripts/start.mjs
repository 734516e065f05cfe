// `npm start`: builds the web app when its sources are newer than the build, bundles the server, then runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer, SERVER_BUNDLE } from './bundles.mjs';

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
// NODE_ENV before any module loads: React's development build must never meet the production page renderer.
// Its own process group: a terminal's Ctrl-C reaches it once, through this process, not twice.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
  detached: true,
});
// A signal sent to this process (a supervisor's SIGTERM) reaches the server, every time: the first stops
// it within its deadline, a second ends it at once. Without this the server outlived `npm start`.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
