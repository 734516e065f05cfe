// `npm test`, what CI runs: the static checks, then the suites. ESLint, Prettier and tsc each use one
// core (27, 28 and 48 s of CPU): side by side on 2 cores they take about 52 s instead of 103 s one
// after the other. Each one's output is printed whole when it ends, so none is interleaved. The suites then run one after
// the other as they always did, printing as they go: vitest, the web build, the browser suites (the
// unit suites run without a built web app, as on a fresh clone). The run stops at the first step that
// fails, with a non-zero exit code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Side by side, output held until each ends. */
const CHECKS = [
  ['eslint', '.'],
  ['prettier', '--check', '.'],
  ['tsc', '--noEmit'],
];
/** One after the other, output as it comes. */
const SUITES = [
  ['vitest', 'run'],
  ['vite', 'build'],
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts'],
];

/** Runs a package's command from node_modules/.bin; resolves with its exit code and, unless streamed, its output. */
function run([command, ...args], { streamed }) {
  const started = Date.now();
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin', command), args, {
    cwd: REPO_ROOT,
    stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(error.message);
      resolve({ code: 1, output, seconds: 0 });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }));
  });
}

const title = (step) => step.join(' ');

function stopOnFailure(step, code) {
  if (code === 0) return;
  console.error(`\n✗ ${title(step)} failed (exit code ${code})`);
  process.exit(code);
}

const checks = CHECKS.map(async (step) => {
  const { code, output, seconds } = await run(step, { streamed: false });
  console.log(`\n── ${title(step)} (${code === 0 ? 'passed' : 'failed'}, ${seconds.toFixed(0)} s)\n${output.trimEnd()}`);
  return { step, code };
});
for (const { step, code } of await Promise.all(checks)) stopOnFailure(step, code);

for (const step of SUITES) {
  console.log(`\n── ${title(step)}`);
  stopOnFailure(step, (await run(step, { streamed: true })).code);
}
