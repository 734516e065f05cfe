// `npm start`: builds the web app when its sources are newer than the build, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

// NODE_ENV before any module loads: React's development build must never meet the production page renderer.
const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/api/server.ts'], { stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
process.exit(server.status ?? 1);
